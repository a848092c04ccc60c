import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { catalogStats } from "../catalog/index.ts";
import { COLUMNS, fillFigures, type Post, RowWithHtml, SLUG, summary } from "./blog-rows.ts";

/** One published post, or null (drafts are invisible to the public). */
export async function getPublishedPost(db: Db, slug: string): Promise<Post | null> {
  if (!SLUG.test(slug) || slug.length > 80) return null;
  const [row] = await queryRows(
    db,
    sql`SELECT ${COLUMNS}, body_html FROM blog_posts WHERE slug = ${slug} AND status = 'published'`,
    RowWithHtml,
  );
  if (!row) return null;
  const stats = await catalogStats(db);
  return { ...summary(row, stats), html: fillFigures(row.body_html ?? "", stats) };
}
