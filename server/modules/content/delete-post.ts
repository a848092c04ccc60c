import { eq } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import { type Db, transaction } from "../../platform/db/index.ts";
import { blogPosts } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/errors.ts";
import { auditShape, PostId } from "./blog-form.ts";
import { adminPost, POST_NOT_FOUND } from "./blog-rows.ts";

export async function deletePost(db: Db, actor: Actor, id: string, now: Date): Promise<void> {
  if (!PostId.safeParse(id).success) throw new AppError("not_found", POST_NOT_FOUND);
  await transaction(db, async (tx) => {
    const [gone] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning({
      id: blogPosts.id,
      slug: blogPosts.slug,
      title: blogPosts.title,
      excerpt: blogPosts.excerpt,
      author: blogPosts.authorName,
      category: blogPosts.category,
      cover_image: blogPosts.coverImage,
      featured: blogPosts.featured,
      read_minutes: blogPosts.readMinutes,
      published_at: blogPosts.publishedAt,
      updated_at: blogPosts.updatedAt,
      status: blogPosts.status,
    });
    if (!gone) throw new AppError("not_found", POST_NOT_FOUND);
    await recordAudit(tx, {
      actor,
      action: "blog_post.delete",
      targetType: "blog_post",
      targetId: id,
      before: auditShape(
        adminPost({
          ...gone,
          published_at: gone.published_at?.toISOString() ?? null,
          updated_at: gone.updated_at.toISOString(),
        }),
      ),
      requestId: actor.requestId,
      at: now,
    });
  });
}
