import { sql } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import { type Db, isUniqueViolation, queryRows, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { auditShape, type PostInput } from "./blog-form.ts";
import { IdRow, POST_NOT_FOUND, SLUG_TAKEN } from "./blog-rows.ts";
import { getPostForEdit } from "./get-post-for-edit.ts";
import { readMinutes, renderMarkdown } from "./markdown.ts";

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
      const [row] = await queryRows(
        tx,
        sql`UPDATE blog_posts SET slug = ${input.slug}, title = ${input.title}, excerpt = ${input.excerpt},
              body_md = ${input.body}, body_html = ${renderMarkdown(input.body)}, author_name = ${input.author},
              category = ${input.category}, cover_image = ${input.coverImage || null}, featured = ${input.featured},
              status = ${input.status}, read_minutes = ${readMinutes(input.body)},
              published_at = CASE WHEN ${input.status} = 'published' THEN coalesce(published_at, ${now}) ELSE published_at END,
              updated_at = ${now}
            WHERE id = ${id}::uuid RETURNING id`,
        IdRow,
      );
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
