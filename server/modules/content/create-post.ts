import { sql } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import { type Db, isUniqueViolation, queryRows, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { auditShape, type PostInput } from "./blog-form.ts";
import { IdRow, SLUG_TAKEN } from "./blog-rows.ts";
import { readMinutes, renderMarkdown } from "./markdown.ts";

/** Creates a post (rendered and sanitised once, here), audited in the same transaction. */
export async function createPost(
  db: Db,
  actor: Actor,
  input: PostInput,
  now: Date,
): Promise<{ id: string; slug: string }> {
  try {
    return await transaction(db, async (tx) => {
      const [row] = await queryRows(
        tx,
        sql`INSERT INTO blog_posts (slug, title, excerpt, body_md, body_html, author_name, category, cover_image,
              featured, status, read_minutes, published_at, created_at, updated_at)
            VALUES (${input.slug}, ${input.title}, ${input.excerpt}, ${input.body}, ${renderMarkdown(input.body)},
              ${input.author}, ${input.category}, ${input.coverImage || null}, ${input.featured}, ${input.status},
              ${readMinutes(input.body)}, ${input.status === "published" ? now : null}, ${now}, ${now})
            RETURNING id`,
        IdRow,
      );
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
