import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { PostId } from "./blog-form.ts";
import { POST_NOT_FOUND } from "./blog-rows.ts";

const StatusRow = z.object({ status: z.string() });

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
    const [current] = await queryRows(
      tx,
      sql`SELECT status FROM blog_posts WHERE id = ${id}::uuid FOR UPDATE`,
      StatusRow,
    );
    if (!current) throw new AppError("not_found", POST_NOT_FOUND);
    if (current.status === status) return { changed: false };
    await tx.execute(
      sql`UPDATE blog_posts SET status = ${status}, updated_at = ${now},
            published_at = CASE WHEN ${status} = 'published' THEN coalesce(published_at, ${now}) ELSE published_at END
          WHERE id = ${id}::uuid`,
    );
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
