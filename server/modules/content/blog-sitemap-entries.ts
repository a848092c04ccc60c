import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { blogPosts } from "./tables.ts";

/** Published posts for /sitemap.xml. */
export async function blogSitemapEntries(db: Db): Promise<{ path: string; lastmod: string | null }[]> {
  const rows = await db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(eq(blogPosts.status, "published"))
    .orderBy(blogPosts.slug);
  return rows.map((r) => ({ path: `/blog/${r.slug}`, lastmod: r.updatedAt.toISOString().slice(0, 10) }));
}
