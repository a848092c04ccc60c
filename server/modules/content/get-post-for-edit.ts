import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { PostId } from "./blog-form.ts";
import { type AdminPost, adminPost, postColumns } from "./blog-rows.ts";
import { blogPosts } from "./tables.ts";

export async function getPostForEdit(db: Db, id: string): Promise<AdminPost | null> {
  if (!PostId.safeParse(id).success) return null;
  const [row] = await db
    .select({ ...postColumns, body_md: blogPosts.bodyMd })
    .from(blogPosts)
    .where(eq(blogPosts.id, id));
  return row ? adminPost(row) : null;
}
