import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { tools } from "../catalog/tables.ts";
import { reviews } from "./tables.ts";

export type ProfileReview = {
  id: string;
  tool: { name: string; slug: string };
  comment: string;
  rating: number;
  createdAt: string;
};

/** A member's published reviews of published tools, for the public profile (spec §2). */
export async function listUserReviews(db: Db, userId: string, max = 50): Promise<ProfileReview[]> {
  const rows = await db
    .select({
      id: reviews.id,
      name: tools.name,
      slug: tools.slug,
      comment: reviews.comment,
      rating: reviews.rating,
      created_at: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(tools, eq(tools.id, reviews.toolId))
    .where(
      and(
        eq(reviews.userId, userId),
        eq(reviews.status, "published"),
        isNull(reviews.heldAt),
        eq(tools.status, "active"),
      ),
    )
    .orderBy(desc(reviews.createdAt))
    .limit(max);
  return rows.map((r) => ({
    id: r.id,
    tool: { name: r.name, slug: r.slug },
    comment: r.comment,
    rating: Number(r.rating),
    createdAt: r.created_at.toISOString(),
  }));
}
