import { asc, desc } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { type AdminPost, adminPost, postColumns } from "./blog-rows.ts";
import { blogPosts } from "./tables.ts";

/** Every post, drafts included, for the admin list. */
export async function listAllPosts(db: Db): Promise<AdminPost[]> {
  const rows = await db.select(postColumns).from(blogPosts).orderBy(desc(blogPosts.updatedAt), asc(blogPosts.id));
  return rows.map(adminPost);
}
