import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../helpers/scan.ts";

/**
 * Tables owned by modules (issue 37 item 4, ADR 0091). Each table is defined in its owner's tables file
 * (`server/modules/<name>/tables.ts` or `<topic>-tables.ts`; the platform's in platform/db/tables.ts).
 * Any module may read another's tables through those files (they are the declared read model); only the
 * owner writes them. A write is an INSERT INTO / UPDATE / DELETE FROM in raw SQL, or Drizzle's
 * `.insert(t)`, `.update(t)`, `.delete(t)` (under the name the table is imported as). The writes by
 * another module that remain are listed below with the reason; the list only shrinks: move such a
 * write behind the owner's use case, then take its line off.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const MODULES = path.join(ROOT, "server/modules");
const PLATFORM_TABLES = path.join(ROOT, "server/platform/db/tables.ts");

/** "writer → table": why that module still writes a table it does not own. */
const FOREIGN_WRITES: Record<string, string> = {
  "admin → users":
    "suspending or restoring a member (admin/suspend-user.ts, admin/reactivate-user.ts), in the admin's audited transaction",
  "admin → sessions": "a suspension ends the member's sessions in the same transaction",
  "billing → user_profiles":
    "a payment or a lapse sets the member's tier (billing/tier.ts), in the payment's transaction",
  "catalog → tool_submissions": "a merge and a category's retirement repoint the pending submissions",
  "catalog → daily_tool_views": "a merge moves the merged tool's rows onto the kept one (merge-steps)",
  "catalog → saved_tools": "a merge moves the merged tool's rows onto the kept one (merge-steps)",
  "catalog → tool_link_status": "a merge moves the merged tool's rows onto the kept one (merge-steps)",
  "catalog → tool_view_days": "a merge moves the merged tool's rows onto the kept one (merge-steps)",
  "community → feedback": "the feedback form's insert; admin owns the table (it triages it)",
  "community → tools": "the review aggregate (rating, review_count, rating_score) denormalised onto tools for ranking",
  "community → user_profiles": "a verified company e-mail marks the profile (community/verification.ts)",
  "linkcheck → tools": "a passing link check sets last_verified_at (not a fact column; fact-writes.test.ts)",
  "logos → tool_images": "bundled logos are stored where the link checker keeps fetched icons",
  "personal → member_badges": "the member's page marks new badges as seen",
  "submissions → tools": "an approved submission verifies its tool (is_verified, last_verified_at)",
};

type Table = { name: string; ident: string; owner: string };

function tables(): Table[] {
  const files: [string, string][] = [[PLATFORM_TABLES, "platform"]];
  for (const module of readdirSync(MODULES))
    for (const name of readdirSync(path.join(MODULES, module)))
      if (name === "tables.ts" || name.endsWith("-tables.ts")) files.push([path.join(MODULES, module, name), module]);
  return files.flatMap(([file, owner]) =>
    [...readFileSync(file, "utf8").matchAll(/^export const (\w+) = pgTable\(\s*"(\w+)"/gm)].map((m) => ({
      ident: m[1] as string,
      name: m[2] as string,
      owner,
    })),
  );
}

/** The tables a source text writes: raw statements by name (or `${ident}`), builder calls by identifier. */
function writesIn(text: string, all: Table[]): string[] {
  const byName = new Map(all.map((t) => [t.name, t]));
  const byIdent = new Map(all.map((t) => [t.ident, t]));
  // An import under another name (`payments as paymentsTable`) writes the same table.
  for (const m of text.matchAll(/\b(\w+) as (\w+)\b/g)) {
    const t = byIdent.get(m[1] as string);
    if (t) byIdent.set(m[2] as string, t);
  }
  const found = new Set<string>();
  for (const m of text.matchAll(/\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:"?(\w+)"?|\$\{(\w+)\})/g)) {
    const t = m[1] ? byName.get(m[1]) : byIdent.get(m[2] as string);
    if (t) found.add(t.name);
  }
  for (const m of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const t = byIdent.get(m[1] as string);
    if (t) found.add(t.name);
  }
  return [...found].sort();
}

function foreignWrites(): Map<string, string[]> {
  const all = tables();
  const owner = new Map(all.map((t) => [t.name, t.owner]));
  const out = new Map<string, string[]>();
  for (const module of readdirSync(MODULES))
    for (const file of sourceFiles(path.join(MODULES, module))) {
      if (/(^|-)tables\.ts$/.test(path.basename(file))) continue;
      for (const table of writesIn(readFileSync(file, "utf8"), all)) {
        if (owner.get(table) === module) continue;
        const key = `${module} → ${table}`;
        out.set(key, [...(out.get(key) ?? []), path.relative(ROOT, file)]);
      }
    }
  return out;
}

describe("tables owned by modules", () => {
  it("the scan sees what it counts", () => {
    const all: Table[] = [
      { name: "tools", ident: "tools", owner: "catalog" },
      { name: "payments", ident: "payments", owner: "billing" },
    ];
    expect(writesIn("sql`UPDATE tools SET x = 1`", all)).toEqual(["tools"]);
    expect(writesIn(["sql`INSERT INTO $", "{tools} (id) VALUES (1)`"].join(""), all)).toEqual(["tools"]);
    expect(writesIn("tx.delete(payments).where(x)", all)).toEqual(["payments"]);
    expect(writesIn('import { payments as p } from "./tables.ts"; tx.update(p).set({})', all)).toEqual(["payments"]);
    expect(writesIn("sql`SELECT * FROM tools FOR UPDATE`; db.select().from(tools)", all)).toEqual([]);
  });

  it("every table has one owner, and each table's name is defined once", () => {
    const all = tables();
    expect(all.length).toBeGreaterThan(100);
    const names = all.map((t) => t.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it("no module writes another module's table beyond the listed ones (the list only shrinks)", () => {
    const found = foreignWrites();
    const unlisted = [...found].filter(([key]) => !(key in FOREIGN_WRITES)).map(([k, files]) => `${k}: ${files}`);
    expect(unlisted, "write through the owner's use case, or list it with the reason").toEqual([]);
    const stale = Object.keys(FOREIGN_WRITES).filter((key) => !found.has(key));
    expect(stale, "these writes are gone: take them off FOREIGN_WRITES").toEqual([]);
  });
});
