import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FACT_COLUMNS } from "../../server/modules/catalog/fact-fields.ts";
import { sourceFiles } from "../helpers/scan.ts";

/**
 * One writer per fact (issues 20 and 37): a fact column of `tools` is written only by
 * server/modules/catalog/facts.ts (applyToolFacts and its batched variant; recordNewTools' callers
 * insert new rows), which records provenance and history in the same transaction — maker edits,
 * enrichment, the graveyard, bundled logos and merges included. This scan fails when other code
 * updates a fact column directly — `update(tools).set({ pricingModel: … })`, a `.set(variable)` on
 * tools, or `UPDATE tools SET pricing_model = …`.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

/** file → why it may write a fact column itself (each still records the change in the same transaction). */
const ALLOWED: Record<string, string> = {
  "server/modules/catalog/facts.ts": "the one recorded path (applyToolFacts, applyToolFactsBatch)",
};

const camel = Object.values(FACT_COLUMNS) as string[];
const snake = camel.map((c) => c.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`));

/** The argument of `.set(` after an update of tools: an object literal's keys, or a variable. */
function factWrites(text: string): string[] {
  const found: string[] = [];
  // `tools`, or the name it is imported under (`import { tools as toolsTable } from "./tables.ts"`).
  const names = ["tools", ...[...text.matchAll(/\btools as (\w+)/g)].map((m) => m[1])].join("|");
  const drizzle = new RegExp(`update\\(\\s*(?:schema\\.)?(?:${names})\\s*\\)\\s*\\.set\\(\\s*`, "g");
  for (let m = drizzle.exec(text); m; m = drizzle.exec(text)) {
    const rest = text.slice(m.index + m[0].length);
    if (!rest.startsWith("{")) {
      found.push(`.set(${rest.slice(0, 30).split(")")[0]})`);
      continue;
    }
    let depth = 0;
    let end = 0;
    for (; end < rest.length; end++) {
      if (rest[end] === "{") depth++;
      else if (rest[end] === "}" && --depth === 0) break;
    }
    const body = rest.slice(0, end + 1);
    for (const column of camel) if (new RegExp(`\\b${column}\\b`).test(body)) found.push(column);
  }
  const raw = /UPDATE\s+tools\b(?:\s+\w+)?\s+SET\s+([\s\S]*?)(?:\bWHERE\b|`)/gi;
  for (let m = raw.exec(text); m; m = raw.exec(text)) {
    const set = m[1] ?? "";
    if (/^\s*\$\{/.test(set)) found.push("a dynamic SET");
    for (const column of snake) if (new RegExp(`(^|[\\s,])${column}\\s*=`).test(set)) found.push(column);
  }
  return found;
}

describe("fact columns of tools are written only through catalog/facts.ts", () => {
  it("the scan finds what it must (so it can fail)", () => {
    expect(factWrites("await tx.update(tools).set({ pricingModel: 'paid' }).where(x)")).toEqual(["pricingModel"]);
    expect(factWrites("tx.update(schema.tools).set(update)")).toEqual([".set(update)"]);
    expect(factWrites('import { tools as t } from "./tables.ts"; tx.update(t).set({ description: d })')).toEqual([
      "description",
    ]);
    expect(factWrites("sql`UPDATE tools SET description = ${v} WHERE id = 1`")).toEqual(["description"]);
    expect(factWrites("sql`UPDATE tools t SET rating = s.rating WHERE`")).toEqual([]);
    expect(factWrites("sql`UPDATE tools SET ${setFor(f, v)} WHERE id = 1`")).toEqual(["a dynamic SET"]);
    expect(factWrites("tx.update(tools).set({ lastVerifiedAt: now })")).toEqual([]);
  });

  it("no file outside the allow-list writes one", () => {
    const offenders: string[] = [];
    for (const file of [...sourceFiles(path.join(ROOT, "server")), ...sourceFiles(path.join(ROOT, "app"))]) {
      const rel = path.relative(ROOT, file).split(path.sep).join("/");
      if (ALLOWED[rel]) continue;
      const writes = factWrites(readFileSync(file, "utf8"));
      if (writes.length) offenders.push(`${rel}: ${writes.join(", ")}`);
    }
    expect(offenders).toEqual([]);
  });
});
