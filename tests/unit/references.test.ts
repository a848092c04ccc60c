import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without type declarations
import { findBrokenReferences } from "../../scripts/check-references.mjs";

/**
 * Documents that stay true (ADR 0033): a Markdown file or a source comment that names a repository
 * path, a migration or an ADR that does not exist fails here (scripts/check-references.mjs).
 */
describe("named paths, migrations and ADRs exist", () => {
  it("in every document and comment of the repository", () => {
    expect(findBrokenReferences() as string[]).toEqual([]);
  });

  it("a document naming a missing file, migration or ADR is caught", () => {
    const dir = mkdtempSync(path.join(import.meta.dirname, "../../docs/.refs-check-"));
    try {
      writeFileSync(
        path.join(dir, "stale.md"),
        [
          "See `server/modules/catalog/no-such-file.ts` and migration 0999.",
          "The table came with 0017_no_such_name.sql (ADR 0999).",
          "Real ones pass: `server/modules/catalog/merge.ts`, migration 0017, ADR 0018, `platform/db/queue.ts`.",
        ].join("\n"),
      );
      const found = (findBrokenReferences() as string[]).filter((p) => p.includes(".refs-check-"));
      expect(found.map((p) => p.replace(/^.*stale\.md:/, ""))).toEqual([
        "1: no file server/modules/catalog/no-such-file.ts",
        "1: no migration 0999",
        "2: no migration 0017_no_such_name",
        "2: no ADR 0999",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("every ADR has the one header line, at most 400 words, and one row in the index", () => {
    const dir = path.join(import.meta.dirname, "../../docs/decisions");
    const adrs = readdirSync(dir).filter((f) => /^\d{4}-.*\.md$/.test(f));
    const index = readFileSync(path.join(dir, "README.md"), "utf8");
    const problems: string[] = [];
    for (const f of adrs) {
      const text = readFileSync(path.join(dir, f), "utf8");
      const head = text.split("\n").slice(0, 5);
      // one style (docs/decisions/TEMPLATE.md): "Date: YYYY-MM-DD · Status: …" on one line, no second Date or Status
      if (!head.some((l) => /^Date: \d{4}-\d{2}-\d{2} · Status: \S/.test(l)))
        problems.push(`${f}: no "Date: YYYY-MM-DD · Status: …" line in its first lines`);
      if (head.filter((l) => /^(Date|Status):/.test(l)).length !== 1) problems.push(`${f}: more than one header line`);
      const words = text.split(/\s+/).filter(Boolean).length;
      if (words > 400) problems.push(`${f}: ${words} words (at most 400; move the details to notes/${f})`);
      const rows = index.split(`(${f})`).length - 1;
      if (rows !== 1) problems.push(`${f}: listed ${rows} times in docs/decisions/README.md`);
    }
    for (const [, listed = ""] of index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g))
      if (!adrs.includes(listed)) problems.push(`docs/decisions/README.md lists ${listed}, which does not exist`);
    expect(problems).toEqual([]);
    expect(adrs.length).toBeGreaterThan(20);
  });

  it("the ADR template exists in the one header style, within the word limit", () => {
    const template = readFileSync(path.join(import.meta.dirname, "../../docs/decisions/TEMPLATE.md"), "utf8");
    expect(template).toMatch(/^Date: YYYY-MM-DD · Status: Accepted$/m);
    for (const section of ["## Context", "## Decision", "## Consequences"]) expect(template).toContain(section);
    expect(template.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(400);
  });
});
