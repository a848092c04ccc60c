import { eq } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import { type Db, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { PostId } from "./blog-form.ts";
import { firstPublication, POST_NOT_FOUND } from "./blog-rows.ts";
import { blogPosts } from "./tables.ts";

/** Publish or unpublish from the list; no change is not audited. */
export async function setPostStatus(
  db: Db,
  actor: Actor,
  id: string,
  status: "draft" | "published",
  now: Date,
): Promise<{ changed: boolean }> {
  if (!PostId.safeParse(id).success) throw new AppError("not_found", POST_NOT_FOUND);
  return transaction(db, async (tx) => {
    const [current] = await tx
      .select({ status: blogPosts.status })
      .from(blogPosts)
      .where(eq(blogPosts.id, id))
      .for("update");
    if (!current) throw new AppError("not_found", POST_NOT_FOUND);
    if (current.status === status) return { changed: false };
    await tx
      .update(blogPosts)
      .set({ status, updatedAt: now, ...firstPublication(status, now) })
      .where(eq(blogPosts.id, id));
    await recordAudit(tx, {
      actor,
      action: status === "published" ? "blog_post.publish" : "blog_post.unpublish",
      targetType: "blog_post",
      targetId: id,
      before: { status: current.status },
      after: { status },
      requestId: actor.requestId,
      at: now,
    });
    return { changed: true };
  });
}
