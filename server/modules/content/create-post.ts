import { type Actor, recordAudit } from "../../platform/audit.ts";
import { type Db, isUniqueViolation, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { auditShape, type PostInput, postFields } from "./blog-form.ts";
import { SLUG_TAKEN } from "./blog-rows.ts";
import { blogPosts } from "./tables.ts";

/** Creates a post (rendered and sanitised once, here), audited in the same transaction. */
export async function createPost(
  db: Db,
  actor: Actor,
  input: PostInput,
  now: Date,
): Promise<{ id: string; slug: string }> {
  try {
    return await transaction(db, async (tx) => {
      const [row] = await tx
        .insert(blogPosts)
        .values({
          ...postFields(input),
          publishedAt: input.status === "published" ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: blogPosts.id });
      if (!row) throw new Error("blog post was not stored");
      await recordAudit(tx, {
        actor,
        action: "blog_post.create",
        targetType: "blog_post",
        targetId: row.id,
        after: auditShape(input),
        requestId: actor.requestId,
        at: now,
      });
      return { id: row.id, slug: input.slug };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("conflict", SLUG_TAKEN);
    throw err;
  }
}
