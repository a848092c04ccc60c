import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { catalogStats } from "../catalog/index.ts";
import { COLUMNS, type Post, type PostSummary, Row, summary } from "./blog-rows.ts";

/** Up to `limit` other published posts, same category first, for "More from the blog". */
export async function relatedPosts(db: Db, post: Pick<Post, "id" | "category">, limit = 3): Promise<PostSummary[]> {
  const [rows, stats] = await Promise.all([
    queryRows(
      db,
      sql`SELECT ${COLUMNS} FROM blog_posts WHERE status = 'published' AND id <> ${post.id}::uuid
          ORDER BY (category = ${post.category}) DESC, published_at DESC LIMIT ${limit}`,
      Row,
    ),
    catalogStats(db),
  ]);
  return rows.map((r) => summary(r, stats));
}
