import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { catalogStats } from "../catalog/index.ts";
import { BLOG_CATEGORIES } from "./blog-labels.ts";
import { COLUMNS, type PostSummary, Row, summary } from "./blog-rows.ts";

/** The public filters: ?q= and ?category= (anything unknown means All, as the chips only offer these). */
export const BlogListQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .catch("")
    .default("")
    .transform((v) => v.replace(/\s+/g, " ")),
  category: z.enum(BLOG_CATEGORIES).optional().catch(undefined),
});
export type BlogListQuery = z.output<typeof BlogListQuery>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The public blog: published posts, newest first, filtered by search text (title, excerpt,
 * author) and category. The featured post is set apart only for All with no search (the spec).
 */
export async function listPublishedPosts(
  db: Db,
  query: BlogListQuery,
): Promise<{ featured: PostSummary | null; posts: PostSummary[] }> {
  const like = `%${escapeLike(query.q)}%`;
  const [rows, stats] = await Promise.all([
    queryRows(
      db,
      sql`SELECT ${COLUMNS} FROM blog_posts
          WHERE status = 'published'
            ${query.category ? sql`AND category = ${query.category}` : sql``}
            ${query.q ? sql`AND (title ILIKE ${like} OR excerpt ILIKE ${like} OR author_name ILIKE ${like})` : sql``}
          ORDER BY published_at DESC, id`,
      Row,
    ),
    catalogStats(db),
  ]);
  const posts = rows.map((r) => summary(r, stats));
  if (query.category || query.q) return { featured: null, posts };
  const featured = posts.find((p) => p.featured) ?? null;
  return { featured, posts: featured ? posts.filter((p) => p.id !== featured.id) : posts };
}
