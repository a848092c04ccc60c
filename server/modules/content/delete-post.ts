import { eq } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import { type Db, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { auditShape, PostId } from "./blog-form.ts";
import { adminPost, POST_NOT_FOUND, postColumns } from "./blog-rows.ts";
import { blogPosts } from "./tables.ts";

export async function deletePost(db: Db, actor: Actor, id: string, now: Date): Promise<void> {
  if (!PostId.safeParse(id).success) throw new AppError("not_found", POST_NOT_FOUND);
  await transaction(db, async (tx) => {
    const [gone] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning(postColumns);
    if (!gone) throw new AppError("not_found", POST_NOT_FOUND);
    await recordAudit(tx, {
      actor,
      action: "blog_post.delete",
      targetType: "blog_post",
      targetId: id,
      before: auditShape(adminPost(gone)),
      requestId: actor.requestId,
      at: now,
    });
  });
}
