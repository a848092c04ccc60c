import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { breakAfterDots } from "./tool-card";

const html = (name: string) => renderToStaticMarkup(createElement(Fragment, null, breakAfterDots(name)));

describe("a tool card's title", () => {
  it("lets a name that is a web address wrap after its dots, not inside a word", () => {
    expect(html("SummaryTube.com")).toBe("SummaryTube.<wbr/>com");
    expect(html("app.example.io")).toBe("app.<wbr/>example.<wbr/>io");
  });

  it("leaves other names as they are", () => {
    for (const name of ["ChatGPT", "St. Louis Notes", "Wait...", "Otter .ai"]) expect(html(name)).toBe(name);
  });
});
