import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { type CanSee, CardRow, cardSelect, type DealCard, forViewer, live, PUBLIC, toCard } from "./deal-rows.ts";
import { DEAL_CATEGORIES, type DealCategoryKey } from "./labels.ts";

const DEAL_CATEGORY_KEYS = DEAL_CATEGORIES.map((c) => c.key) as [DealCategoryKey, ...DealCategoryKey[]];

/**
 * `/deals?category=`: a catalogue category's slug (the page's pills, issue 36) or one of the spec's
 * groups of categories (older links); anything else shows all deals.
 */
export const DealsQuery = z.object({
  category: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .max(60)
    .catch("all"),
});

/** The catalogue categories a group key stands for, or the category itself. */
function dealCategorySlugs(category: string): readonly string[] {
  if (category === "all") return [];
  const group = DEAL_CATEGORY_KEYS.includes(category as DealCategoryKey)
    ? DEAL_CATEGORIES.find((c) => c.key === category)
    : undefined;
  return group ? group.slugs : [category];
}

/**
 * Live deals, featured first, then the soonest to expire (the most urgent). A marked deal comes whole
 * to a viewer whose `can` opens it, as its overview to others (default: the public), and not at all
 * with `publicOnly` (the digest e-mail goes to everyone).
 */
export async function listLiveDeals(
  db: Db,
  options: { now: Date; category?: string; limit?: number; can?: CanSee; publicOnly?: boolean },
): Promise<DealCard[]> {
  const slugs = dealCategorySlugs(options.category ?? "all");
  const inCategory = slugs.length
    ? sql`AND c.slug IN (${sql.join(
        slugs.map((s) => sql`${s}`),
        sql`, `,
      )})`
    : sql``;
  const rows = await queryRows(
    db,
    sql`${cardSelect(options.now)} WHERE ${live(options.now)} ${inCategory} ${options.publicOnly ? sql`AND x.id IS NULL` : sql``}
        ORDER BY d.featured DESC, d.expires_at ASC, d.id LIMIT ${options.limit ?? 200}`,
    CardRow,
  );
  return rows.map((r) => forViewer(toCard(r), options.can ?? PUBLIC));
}
