import { describe, expect, it } from "vitest";
import { embedSnippets } from "./embed-snippets";

describe("embedSnippets", () => {
  it("links to the site's origin and escapes the tool's name in attributes", () => {
    const snippets = embedSnippets("https://toolscape.example", "my-tool", 'Tool "<x>" & co');
    expect(snippets.map((s) => s.label)).toHaveLength(5);
    for (const s of snippets) expect(s.code).toContain("https://toolscape.example/");
    const badge = snippets[0]?.code ?? "";
    expect(badge).toBe(
      '<a href="https://toolscape.example/tools/my-tool"><img src="https://toolscape.example/embed/tools/my-tool/badge.svg" alt="Tool &quot;&lt;x&gt;&quot; &amp; co on Toolscape" height="22"></a>',
    );
    expect(snippets[2]?.code).toBe(
      '[![Tool "<x>" & co on Toolscape](https://toolscape.example/embed/tools/my-tool/badge.svg)](https://toolscape.example/tools/my-tool)',
    );
    expect(snippets[3]?.code).toContain('src="https://toolscape.example/embed/tools/my-tool"');
  });
});
