import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { aboutRepeatsLead, Overview, type OverviewTool } from "./static-parts.tsx";

/** Issue 36 item 2: the head shows the listing's one line; "About" does not repeat it. */
const tool = (over: Partial<OverviewTool> = {}): OverviewTool => ({
  name: "Midjourney",
  description: "An independent research lab exploring new mediums of thought.",
  full_description: "An independent research lab exploring new mediums of thought.",
  tags: ["Image"],
  editorial_summary: "An image generator that turns text prompts into pictures. For illustrators. Paid plans.",
  editorial_summary_verified_at: "2026-11-26T00:00:00Z",
  ...over,
});
const html = (t: OverviewTool) =>
  renderToStaticMarkup(createElement(MemoryRouter, null, createElement(Overview, { tool: t, useCases: [] })));

describe("the overview's About section", () => {
  it("is left out when the source's long text is the head's one line, and the summary says where the source text is", () => {
    expect(aboutRepeatsLead(tool(), [])).toBe(true);
    const out = html(tool());
    expect(out).not.toContain("About Midjourney");
    expect(out).not.toContain("An independent research lab");
    expect(out).toContain("The line under Midjourney’s name is the listing’s source text.");
  });

  it("is kept when the long text says more, or when nothing else would fill the overview", () => {
    const longer = tool({ full_description: "An independent research lab. It makes an image generator." });
    expect(aboutRepeatsLead(longer, [])).toBe(false);
    expect(html(longer)).toContain("About Midjourney");
    expect(html(longer)).toContain("The text under “About Midjourney” is the listing’s source text.");
    const bare = tool({ tags: [], editorial_summary: null });
    expect(aboutRepeatsLead(bare, [])).toBe(false);
    expect(html(bare)).toContain("An independent research lab");
    expect(aboutRepeatsLead(bare, ["Concept art"])).toBe(true);
  });
});
