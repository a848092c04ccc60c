import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAlternatives, refreshAlternatives } from "../../server/modules/catalog/index.ts";
import { type Database, queryRows, sql } from "../../server/platform/db/index.ts";
import { createTestDatabase } from "../helpers/db.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const tool = async (slug: string) => {
  const [row] = await queryRows<{ id: string; category_id: number; tags: string[] }>(
    database.db,
    sql`SELECT id, category_id, tags FROM tools WHERE slug = ${slug}`,
  );
  if (!row) throw new Error(`no tool ${slug}`);
  return row;
};

describe("getAlternatives", () => {
  it("without stored ones, returns tools of the same category, never the tool itself, ranked by shared tags first", async () => {
    const source = await tool("midjourney");
    // The live ranking (a gone tool, a database before the backfill): no stored rows for this tool.
    await database.db.execute(sql`DELETE FROM tool_alternatives WHERE tool_id = ${source.id}::uuid`);
    const alts = await getAlternatives(database.db, source.id, 6);
    expect(alts).toHaveLength(6);
    expect(alts.map((a) => a.id)).not.toContain(source.id);
    expect(new Set(alts.map((a) => a.category_id))).toEqual(new Set([source.category_id]));
    expect(new Set(alts.map((a) => a.id)).size).toBe(6);
    // Midjourney's only tag is shared by the best matches.
    expect(alts[0]?.shared_tags.map((t) => t.toLowerCase())).toEqual(source.tags.map((t) => t.toLowerCase()));
  });

  it("is deterministic and respects the limit", async () => {
    const source = await tool("getimg-ai");
    const a = await getAlternatives(database.db, source.id, 8);
    const b = await getAlternatives(database.db, source.id, 8);
    expect(a.map((t) => t.id)).toEqual(b.map((t) => t.id));
    expect(a).toHaveLength(8);
    const three = await getAlternatives(database.db, source.id, 3);
    expect(three.map((t) => t.id)).toEqual(a.slice(0, 3).map((t) => t.id));
    expect(await getAlternatives(database.db, source.id, 0)).toEqual([]);
  });

  it("puts tools the listing names first, from any category, once recomputed", async () => {
    const source = await tool("dreamlike");
    const chatgpt = await queryRows<{ name: string; category_id: number }>(
      database.db,
      sql`SELECT name, category_id FROM tools WHERE category_id <> ${source.category_id} AND status = 'active'
          ORDER BY lower(name) LIMIT 1`,
    );
    const other = chatgpt[0];
    if (!other) throw new Error("no tool in another category");
    await database.db.execute(
      sql`UPDATE tools SET alternatives = ARRAY[${other.name.toUpperCase()}, 'Not In The Catalogue', 'Midjourney', 'Dreamlike']
          WHERE id = ${source.id}::uuid`,
    );
    await refreshAlternatives(database.db, new Date(), [source.id]);
    const alts = await getAlternatives(database.db, source.id, 6);
    expect(new Set(alts.slice(0, 2).map((a) => a.name))).toEqual(new Set([other.name, "Midjourney"]));
    expect(alts.slice(0, 2).every((a) => a.named && a.reason.startsWith("named by its listing"))).toBe(true);
    expect(alts.slice(2).every((a) => !a.named)).toBe(true);
    expect(alts.map((a) => a.id)).not.toContain(source.id);
    expect(new Set(alts.map((a) => a.id)).size).toBe(alts.length);
  });

  it("is empty for an unknown or unpublished tool", async () => {
    expect(await getAlternatives(database.db, "00000000-0000-4000-8000-000000000000")).toEqual([]);
    const source = await tool("promeai");
    await database.db.execute(sql`UPDATE tools SET status = 'archived' WHERE id = ${source.id}::uuid`);
    expect(await getAlternatives(database.db, source.id)).toEqual([]);
  });
});
