import { eq, inArray, sql } from "drizzle-orm";
import { memoByVersion } from "../../platform/db/content-version.ts";
import { type Db, queryRows, schema } from "../../platform/db/index.ts";
import { aliasKey, CATEGORY_DEFINITIONS } from "./category-definitions.ts";

const { categories, categoryAliases, tools } = schema;

export type CategorySummary = {
  id: number;
  slug: string;
  name: string;
  icon: string;
  description: string;
  color: string | null;
  featured: boolean;
  toolCount: number;
};

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

/** Creates a category for a name no alias knows (imports may bring new ones) and returns its id. */
export async function createCategory(db: Executor, name: string): Promise<number> {
  const slugBase = aliasKey(name) || "category";
  let slug = slugBase;
  for (
    let n = 2;
    (await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug))).length;
    n++
  ) {
    slug = `${slugBase}-${n}`;
  }
  const [row] = await db.insert(categories).values({ slug, name }).returning({ id: categories.id });
  if (!row) throw new Error("category insert returned nothing");
  await db
    .insert(categoryAliases)
    .values([...new Set([aliasKey(name), slug])].map((alias) => ({ alias, categoryId: row.id })))
    .onConflictDoNothing();
  return row.id;
}

/**
 * Resolves category keys as users and clients send them (numeric id, slug, display name or any alias)
 * to category ids. Unknown keys are returned separately so callers can decide what they mean.
 */
export async function resolveCategoryKeys(db: Executor, keys: string[]): Promise<{ ids: number[]; unknown: string[] }> {
  const ids = new Set<number>();
  const unknown: string[] = [];
  // Ids are int4: longer digit strings cannot be ids (and would overflow the parameter).
  const isId = (k: string) => /^\d{1,9}$/.test(k);
  const numeric = keys.filter(isId).map(Number);
  const byAlias = keys.filter((k) => !isId(k));
  if (numeric.length) {
    const rows = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, numeric));
    const found = new Set(rows.map((r) => r.id));
    for (const n of numeric) found.has(n) ? ids.add(n) : unknown.push(String(n));
  }
  if (byAlias.length) {
    const wanted = byAlias.map(aliasKey);
    const rows = await db
      .select({ alias: categoryAliases.alias, id: categoryAliases.categoryId })
      .from(categoryAliases)
      .where(inArray(categoryAliases.alias, wanted));
    const map = new Map(rows.map((r) => [r.alias, r.id]));
    byAlias.forEach((k, i) => {
      const id = map.get(wanted[i] ?? "");
      if (id === undefined) unknown.push(k);
      else ids.add(id);
    });
  }
  return { ids: [...ids], unknown };
}

/**
 * All categories with the number of published tools in each, in editorial order. Every page's
 * menu needs this; it is recounted only when the catalogue's content version moves.
 */
export async function listCategories(db: Db): Promise<CategorySummary[]> {
  return memoByVersion(db, "catalog:categories", () =>
    queryRows<CategorySummary>(
      db,
      sql`SELECT c.id, c.slug, c.name, c.icon, c.description, c.color, c.featured,
            coalesce(n.count, 0)::int AS "toolCount"
          FROM ${categories} c
          LEFT JOIN (SELECT category_id, count(*) AS count FROM ${tools} WHERE status = 'active' GROUP BY category_id) n
            ON n.category_id = c.id
          ORDER BY c.sort_order, c.name`,
    ),
  );
}

export async function getCategory(db: Db, key: string): Promise<CategorySummary | null> {
  const { ids } = await resolveCategoryKeys(db, [key]);
  if (!ids.length) return null;
  const all = await listCategories(db);
  return all.find((c) => c.id === ids[0]) ?? null;
}
