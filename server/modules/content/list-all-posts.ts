import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { type AdminPost, adminPost, COLUMNS, Row } from "./blog-rows.ts";

/** Every post, drafts included, for the admin list. */
export async function listAllPosts(db: Db): Promise<AdminPost[]> {
  const rows = await queryRows(db, sql`SELECT ${COLUMNS} FROM blog_posts ORDER BY updated_at DESC, id`, Row);
  return rows.map(adminPost);
}
