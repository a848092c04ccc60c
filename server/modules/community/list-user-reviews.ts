import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";

const ProfileReviewRow = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  comment: z.string(),
  rating: z.number(),
  created_at: z.string(),
});

export type ProfileReview = {
  id: string;
  tool: { name: string; slug: string };
  comment: string;
  rating: number;
  createdAt: string;
};

/** A member's published reviews of published tools, for the public profile (spec §2). */
export async function listUserReviews(db: Db, userId: string, max = 50): Promise<ProfileReview[]> {
  const rows = await queryRows(
    db,
    sql`SELECT r.id::text AS id, t.name, t.slug, r.comment, r.rating, r.created_at
        FROM reviews r JOIN tools t ON t.id = r.tool_id
        WHERE r.user_id = ${userId} AND r.status = 'published' AND r.held_at IS NULL AND t.status = 'active'
        ORDER BY r.created_at DESC LIMIT ${max}`,
    ProfileReviewRow,
  );
  return rows.map((r) => ({
    id: r.id,
    tool: { name: r.name, slug: r.slug },
    comment: r.comment,
    rating: Number(r.rating),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
