import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { catalogStats } from "../catalog/index.ts";
import { fillFigures, type Post, postColumns, SLUG, summary } from "./blog-rows.ts";
import { blogPosts } from "./tables.ts";

/** One published post, or null (drafts are invisible to the public). */
export async function getPublishedPost(db: Db, slug: string): Promise<Post | null> {
  if (!SLUG.test(slug) || slug.length > 80) return null;
  const [row] = await db
    .select({ ...postColumns, body_html: blogPosts.bodyHtml })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.status, "published")));
  if (!row) return null;
  const stats = await catalogStats(db);
  return { ...summary(row, stats), html: fillFigures(row.body_html ?? "", stats) };
}
