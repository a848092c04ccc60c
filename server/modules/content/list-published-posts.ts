import { and, asc, desc, eq, ilike, or } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../platform/db/index.ts";
import { catalogStats } from "../catalog/index.ts";
import { BLOG_CATEGORIES } from "./blog-labels.ts";
import { type PostSummary, postColumns, summary } from "./blog-rows.ts";
import { blogPosts } from "./tables.ts";

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
    db
      .select(postColumns)
      .from(blogPosts)
      .where(
        and(
          eq(blogPosts.status, "published"),
          query.category ? eq(blogPosts.category, query.category) : undefined,
          query.q
            ? or(ilike(blogPosts.title, like), ilike(blogPosts.excerpt, like), ilike(blogPosts.authorName, like))
            : undefined,
        ),
      )
      .orderBy(desc(blogPosts.publishedAt), asc(blogPosts.id)),
    catalogStats(db),
  ]);
  const posts = rows.map((r) => summary(r, stats));
  if (query.category || query.q) return { featured: null, posts };
  const featured = posts.find((p) => p.featured) ?? null;
  return { featured, posts: featured ? posts.filter((p) => p.id !== featured.id) : posts };
}
