import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../helpers/scan.ts";

/**
 * Raw SQL against typed statements, per module (issue 37 item 4: "typed Drizzle statements for plain
 * CRUD; raw SQL kept where it is the better tool — search, ranking, reports"). A raw statement is a
 * `sql` template that starts with SELECT, INSERT, UPDATE, DELETE or WITH; a typed one is a Drizzle
 * builder call on a database or transaction (`db.select(`, `tx.insert(`, `tx.update(`, `db.delete(`;
 * module code names them `db` and `tx`). The ceilings below
 * are each module's raw count when it was last lowered: a module may not add raw statements, so new
 * plain CRUD is written typed. Lower a ceiling when a change converts statements (the failure message
 * gives the new count); the list only shrinks.
 */
const MODULES = path.resolve(import.meta.dirname, "../../server/modules");

const RAW_CEILING: Record<string, number> = {
  accounts: 13,
  admin: 14,
  billing: 8,
  catalog: 131,
  community: 47,
  content: 14,
  exports: 7,
  growth: 21,
  insights: 7,
  linkcheck: 10,
  logos: 1,
  makers: 3,
  observer: 4,
  personal: 1,
  submissions: 11,
  syndication: 6,
};

const RAW = /sql`\s*(?:SELECT|INSERT|UPDATE|DELETE|WITH)\b/g;
const TYPED = /\b(?:db|tx)\s*\.(?:select|selectDistinct|insert|update|delete)\(/g;

function census(text: string): { raw: number; typed: number } {
  return { raw: text.match(RAW)?.length ?? 0, typed: text.match(TYPED)?.length ?? 0 };
}

function countByModule(): Map<string, { raw: number; typed: number }> {
  const out = new Map<string, { raw: number; typed: number }>();
  for (const file of sourceFiles(MODULES)) {
    const module = path.relative(MODULES, file).split(path.sep)[0] as string;
    const sum = out.get(module) ?? { raw: 0, typed: 0 };
    const one = census(readFileSync(file, "utf8"));
    out.set(module, { raw: sum.raw + one.raw, typed: sum.typed + one.typed });
  }
  return out;
}

describe("raw SQL census", () => {
  it("the count sees what it counts", () => {
    expect(census("await tx.execute(sql`UPDATE deals SET x = 1`);")).toEqual({ raw: 1, typed: 0 });
    expect(census("queryRows(db, sql`\n  WITH a AS (SELECT 1) SELECT * FROM a`, Row)")).toEqual({ raw: 1, typed: 0 });
    expect(census("sql`coalesce(published_at, now())`")).toEqual({ raw: 0, typed: 0 });
    expect(census("await tx.update(betaPrograms).set({ active }).where(eq(betaPrograms.id, id));")).toEqual({
      raw: 0,
      typed: 1,
    });
    expect(census("db.select({ id: deals.id }).from(deals); seen.delete(key);")).toEqual({ raw: 0, typed: 1 });
  });

  it("no module writes more raw statements than its ceiling", () => {
    const counts = countByModule();
    const over: string[] = [];
    const lower: string[] = [];
    for (const [module, { raw }] of counts) {
      const ceiling = RAW_CEILING[module];
      if (ceiling === undefined) over.push(`${module}: a new module, add it to RAW_CEILING with ${raw}`);
      else if (raw > ceiling) over.push(`${module}: ${raw} raw statements, its ceiling is ${ceiling}`);
      else if (raw < ceiling) lower.push(`${module}: ${ceiling} → ${raw}`);
    }
    expect(
      over,
      "write the new statements with Drizzle's builder, or keep raw SQL where it is the better tool",
    ).toEqual([]);
    expect(lower, "lower these ceilings in tests/unit/sql-census.test.ts (the list only shrinks)").toEqual([]);
  });
});
