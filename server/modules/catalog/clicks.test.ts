import { describe, expect, it } from "vitest";
import { GoParams, ToolClickInput } from "./clicks.ts";

describe("GoParams", () => {
  it("defaults to the website and an unknown source", () => {
    expect(GoParams.parse({})).toEqual({ to: "website", source: "unknown" });
  });
  it("keeps a known source and maps anything else to 'unknown'", () => {
    expect(GoParams.parse({ to: "demo", source: "Detail" })).toEqual({ to: "demo", source: "detail" });
    expect(GoParams.parse({ source: "javascript:alert(1)" }).source).toBe("unknown");
  });
  it("rejects a target that is not one of the tool's links", () => {
    const r = GoParams.safeParse({ to: "https://evil.example/" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("to must be one of: website, demo, deal");
  });
});

describe("ToolClickInput", () => {
  it("reads both spellings of the id", () => {
    expect(ToolClickInput.parse({ toolId: "midjourney", type: "affiliate" })).toMatchObject({
      idOrSlug: "midjourney",
      type: "affiliate",
      source: "unknown",
    });
    expect(
      ToolClickInput.parse({ tool_id: "6f1c2d3e-1234-4abc-8def-0123456789ab", source: "tool-of-the-day" }),
    ).toMatchObject({ idOrSlug: "6f1c2d3e-1234-4abc-8def-0123456789ab", source: "tool-of-the-day" });
  });
  it("requires an id that looks like a tool id or slug", () => {
    for (const body of [{}, { toolId: "" }, { toolId: "a b" }, { toolId: "../x" }, { toolId: 7 }]) {
      expect(ToolClickInput.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});
