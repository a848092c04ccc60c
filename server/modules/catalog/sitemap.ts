import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";

export type SitemapEntry = { path: string; lastmod: string | null };

/** Indexable content pages (issue 12); their content changes with the clock, so no lastmod. */
const CONTENT_PATHS = ["/deals", "/beta"];

/** lastmod: timestamptz as the server's text; null for a list or ranking that has none yet */
const SitemapRow = z.object({ path: z.string(), lastmod: z.string().nullable() });

/** Every published tool and every category, plus the content pages, for /sitemap.xml. */
export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const rows = await queryRows(
    db,
    sql`SELECT '/tools/' || slug AS path, updated_at AS lastmod FROM tools WHERE status = 'active'
        UNION ALL
        SELECT '/category/' || slug, updated_at FROM categories
        UNION ALL
        -- Issue 32: the task index and every task's page.
        SELECT '/tasks', (SELECT max(updated_at) FROM tasks)
        UNION ALL
        SELECT '/tasks/' || slug, updated_at FROM tasks
        UNION ALL
        -- Community (issue 11): the top-list and trending pages, and every public list.
        SELECT '/top-lists', (SELECT max(updated_at) FROM top_lists WHERE is_public)
        UNION ALL
        SELECT '/trending', (SELECT max(computed_at) FROM trending_tools)
        UNION ALL
        SELECT '/top-lists/' || slug, updated_at FROM top_lists WHERE is_public
        ORDER BY 1`,
    SitemapRow,
  );
  return [
    ...CONTENT_PATHS.map((path) => ({ path, lastmod: null })),
    ...rows.map((r) => ({
      path: r.path,
      lastmod: r.lastmod ? new Date(r.lastmod).toISOString().slice(0, 10) : null,
    })),
  ];
}
