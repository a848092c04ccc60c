import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";

const SitemapRow = z.object({ slug: z.string(), updated_at: z.string() });

/** Published posts for /sitemap.xml. */
export async function blogSitemapEntries(db: Db): Promise<{ path: string; lastmod: string | null }[]> {
  const rows = await queryRows(
    db,
    sql`SELECT slug, updated_at FROM blog_posts WHERE status = 'published' ORDER BY slug`,
    SitemapRow,
  );
  return rows.map((r) => ({ path: `/blog/${r.slug}`, lastmod: new Date(r.updated_at).toISOString().slice(0, 10) }));
}
