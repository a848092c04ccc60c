import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { memoByVersion } from "../../platform/db/content-version.ts";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { aliasKey, CATEGORY_DEFINITIONS } from "./category-definitions.ts";
import { categories, categoryAliases, tools } from "./tables.ts";

export const CategorySummary = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  icon: z.string(),
  description: z.string(),
  color: z.string().nullable(),
  featured: z.boolean(),
  toolCount: z.number(),
});
export type CategorySummary = z.infer<typeof CategorySummary>;

const CategoryKeyRow = z.object({
  key: z.string(),
  redirects: z.boolean(),
  retired: z.boolean(),
  name: z.string(),
  id: z.number(),
  slug: z.string(),
  final_name: z.string(),
});

type Executor = Pick<Db, "select" | "insert" | "update" | "execute">;

/** Makes sure every defined category and alias exists; safe to run at every boot. */
export async function ensureCategories(db: Executor): Promise<void> {
  for (const [index, def] of CATEGORY_DEFINITIONS.entries()) {
    const [row] = await db
      .insert(categories)
      .values({
        slug: def.slug,
        name: def.name,
        icon: def.icon,
        description: def.description,
        featured: def.featured ?? false,
        sortOrder: index,
      })
      .onConflictDoNothing()
      .returning({ id: categories.id });
    const id =
      row?.id ?? (await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, def.slug)))[0]?.id;
    if (id === undefined) continue;
    const keys = new Set([aliasKey(def.name), def.slug, ...def.aliases.map(aliasKey)]);
    await db
      .insert(categoryAliases)
      .values([...keys].map((alias) => ({ alias, categoryId: id })))
      .onConflictDoNothing();
  }
}

/**
 * Resolves category keys as users and clients send them (numeric id, slug, display name or any alias)
 * to category ids. Unknown keys are returned separately so callers can decide what they mean.
 */
export async function resolveCategoryKeys(db: Executor, keys: string[]): Promise<{ ids: number[]; unknown: string[] }> {
  const ids = new Set<number>();
  const unknown: string[] = [];
  const found = await lookupCategoryKeys(db, keys);
  for (const k of keys) {
    const hit = found.get(k);
    if (hit) ids.add(hit.id);
    else unknown.push(k);
  }
  return { ids: [...ids], unknown };
}

export type CategoryLookup = {
  /** the category the key leads to now (a retired one's replacement) */
  id: number;
  slug: string;
  name: string;
  /** the key is a former slug, a merged category's key, or names a retired category: its address moved */
  moved: boolean;
  /** the retired category the key named, when it was followed to its replacement */
  retiredName: string | null;
};

/**
 * Looks keys up (numeric id, slug, display name or any alias) and follows a retired category to the
 * category its tools went to (ADR 0043). Keys no category answers to are absent from the map.
 */
export async function lookupCategoryKeys(db: Executor, keys: string[]): Promise<Map<string, CategoryLookup>> {
  const out = new Map<string, CategoryLookup>();
  // Ids are int4: longer digit strings cannot be ids (and would overflow the parameter).
  const isId = (k: string) => /^\d{1,9}$/.test(k);
  const numeric = [...new Set(keys.filter(isId).map(Number))];
  const wanted = [...new Set(keys.filter((k) => !isId(k)).map(aliasKey))];
  if (!numeric.length && !wanted.length) return out;
  const rows = await queryRows(
    db as Db,
    sql`SELECT k.key, k.redirects, c.retired_at IS NOT NULL AS retired, c.name,
          f.id, f.slug, f.name AS final_name
        FROM (
          SELECT a.alias AS key, a.category_id, a.redirects FROM ${categoryAliases} a
            WHERE a.alias IN (${sql.join(wanted.length ? wanted.map((w) => sql`${w}`) : [sql`NULL`], sql`, `)})
          UNION ALL
          SELECT c0.id::text, c0.id, false FROM ${categories} c0
            WHERE c0.id IN (${sql.join(numeric.length ? numeric.map((n) => sql`${n}`) : [sql`NULL`], sql`, `)})
        ) k
        JOIN ${categories} c ON c.id = k.category_id
        JOIN ${categories} f ON f.id = CASE WHEN c.retired_at IS NOT NULL THEN coalesce(c.replaced_by_id, c.id) ELSE c.id END`,
    CategoryKeyRow,
  );
  const byKey = new Map(rows.map((r) => [r.key, r]));
  for (const k of keys) {
    const r = byKey.get(isId(k) ? String(Number(k)) : aliasKey(k));
    if (!r) continue;
    out.set(k, {
      id: r.id,
      slug: r.slug,
      name: r.final_name,
      moved: r.redirects || r.retired,
      retiredName: r.retired ? r.name : null,
    });
  }
  return out;
}

/**
 * All categories with the number of published tools in each, in editorial order. Every page's
 * menu needs this; it is recounted only when the catalogue's content version moves.
 */
export async function listCategories(db: Db): Promise<CategorySummary[]> {
  return memoByVersion(db, "catalog:categories", () =>
    queryRows(
      db,
      sql`SELECT c.id, c.slug, c.name, c.icon, c.description, c.color, c.featured,
            coalesce(n.count, 0)::int AS "toolCount"
          FROM ${categories} c
          LEFT JOIN (SELECT category_id, count(*) AS count FROM ${tools} WHERE status = 'active' GROUP BY category_id) n
            ON n.category_id = c.id
          WHERE c.retired_at IS NULL
          ORDER BY c.sort_order, c.name`,
      CategorySummary,
    ),
  );
}

export async function getCategory(db: Db, key: string): Promise<CategorySummary | null> {
  const { ids } = await resolveCategoryKeys(db, [key]);
  if (!ids.length) return null;
  const all = await listCategories(db);
  return all.find((c) => c.id === ids[0]) ?? null;
}
