import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { catalogStats } from "../catalog/index.ts";
import { type Post, type PostSummary, postColumns, summary } from "./blog-rows.ts";
import { blogPosts } from "./tables.ts";

/** Up to `limit` other published posts, same category first, for "More from the blog". */
export async function relatedPosts(db: Db, post: Pick<Post, "id" | "category">, limit = 3): Promise<PostSummary[]> {
  const [rows, stats] = await Promise.all([
    db
      .select(postColumns)
      .from(blogPosts)
      .where(and(eq(blogPosts.status, "published"), ne(blogPosts.id, post.id)))
      .orderBy(sql`(${blogPosts.category} = ${post.category}) DESC`, desc(blogPosts.publishedAt))
      .limit(limit),
    catalogStats(db),
  ]);
  return rows.map((r) => summary(r, stats));
}
