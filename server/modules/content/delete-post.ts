import { sql } from "drizzle-orm";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { auditShape, PostId } from "./blog-form.ts";
import { adminPost, POST_NOT_FOUND, Row } from "./blog-rows.ts";

export async function deletePost(db: Db, actor: Actor, id: string, now: Date): Promise<void> {
  if (!PostId.safeParse(id).success) throw new AppError("not_found", POST_NOT_FOUND);
  await transaction(db, async (tx) => {
    const [gone] = await queryRows(
      tx,
      sql`DELETE FROM blog_posts WHERE id = ${id}::uuid
          RETURNING id, slug, title, excerpt, author_name AS author, category, cover_image, featured, read_minutes,
            published_at, updated_at, status`,
      Row,
    );
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
