import { eq } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import { type Db, isUniqueViolation, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { auditShape, type PostInput, postFields } from "./blog-form.ts";
import { firstPublication, POST_NOT_FOUND, SLUG_TAKEN } from "./blog-rows.ts";
import { getPostForEdit } from "./get-post-for-edit.ts";
import { blogPosts } from "./tables.ts";

/** Saves every field; the first publication sets the post's date (a later unpublish keeps it). */
export async function updatePost(
  db: Db,
  actor: Actor,
  id: string,
  input: PostInput,
  now: Date,
): Promise<{ id: string; slug: string }> {
  const before = await getPostForEdit(db, id);
  if (!before) throw new AppError("not_found", POST_NOT_FOUND);
  try {
    return await transaction(db, async (tx) => {
      const [row] = await tx
        .update(blogPosts)
        .set({
          ...postFields(input),
          ...firstPublication(input.status, now),
          updatedAt: now,
        })
        .where(eq(blogPosts.id, id))
        .returning({ id: blogPosts.id });
      if (!row) throw new AppError("not_found", POST_NOT_FOUND);
      await recordAudit(tx, {
        actor,
        action: "blog_post.update",
        targetType: "blog_post",
        targetId: id,
        before: auditShape(before),
        after: auditShape(input),
        requestId: actor.requestId,
        at: now,
      });
      return { id, slug: input.slug };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("conflict", SLUG_TAKEN);
    throw err;
  }
}
