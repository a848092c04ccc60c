import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Activity } from "../../platform/activity.ts";
import type { Actor } from "../../platform/audit.ts";
import { recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { uuidSchema } from "../../platform/ids.ts";
import { feedback } from "./tables.ts";

/** Feedback (spec section 3): Pending, then Verified by an admin (the badge comes with issue 11). */
export type FeedbackItem = {
  id: string;
  userId: string | null;
  userName: string | null;
  type: string;
  message: string;
  verified: boolean;
  status: "Pending" | "Verified";
  createdAt: string;
};

export const FeedbackQuery = z.object({
  verified: z.enum(["true", "false"], { message: "verified must be true or false" }).optional(),
  page: z.coerce.number().int("page must be a whole number").min(1, "page must be 1 or more").max(10_000).default(1),
  limit: z.coerce.number().int("limit must be a whole number").min(1).max(100, "limit must be 100 or less").default(50),
});
export type FeedbackQuery = z.infer<typeof FeedbackQuery>;

export const FeedbackId = uuidSchema("Unknown feedback");

const FeedbackRow = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  /** anonymous feedback has no member (LEFT JOIN) */
  name: z.string().nullable(),
  type: z.string(),
  message: z.string(),
  verified: z.boolean(),
  created_at: z.string(),
  total: z.number(),
});

export async function listFeedback(
  db: Db,
  query: Partial<FeedbackQuery>,
): Promise<{ feedback: FeedbackItem[]; total: number }> {
  const page = query.page ?? 1;
  const limit = query.limit ?? 50;
  const filter = query.verified === undefined ? sql`true` : sql`f.verified = ${query.verified === "true"}`;
  const rows = await queryRows(
    db,
    sql`SELECT f.id, f.user_id, u.name, f.type, f.message, f.verified, f.created_at, count(*) OVER ()::int AS total
        FROM feedback f LEFT JOIN users u ON u.id = f.user_id
        WHERE ${filter}
        ORDER BY f.created_at DESC, f.id LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    FeedbackRow,
  );
  return {
    feedback: rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      userName: r.name,
      type: r.type,
      message: r.message,
      verified: r.verified,
      status: r.verified ? "Verified" : "Pending",
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total: rows[0]?.total ?? 0,
  };
}

/** Marks feedback verified (once; verifying again changes nothing) with an audit row. */
export async function verifyFeedback(
  db: Db,
  actor: Actor,
  id: string,
  /** credits the sender (feedback.verified: points and badge); anonymous feedback credits nobody */
  credit?: { activity: Activity; now: Date },
): Promise<{ changed: boolean }> {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .select({ verified: feedback.verified, userId: feedback.userId })
      .from(feedback)
      .where(eq(feedback.id, id))
      .for("update");
    if (!row) throw new AppError("not_found", "Feedback not found");
    if (row.verified) return { changed: false };
    await tx
      .update(feedback)
      .set({ verified: true, verifiedAt: sql`now()`, verifiedBy: actor.id })
      .where(eq(feedback.id, id));
    await recordAudit(tx, {
      actor: { id: actor.id, label: actor.label },
      action: "feedback.verify",
      targetType: "feedback",
      targetId: id,
      before: { verified: false },
      after: { verified: true },
      requestId: actor.requestId ?? null,
    });
    if (credit && row.userId) {
      await credit.activity.emit(tx, { type: "feedback.verified", userId: row.userId, feedbackId: id }, credit.now);
    }
    return { changed: true };
  });
}
