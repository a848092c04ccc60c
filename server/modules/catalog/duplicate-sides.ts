import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";

/** A proposed duplicate pair as the editors' review shows it: both listings side by side, and which to keep. */
export const DuplicateSide = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  websiteUrl: z.string(),
  finalUrl: z.string().nullable(),
  category: z.string(),
  description: z.string(),
  isFeatured: z.boolean(),
  reviewCount: z.number(),
  rating: z.number(),
  saves: z.number(),
  clicks: z.number(),
  /** timestamptz, as the server's text */
  createdAt: z.string(),
});
export type DuplicateSide = z.infer<typeof DuplicateSide>;

export type DuplicateCandidate = {
  a: DuplicateSide;
  b: DuplicateSide;
  /** 0–1: how sure the finder is */
  score: number;
  reasons: string[];
  /** the listing to keep by default: featured, then more reviews, saves, clicks, then the un-numbered slug, then older */
  suggestedKeep: string;
};

export type ScoredPair = { a: string; b: string; score: number; reasons: string[] };

/** Both sides of each pair, as the review shows them. */
export async function withSides(db: Db, top: ScoredPair[]): Promise<DuplicateCandidate[]> {
  if (!top.length) return [];
  const ids = [...new Set(top.flatMap((p) => [p.a, p.b]))];
  const sides = await queryRows(
    db,
    sql`SELECT t.id::text AS id, t.slug, t.name, t.website_url AS "websiteUrl", ls.final_url AS "finalUrl",
          c.name AS category, t.description, t.is_featured AS "isFeatured", t.review_count AS "reviewCount",
          t.rating::float8 AS rating,
          (SELECT count(*)::int FROM saved_tools s WHERE s.tool_id = t.id) AS saves,
          t.clicks, t.created_at AS "createdAt"
        FROM tools t JOIN categories c ON c.id = t.category_id LEFT JOIN tool_link_status ls ON ls.tool_id = t.id
        WHERE t.id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
    DuplicateSide,
  );
  const byId = new Map(sides.map((s) => [s.id, s]));
  const out: DuplicateCandidate[] = [];
  for (const p of top) {
    const a = byId.get(p.a);
    const b = byId.get(p.b);
    if (!a || !b) continue;
    out.push({ a, b, score: p.score, reasons: p.reasons, suggestedKeep: keeperOf(a, b).id });
  }
  return out;
}

/** The listing that should survive a merge, unless the admin picks the other. */
export function keeperOf(a: DuplicateSide, b: DuplicateSide): DuplicateSide {
  const key = (s: DuplicateSide) => [Number(s.isFeatured), s.reviewCount, s.saves, s.clicks] as const;
  const ka = key(a);
  const kb = key(b);
  for (let i = 0; i < ka.length; i++) {
    if ((ka[i] as number) !== (kb[i] as number)) return (ka[i] as number) > (kb[i] as number) ? a : b;
  }
  // The importer gives a repeated name a numbered slug ('dreamstudio-2'): the plain one was listed first.
  const numbered = (s: DuplicateSide) => /-\d+$/.test(s.slug);
  if (numbered(a) !== numbered(b)) return numbered(a) ? b : a;
  return new Date(a.createdAt) <= new Date(b.createdAt) ? a : b;
}
