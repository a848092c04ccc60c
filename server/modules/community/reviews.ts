import { z } from "zod";
import type { Activity } from "../../platform/activity.ts";
import { type AuditActor, recordAudit, SYSTEM_ACTOR } from "../../platform/audit.ts";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID, uuidSchema } from "../../platform/ids.ts";
import { publicMemberName } from "../../platform/public-name.ts";
import { consumeRateLimit, type RateRule } from "../../platform/rate-limit.ts";
import { passesAccountGate, RATING_PRIOR_DEFAULT } from "../catalog/index.ts";
import { assertMayReview } from "./review-eligibility.ts";
import { holdIfSuspect } from "./review-holds.ts";
import { trackRecord, WEIGHTED_RATING, weightedFigures, weightedScore } from "./review-trust.ts";

/** What a community write needs: the database, the activity bus (badges, points) and the clock. */
export type CommunityDeps = { db: Db; activity: Activity; clock: { now(): Date } };

export const REVIEW_LIMITS = { commentMin: 10, commentMax: 2000, reasonMin: 3, reasonMax: 500, pageSize: 10 } as const;

export const REVIEW_MESSAGES = {
  rating: "Choose a rating from 1 to 5 stars",
  commentShort: `Your review must be at least ${REVIEW_LIMITS.commentMin} characters`,
  commentLong: `Your review can be at most ${REVIEW_LIMITS.commentMax} characters`,
  reasonShort: `Tell us why you are reporting this review (at least ${REVIEW_LIMITS.reasonMin} characters)`,
  reasonLong: `The reason can be at most ${REVIEW_LIMITS.reasonMax} characters`,
  toolNotFound: "Tool not found",
  reviewNotFound: "Review not found",
  ownHelpful: "You cannot mark your own review as helpful",
  alreadyHelpful: "You already marked this review as helpful",
  ownReport: "You cannot report your own review",
  alreadyReported: "You already reported this review",
  tooMany: "Too many requests. Please wait a moment and try again.",
} as const;

/** One schema for the form and the API (the same messages on both sides). */
export const ReviewInput = z.object({
  rating: z.coerce
    .number({ message: REVIEW_MESSAGES.rating })
    .int(REVIEW_MESSAGES.rating)
    .min(1, REVIEW_MESSAGES.rating)
    .max(5, REVIEW_MESSAGES.rating),
  comment: z
    .string({ message: REVIEW_MESSAGES.commentShort })
    .trim()
    .min(REVIEW_LIMITS.commentMin, REVIEW_MESSAGES.commentShort)
    .max(REVIEW_LIMITS.commentMax, REVIEW_MESSAGES.commentLong),
  /** self-declared and labelled so: a checkbox ("on") or a boolean */
  usesAtWork: z
    .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")])
    .optional()
    .transform((v) => v === true || v === "on" || v === "true"),
});
export type ReviewInput = z.infer<typeof ReviewInput>;

export const ReportInput = z.object({
  reason: z
    .string({ message: REVIEW_MESSAGES.reasonShort })
    .trim()
    .min(REVIEW_LIMITS.reasonMin, REVIEW_MESSAGES.reasonShort)
    .max(REVIEW_LIMITS.reasonMax, REVIEW_MESSAGES.reasonLong),
});

export const REVIEW_SORTS = ["newest", "helpful"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const ReviewListQuery = z.object({
  // Lenient (a bad value means the default); the document states the values that mean something.
  sort: z
    .enum(REVIEW_SORTS)
    .catch("newest")
    .meta({ type: "string", enum: [...REVIEW_SORTS] }),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).meta({ type: "integer", minimum: 1, maximum: 10_000 }),
});

export const ReviewId = uuidSchema(REVIEW_MESSAGES.reviewNotFound);

/** Writes per member: generous for people, tight for scripts. */
export const REVIEW_RULES: Record<"write" | "helpful" | "report", RateRule> = {
  write: { max: 10, windowSec: 3600 },
  helpful: { max: 60, windowSec: 3600 },
  report: { max: 20, windowSec: 3600 },
};

export type ReviewAuthor = {
  id: string;
  name: string;
  username: string | null;
  avatarUrl: string | null;
  /** spec §6: the Verified badge's variant, or null */
  verified: "linkedin" | "company_email" | null;
};

export type ReviewItem = {
  id: string;
  toolId: string;
  rating: number;
  comment: string;
  helpful: number;
  createdAt: string;
  updatedAt: string;
  author: ReviewAuthor;
  /** the verified maker's public answer (issue 20, right of reply) */
  makerReply: { body: string; makerName: string; updatedAt: string } | null;
  /**
   * What the review's weight rests on (issue 35): facts we checked (verified e-mail, the account's
   * age, a track record of contributions an editor accepted) and one the author declares.
   */
  evidence: { emailVerified: boolean; memberSince: string; trackRecord: boolean; usesAtWorkSelfDeclared: boolean };
};

// Row schemas (issue 19): what the driver gives; timestamps come back as PostgreSQL's text.
const ReviewRow = z.object({
  id: z.string(),
  tool_id: z.string(),
  rating: z.number(),
  comment: z.string(),
  helpful_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  user_id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  image: z.string().nullable(),
  is_verified: z.boolean().nullable(),
  verification_type: z.enum(["linkedin", "company_email"]).nullable(),
  reply_body: z.string().nullable(),
  reply_name: z.string().nullable(),
  reply_updated_at: z.string().nullable(),
  email_verified: z.boolean(),
  member_since: z.string(),
  uses_at_work: z.boolean(),
  track_record: z.boolean(),
});
type ReviewRow = z.infer<typeof ReviewRow>;
const IdRow = z.object({ id: z.string() });
const StaleRow = z.object({ stale: z.boolean() });
const ToolIdRow = z.object({ tool_id: z.string() });
const AuthorRow = z.object({ tool_id: z.string(), user_id: z.string() });
const PriorRow = z.object({ mean: z.number(), reviews: z.number(), computed_at: z.string() });
const FiguresRow = z.object({ rating: z.number(), review_count: z.number() });
const MeanRow = z.object({ mean: z.number().nullable(), n: z.number() });
const SavedRow = z.object({ id: z.string(), created: z.boolean() });
const CountRow = z.object({ n: z.number() });
const ReviewStatus = z.enum(["published", "hidden"]);
const OwnReviewRow = ReviewRow.extend({ status: ReviewStatus, counted: z.boolean(), held: z.boolean() });
const CountedReviewRow = ReviewRow.extend({ counted: z.boolean() });
const MarkRow = z.object({ id: z.string(), kind: z.enum(["helpful", "reported"]) });
const ProfileReviewRow = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  comment: z.string(),
  rating: z.number(),
  created_at: z.string(),
});
const ReportedReviewRow = ReviewRow.extend({
  status: ReviewStatus,
  tool_name: z.string(),
  tool_slug: z.string(),
  hold_reason: z.string().nullable(),
});
const ReportRow = z.object({ review_id: z.string(), reason: z.string(), created_at: z.string(), reporter: z.string() });
const ModerationTargetRow = z.object({ tool_id: z.string(), status: ReviewStatus, open_reports: z.number() });
const HiddenReviewRow = ReviewRow.extend({
  tool_name: z.string(),
  tool_slug: z.string(),
  moderated_at: z.string().nullable(),
});
const LockedStatusRow = z.object({ status: ReviewStatus, withdrawn: z.boolean() });

const REVIEW_COLUMNS = sql`r.id::text AS id, r.tool_id::text AS tool_id, r.rating, r.comment, r.helpful_count,
  r.created_at, r.updated_at, u.id AS user_id, ${publicMemberName("u")} AS name, u.username, u.image, p.is_verified,
  p.verification_type::text AS verification_type, rr.body AS reply_body, ${publicMemberName("ru")} AS reply_name,
  rr.updated_at AS reply_updated_at, u.email_verified, u.created_at AS member_since, r.uses_at_work,
  ${trackRecord(sql`u.id`, sql`u.created_at`)} AS track_record`;
const REVIEW_FROM = sql`reviews r JOIN users u ON u.id = r.user_id LEFT JOIN user_profiles p ON p.user_id = u.id
  LEFT JOIN review_replies rr ON rr.review_id = r.id LEFT JOIN users ru ON ru.id = rr.user_id`;

function toItem(row: ReviewRow): ReviewItem {
  return {
    id: row.id,
    toolId: row.tool_id,
    rating: Number(row.rating),
    comment: row.comment,
    helpful: Number(row.helpful_count),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    author: {
      id: row.user_id,
      name: row.name,
      username: row.username,
      avatarUrl: row.image,
      verified: row.is_verified ? row.verification_type : null,
    },
    evidence: {
      emailVerified: row.email_verified,
      memberSince: new Date(row.member_since).toISOString(),
      trackRecord: row.track_record,
      usesAtWorkSelfDeclared: row.uses_at_work,
    },
    makerReply:
      row.reply_body && row.reply_updated_at
        ? {
            body: row.reply_body,
            makerName: row.reply_name ?? "The maker",
            updatedAt: new Date(row.reply_updated_at).toISOString(),
          }
        : null,
  };
}

/** A published tool's id by id or slug, or a 404. */
export async function resolveToolId(db: Db, idOrSlug: string): Promise<string> {
  const key = idOrSlug.trim().toLowerCase();
  if (key && key.length <= 200) {
    const match = UUID.test(key) ? sql`id = ${key}::uuid` : sql`slug = ${key}`;
    const [row] = await queryRows(
      db,
      sql`SELECT id::text AS id FROM tools WHERE ${match} AND status = 'active' LIMIT 1`,
      IdRow,
    );
    if (row) return row.id;
  }
  throw new AppError("not_found", REVIEW_MESSAGES.toolNotFound);
}

async function limit(db: Db, rule: keyof typeof REVIEW_RULES, userId: string, now: Date): Promise<void> {
  const result = await consumeRateLimit(db, `review-${rule}:user:${userId}`, REVIEW_RULES[rule], now);
  if (!result.allowed) {
    throw new AppError("rate_limited", REVIEW_MESSAGES.tooMany, { retryAfterSec: result.retryAfterSec });
  }
}

/**
 * The one rule for "this review counts" (ADR 0029): published, not held for a moderator (ADR 0069),
 * and its author's account is at least
 * REVIEW_GATE.minAccountAgeHours old with a verified e-mail address. Rating, count, ranking, the
 * search's popularity prior and the public list all read it. `r` is the reviews alias.
 */
export function countedReview(now: Date) {
  return sql`(r.status = 'published' AND r.withdrawn_at IS NULL AND r.held_at IS NULL AND EXISTS (
    SELECT 1 FROM users gate WHERE gate.id = r.user_id
      AND ${passesAccountGate("gate", sql`${now.toISOString()}::timestamptz`)}))`;
}

/** The stored prior (rating_prior); RATING_PRIOR_DEFAULT before the first refresh. */
export async function ratingPrior(db: Db): Promise<{ mean: number; reviews: number; computedAt: string | null }> {
  const [row] = await queryRows(db, sql`SELECT mean, reviews, computed_at FROM rating_prior WHERE id = 1`, PriorRow);
  return row
    ? { mean: Number(row.mean), reviews: Number(row.reviews), computedAt: new Date(row.computed_at).toISOString() }
    : { mean: RATING_PRIOR_DEFAULT, reviews: 0, computedAt: null };
}

const PRIOR = sql`coalesce((SELECT mean FROM rating_prior WHERE id = 1), ${RATING_PRIOR_DEFAULT}::real)`;

/**
 * Recomputes a tool's rating, review count and Bayesian score from its counted reviews, with the
 * stored prior (so every tool's score uses the same prior between refreshes). The tool row is locked
 * first (callers lock it before touching reviews), so concurrent writers queue on it and the last
 * one counts every committed review: the figures are exact, never incremented blindly.
 */
export async function recomputeToolRating(
  tx: Db,
  toolId: string,
  now: Date = new Date(),
): Promise<{ rating: number; reviewCount: number }> {
  // Weighted by reviewer evidence and recency (review-trust.ts, ADR 0069).
  const [row] = await queryRows(
    tx,
    sql`WITH ${weightedFigures(countedReview(now), sql`r.tool_id = ${toolId}::uuid`, now)}
        UPDATE tools t SET rating = coalesce(s.rating, 0), review_count = coalesce(s.n, 0), rating_score = s.score
        FROM (SELECT x.id, ${WEIGHTED_RATING} AS rating, f.n, ${weightedScore(PRIOR)} AS score
                FROM (SELECT ${toolId}::uuid AS id) x LEFT JOIN f ON f.tool_id = x.id) s
        WHERE t.id = s.id
        RETURNING t.rating, t.review_count`,
    FiguresRow,
  );
  return { rating: Number(row?.rating ?? 0), reviewCount: Number(row?.review_count ?? 0) };
}

/**
 * The recount job (every RATING_REFRESH_EVERY_MS): reviews whose authors' accounts came of age or
 * got verified start counting, weights follow reviewers' evidence and reviews' age, the prior
 * becomes the weighted mean of all counted reviews, and every tool's score is recomputed with it —
 * one statement each, in one transaction, changing only rows whose figures differ. Idempotent.
 */
export async function refreshRatings(db: Db, now: Date): Promise<{ changed: number; prior: number }> {
  return db.transaction(async (tx) => {
    const active = sql`r.tool_id IN (SELECT id FROM tools WHERE status = 'active')`;
    const [mean] = await queryRows(
      tx,
      sql`WITH ${weightedFigures(countedReview(now), active, now)}
          SELECT (sum(f.wr) / nullif(sum(f.wt), 0))::float8 AS mean, coalesce(sum(f.n), 0)::int AS n FROM f`,
      MeanRow,
    );
    const prior = mean?.mean == null ? RATING_PRIOR_DEFAULT : Number(mean.mean);
    await tx.execute(
      sql`INSERT INTO rating_prior (id, mean, reviews, computed_at) VALUES (1, ${prior}, ${Number(mean?.n ?? 0)}, ${now.toISOString()}::timestamptz)
          ON CONFLICT (id) DO UPDATE SET mean = EXCLUDED.mean, reviews = EXCLUDED.reviews, computed_at = EXCLUDED.computed_at`,
    );
    // An UPDATE of these columns moves the content version (a statement trigger, even when it
    // changes no row) and so empties every page cache: it runs only when some tool's figures differ.
    const differs = sql`(t.rating IS DISTINCT FROM v.rating OR t.review_count IS DISTINCT FROM v.n OR t.rating_score IS DISTINCT FROM v.score)`;
    const figures = sql`${weightedFigures(countedReview(now), sql`true`, now)},
          v AS (SELECT t.id, coalesce(${WEIGHTED_RATING}, 0)::real AS rating, coalesce(f.n, 0)::int AS n,
                       ${weightedScore(sql`${prior}::float8`)} AS score
                  FROM tools t LEFT JOIN f ON f.tool_id = t.id
                 WHERE t.review_count > 0 OR t.rating_score IS NOT NULL OR f.tool_id IS NOT NULL)`;
    const [stale] = await queryRows(
      tx,
      sql`WITH ${figures} SELECT EXISTS (SELECT 1 FROM tools t JOIN v ON v.id = t.id WHERE ${differs}) AS stale`,
      StaleRow,
    );
    if (!stale?.stale) return { changed: 0, prior };
    const changed = await queryRows(
      tx,
      sql`WITH ${figures}
          UPDATE tools t SET rating = v.rating, review_count = v.n, rating_score = v.score
            FROM v WHERE t.id = v.id AND ${differs}
          RETURNING t.id::text AS id`,
      IdRow,
    );
    return { changed: changed.length, prior };
  });
}

export async function lockTool(tx: Db, toolId: string): Promise<void> {
  await tx.execute(sql`SELECT id FROM tools WHERE id = ${toolId}::uuid FOR UPDATE`);
}

/** Writes or edits the member's one review of a tool; the tool's figures change in the same transaction. */
export async function saveReview(
  deps: CommunityDeps,
  userId: string,
  toolIdOrSlug: string,
  input: ReviewInput,
): Promise<{ review: ReviewItem; created: boolean; held: boolean }> {
  const { db, activity, clock } = deps;
  const now = clock.now();
  const toolId = await resolveToolId(db, toolIdOrSlug);
  await assertMayReview(db, userId, toolId);
  await limit(db, "write", userId, now);
  const { id, created, held } = await db.transaction(async (tx) => {
    await lockTool(tx, toolId);
    const [row] = await queryRows(
      tx,
      sql`INSERT INTO reviews (tool_id, user_id, rating, comment, uses_at_work, created_at, updated_at)
          VALUES (${toolId}::uuid, ${userId}, ${input.rating}, ${input.comment}, ${input.usesAtWork === true},
                  ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          ON CONFLICT (tool_id, user_id) DO UPDATE SET rating = EXCLUDED.rating, comment = EXCLUDED.comment,
            uses_at_work = EXCLUDED.uses_at_work,
            updated_at = EXCLUDED.updated_at, withdrawn_at = NULL,
            -- A review a moderator hid stays hidden when edited or written again (even after the
            -- author deleted it): it goes back to the moderation queue instead (ADR 0029).
            resubmitted_at = CASE WHEN reviews.status = 'hidden' THEN EXCLUDED.updated_at ELSE reviews.resubmitted_at END
          RETURNING id::text AS id, (xmax = 0) AS created`,
      SavedRow,
    );
    if (!row) throw new AppError("internal", "The review was not saved");
    const held = await holdIfSuspect(tx, toolId, row.id, userId, now);
    if (held) {
      await recordAudit(tx, {
        actor: SYSTEM_ACTOR,
        action: "review.hold",
        targetType: "review",
        targetId: row.id,
        before: null,
        after: { toolId, heldAt: now.toISOString() },
        reason: held,
        at: now,
      });
    }
    await recomputeToolRating(tx, toolId, now);
    if (row.created) {
      await activity.emit(tx, { type: "review.created", userId, toolId, reviewId: row.id, rating: input.rating }, now);
    }
    return { ...row, held: held !== null };
  });
  const review = await getReview(db, id);
  if (!review) throw new AppError("internal", "The review was not saved");
  return { review, created, held };
}

/** Deletes the member's own review (admins hide instead: moderation keeps the record). */
export async function deleteReview(deps: CommunityDeps, userId: string, reviewId: string): Promise<void> {
  const { db, activity, clock } = deps;
  const now = clock.now();
  await limit(db, "write", userId, now);
  const [found] = await queryRows(
    db,
    sql`SELECT tool_id::text AS tool_id, user_id FROM reviews WHERE id = ${reviewId}::uuid`,
    AuthorRow,
  );
  if (!found || found.user_id !== userId) throw new AppError("not_found", REVIEW_MESSAGES.reviewNotFound);
  await db.transaction(async (tx) => {
    await lockTool(tx, found.tool_id);
    // A hidden review is withdrawn, not deleted: the moderator's decision stays with the row, so
    // writing the review again cannot publish it unmoderated (ADR 0029).
    const deleted = await queryRows(
      tx,
      sql`WITH w AS (UPDATE reviews SET withdrawn_at = ${now.toISOString()}::timestamptz
                      WHERE id = ${reviewId}::uuid AND user_id = ${userId} AND status = 'hidden' AND withdrawn_at IS NULL
                      RETURNING id),
               d AS (DELETE FROM reviews WHERE id = ${reviewId}::uuid AND user_id = ${userId} AND status <> 'hidden'
                      RETURNING id)
          SELECT id::text AS id FROM w UNION ALL SELECT id::text AS id FROM d`,
      IdRow,
    );
    if (!deleted.length) throw new AppError("not_found", REVIEW_MESSAGES.reviewNotFound);
    await recomputeToolRating(tx, found.tool_id, now);
    await activity.emit(tx, { type: "review.deleted", userId, toolId: found.tool_id, reviewId }, now);
  });
}

/** One 'helpful' vote per member per review, never on one's own. Returns the new count. */
export async function markHelpful(deps: CommunityDeps, voterId: string, reviewId: string): Promise<number> {
  const { db, activity, clock } = deps;
  const now = clock.now();
  const [found] = await queryRows(
    db,
    sql`SELECT tool_id::text AS tool_id, user_id FROM reviews WHERE id = ${reviewId}::uuid AND status = 'published'`,
    AuthorRow,
  );
  if (!found) throw new AppError("not_found", REVIEW_MESSAGES.reviewNotFound);
  if (found.user_id === voterId) throw new AppError("forbidden", REVIEW_MESSAGES.ownHelpful);
  await limit(db, "helpful", voterId, now);
  return db.transaction(async (tx) => {
    // Votes on one review queue on its row; each statement after the lock sees the votes committed
    // before it (on PostgreSQL an UPDATE's sub-select would otherwise keep its older snapshot).
    await tx.execute(sql`SELECT id FROM reviews WHERE id = ${reviewId}::uuid FOR UPDATE`);
    const inserted = await queryRows(
      tx,
      sql`INSERT INTO review_votes (review_id, user_id, created_at) VALUES (${reviewId}::uuid, ${voterId}, ${now.toISOString()}::timestamptz)
          ON CONFLICT DO NOTHING RETURNING review_id::text AS review_id`,
      z.object({ review_id: z.string() }),
    );
    if (!inserted.length) throw new AppError("conflict", REVIEW_MESSAGES.alreadyHelpful);
    // Counted from the rows, not incremented: exact however many votes arrive at once.
    const [row] = await queryRows(
      tx,
      sql`UPDATE reviews SET helpful_count = (SELECT count(*)::int FROM review_votes WHERE review_id = ${reviewId}::uuid)
          WHERE id = ${reviewId}::uuid RETURNING helpful_count`,
      z.object({ helpful_count: z.number() }),
    );
    await activity.emit(
      tx,
      { type: "review.helpful", userId: found.user_id, voterId, reviewId, toolId: found.tool_id },
      now,
    );
    return Number(row?.helpful_count ?? 0);
  });
}

/** A member reports a review (one report each); it joins the moderation queue. */
export async function reportReview(
  deps: CommunityDeps,
  reporterId: string,
  reviewId: string,
  reason: string,
): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  const [found] = await queryRows(
    db,
    sql`SELECT user_id FROM reviews WHERE id = ${reviewId}::uuid AND status = 'published'`,
    z.object({ user_id: z.string() }),
  );
  if (!found) throw new AppError("not_found", REVIEW_MESSAGES.reviewNotFound);
  if (found.user_id === reporterId) throw new AppError("forbidden", REVIEW_MESSAGES.ownReport);
  await limit(db, "report", reporterId, now);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM reviews WHERE id = ${reviewId}::uuid FOR UPDATE`);
    const inserted = await queryRows(
      tx,
      sql`INSERT INTO review_reports (review_id, user_id, reason, created_at)
          VALUES (${reviewId}::uuid, ${reporterId}, ${reason}, ${now.toISOString()}::timestamptz)
          ON CONFLICT DO NOTHING RETURNING id::text AS id`,
      IdRow,
    );
    if (!inserted.length) throw new AppError("conflict", REVIEW_MESSAGES.alreadyReported);
    await tx.execute(
      sql`UPDATE reviews SET open_reports = (SELECT count(*)::int FROM review_reports
            WHERE review_id = ${reviewId}::uuid AND resolution IS NULL) WHERE id = ${reviewId}::uuid`,
    );
  });
}

export async function getReview(db: Db, reviewId: string): Promise<ReviewItem | null> {
  const [row] = await queryRows(
    db,
    sql`SELECT ${REVIEW_COLUMNS} FROM ${REVIEW_FROM} WHERE r.id = ${reviewId}::uuid`,
    ReviewRow,
  );
  return row ? toItem(row) : null;
}

/** The member's own review of a tool (published or hidden: they may still edit or delete it). */
export async function getMyReview(
  db: Db,
  userId: string,
  toolId: string,
  now: Date = new Date(),
): Promise<(ReviewItem & { hidden: boolean; counted: boolean; held: boolean }) | null> {
  const [row] = await queryRows(
    db,
    sql`SELECT ${REVIEW_COLUMNS}, r.status::text AS status, ${countedReview(now)} AS counted,
          r.held_at IS NOT NULL AS held FROM ${REVIEW_FROM}
        WHERE r.tool_id = ${toolId}::uuid AND r.user_id = ${userId} AND r.withdrawn_at IS NULL`,
    OwnReviewRow,
  );
  return row
    ? { ...toItem(row), hidden: row.status === "hidden", counted: row.counted === true, held: row.held === true }
    : null;
}

export type ReviewPage = {
  /** `counted`: whether the review counts in the tool's rating yet (countedReview) */
  items: (ReviewItem & { counted: boolean })[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
  sort: ReviewSort;
  /** how many counted reviews gave 1, 2, 3, 4 and 5 stars (issue 35: the spread, not only the mean) */
  distribution: [number, number, number, number, number];
};

/**
 * A tool's published reviews, newest or most helpful first, paged. Each says whether it counts in
 * the rating yet (countedReview); the ones that wait are shown, labelled, so nothing is hidden.
 */
export async function listToolReviews(
  db: Db,
  toolId: string,
  query: { sort: ReviewSort; page: number },
  pageSize: number = REVIEW_LIMITS.pageSize,
  now: Date = new Date(),
): Promise<ReviewPage> {
  const order =
    query.sort === "helpful" ? sql`r.helpful_count DESC, r.created_at DESC, r.id` : sql`r.created_at DESC, r.id`;
  const [count] = await queryRows(
    db,
    sql`SELECT count(*)::int AS n FROM reviews r WHERE r.tool_id = ${toolId}::uuid AND r.status = 'published'
          AND r.withdrawn_at IS NULL AND r.held_at IS NULL`,
    CountRow,
  );
  const total = Number(count?.n ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, totalPages);
  const rows = await queryRows(
    db,
    sql`SELECT ${REVIEW_COLUMNS}, ${countedReview(now)} AS counted FROM ${REVIEW_FROM}
        WHERE r.tool_id = ${toolId}::uuid AND r.status = 'published' AND r.withdrawn_at IS NULL AND r.held_at IS NULL
        ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    CountedReviewRow,
  );
  const spread = await queryRows(
    db,
    sql`SELECT r.rating, count(*)::int AS n FROM reviews r WHERE r.tool_id = ${toolId}::uuid AND ${countedReview(now)}
        GROUP BY r.rating`,
    z.object({ rating: z.number(), n: z.number() }),
  );
  const distribution: ReviewPage["distribution"] = [0, 0, 0, 0, 0];
  for (const s of spread) distribution[Number(s.rating) - 1] = Number(s.n);
  return {
    items: rows.map((row) => ({ ...toItem(row), counted: row.counted === true })),
    total,
    page,
    pageSize,
    totalPages,
    sort: query.sort,
    distribution,
  };
}

/** Which of these reviews the member marked helpful or reported (to disable the buttons). */
export async function myReviewMarks(
  db: Db,
  userId: string,
  reviewIds: string[],
): Promise<{ helpful: string[]; reported: string[] }> {
  if (!reviewIds.length) return { helpful: [], reported: [] };
  const ids = sql.join(
    reviewIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const helpful = await queryRows(
    db,
    sql`SELECT review_id::text AS id FROM review_votes WHERE user_id = ${userId} AND review_id IN (${ids})`,
    IdRow,
  );
  const reported = await queryRows(
    db,
    sql`SELECT review_id::text AS id FROM review_reports WHERE user_id = ${userId} AND review_id IN (${ids})`,
    IdRow,
  );
  return { helpful: helpful.map((r) => r.id), reported: reported.map((r) => r.id) };
}

/**
 * The reviews of one tool the member marked helpful or reported, whichever page of reviews is shown
 * (the personal request of a shared tool page, ADR 0032, does not know which reviews are on screen).
 */
export async function myReviewMarksOnTool(
  db: Db,
  userId: string,
  toolId: string,
): Promise<{ helpful: string[]; reported: string[] }> {
  const rows = await queryRows(
    db,
    sql`SELECT v.review_id::text AS id, 'helpful' AS kind FROM review_votes v JOIN reviews r ON r.id = v.review_id
        WHERE v.user_id = ${userId} AND r.tool_id = ${toolId}::uuid
        UNION ALL
        SELECT p.review_id::text, 'reported' FROM review_reports p JOIN reviews r ON r.id = p.review_id
        WHERE p.user_id = ${userId} AND r.tool_id = ${toolId}::uuid`,
    MarkRow,
  );
  return {
    helpful: rows.filter((r) => r.kind === "helpful").map((r) => r.id),
    reported: rows.filter((r) => r.kind === "reported").map((r) => r.id),
  };
}

export type ProfileReview = {
  id: string;
  tool: { name: string; slug: string };
  comment: string;
  rating: number;
  createdAt: string;
};

/** A member's published reviews of published tools, for the public profile (spec §2). */
export async function listUserReviews(db: Db, userId: string, max = 50): Promise<ProfileReview[]> {
  const rows = await queryRows(
    db,
    sql`SELECT r.id::text AS id, t.name, t.slug, r.comment, r.rating, r.created_at
        FROM reviews r JOIN tools t ON t.id = r.tool_id
        WHERE r.user_id = ${userId} AND r.status = 'published' AND r.held_at IS NULL AND t.status = 'active'
        ORDER BY r.created_at DESC LIMIT ${max}`,
    ProfileReviewRow,
  );
  return rows.map((r) => ({
    id: r.id,
    tool: { name: r.name, slug: r.slug },
    comment: r.comment,
    rating: Number(r.rating),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

// ---------------------------------------------------------------------------------------------
// Moderation (admins): reported reviews, hide or keep, audited.

export type ReportedReview = ReviewItem & {
  tool: { name: string; slug: string };
  status: "published" | "hidden";
  reports: { reason: string; createdAt: string; reporter: string }[];
  /** why the burst or related-accounts rule held it (moderators only, ADR 0069), or null */
  holdReason: string | null;
};

export const ModerationDecision = z.object({
  decision: z.enum(["hide", "keep"], { message: "Choose hide or keep" }),
  note: z.string().trim().max(500, "The note can be at most 500 characters").optional(),
});

/** Reviews with open reports, most reported first. */
export async function listReportedReviews(db: Db, max = 100): Promise<ReportedReview[]> {
  const rows = await queryRows(
    db,
    sql`SELECT ${REVIEW_COLUMNS}, r.status::text AS status, t.name AS tool_name, t.slug AS tool_slug,
          CASE WHEN r.held_at IS NOT NULL THEN r.hold_reason END AS hold_reason
        FROM ${REVIEW_FROM} JOIN tools t ON t.id = r.tool_id
        WHERE (r.open_reports > 0 OR (r.status = 'hidden' AND r.resubmitted_at IS NOT NULL AND r.withdrawn_at IS NULL)
               OR (r.held_at IS NOT NULL AND r.status = 'published' AND r.withdrawn_at IS NULL))
        ORDER BY r.open_reports DESC, r.held_at DESC NULLS LAST, r.created_at DESC LIMIT ${max}`,
    ReportedReviewRow,
  );
  if (!rows.length) return [];
  const ids = sql.join(
    rows.map((r) => sql`${r.id}::uuid`),
    sql`, `,
  );
  const reports = await queryRows(
    db,
    sql`SELECT rr.review_id::text AS review_id, rr.reason, rr.created_at, u.name AS reporter
        FROM review_reports rr JOIN users u ON u.id = rr.user_id
        WHERE rr.resolution IS NULL AND rr.review_id IN (${ids}) ORDER BY rr.created_at`,
    ReportRow,
  );
  return rows.map((row) => ({
    ...toItem(row),
    status: row.status,
    tool: { name: row.tool_name, slug: row.tool_slug },
    holdReason: row.hold_reason,
    reports: reports
      .filter((r) => r.review_id === row.id)
      .map((r) => ({ reason: r.reason, createdAt: new Date(r.created_at).toISOString(), reporter: r.reporter })),
  }));
}

/**
 * An admin hides a reported review (it leaves the tool's rating) or keeps it; the open reports are
 * closed with the decision. One transaction with the audit row.
 */
export async function moderateReview(
  deps: Pick<CommunityDeps, "db" | "clock">,
  actor: AuditActor,
  reviewId: string,
  decision: "hide" | "keep",
  note?: string | null,
  requestId?: string | null,
): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  const [found] = await queryRows(
    db,
    sql`SELECT tool_id::text AS tool_id, status::text AS status, open_reports FROM reviews WHERE id = ${reviewId}::uuid`,
    ModerationTargetRow,
  );
  if (!found) throw new AppError("not_found", REVIEW_MESSAGES.reviewNotFound);
  await db.transaction(async (tx) => {
    await lockTool(tx, found.tool_id);
    const status = decision === "hide" ? "hidden" : "published";
    await tx.execute(
      sql`UPDATE reviews SET status = ${status}, open_reports = 0, moderated_at = ${now.toISOString()}::timestamptz,
            resubmitted_at = NULL, held_at = NULL, hold_reason = NULL
          WHERE id = ${reviewId}::uuid`,
    );
    await tx.execute(
      sql`UPDATE review_reports SET resolution = ${decision === "hide" ? "hidden" : "kept"},
            resolved_at = ${now.toISOString()}::timestamptz
          WHERE review_id = ${reviewId}::uuid AND resolution IS NULL`,
    );
    const figures = await recomputeToolRating(tx, found.tool_id, now);
    await recordAudit(tx, {
      actor,
      action: decision === "hide" ? "review.hide" : "review.keep",
      targetType: "review",
      targetId: reviewId,
      before: { status: found.status, openReports: Number(found.open_reports) },
      after: { status, toolRating: figures.rating, toolReviewCount: figures.reviewCount },
      reason: note ?? null,
      requestId: requestId ?? null,
      at: now,
    });
  });
}

export type HiddenReview = ReviewItem & { tool: { name: string; slug: string }; moderatedAt: string | null };

/**
 * Reviews a moderator hid that can be restored (issue 21): not withdrawn by their author — a review
 * its author deleted after it was hidden stays hidden (ADR 0029), and one written again waits in the
 * reported list instead.
 */
export async function listHiddenReviews(db: Db, max = 100): Promise<HiddenReview[]> {
  const rows = await queryRows(
    db,
    sql`SELECT ${REVIEW_COLUMNS}, t.name AS tool_name, t.slug AS tool_slug, r.moderated_at
        FROM ${REVIEW_FROM} JOIN tools t ON t.id = r.tool_id
        WHERE r.status = 'hidden' AND r.withdrawn_at IS NULL AND r.resubmitted_at IS NULL AND r.open_reports = 0
        ORDER BY r.moderated_at DESC NULLS LAST, r.created_at DESC LIMIT ${max}`,
    HiddenReviewRow,
  );
  return rows.map((row) => ({
    ...toItem(row),
    tool: { name: row.tool_name, slug: row.tool_slug },
    moderatedAt: row.moderated_at ? new Date(row.moderated_at).toISOString() : null,
  }));
}

export const WITHDRAWN_STAYS_HIDDEN = "Its author deleted this review after it was hidden, so it stays hidden.";

/**
 * Undoes a hide (issue 21): the review is published again and counts in the tool's rating by the
 * usual gate; audited in the same transaction. A review withdrawn by its author is not restored.
 */
export async function restoreReview(
  deps: Pick<CommunityDeps, "db" | "clock">,
  actor: AuditActor,
  reviewId: string,
  note?: string | null,
  requestId?: string | null,
): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  const [found] = await queryRows(
    db,
    sql`SELECT tool_id::text AS tool_id FROM reviews WHERE id = ${reviewId}::uuid`,
    ToolIdRow,
  );
  if (!found) throw new AppError("not_found", REVIEW_MESSAGES.reviewNotFound);
  await db.transaction(async (tx) => {
    await lockTool(tx, found.tool_id);
    const [row] = await queryRows(
      tx,
      sql`SELECT status::text AS status, withdrawn_at IS NOT NULL AS withdrawn FROM reviews
          WHERE id = ${reviewId}::uuid FOR UPDATE`,
      LockedStatusRow,
    );
    if (!row) throw new AppError("not_found", REVIEW_MESSAGES.reviewNotFound);
    if (row.withdrawn) throw new AppError("conflict", WITHDRAWN_STAYS_HIDDEN);
    if (row.status !== "hidden") throw new AppError("conflict", "This review is not hidden.");
    await tx.execute(
      sql`UPDATE reviews SET status = 'published', moderated_at = ${now.toISOString()}::timestamptz, resubmitted_at = NULL
          WHERE id = ${reviewId}::uuid`,
    );
    const figures = await recomputeToolRating(tx, found.tool_id, now);
    await recordAudit(tx, {
      actor,
      action: "review.restore",
      targetType: "review",
      targetId: reviewId,
      before: { status: "hidden" },
      after: { status: "published", toolRating: figures.rating, toolReviewCount: figures.reviewCount },
      reason: note ?? null,
      requestId: requestId ?? null,
      at: now,
    });
  });
}
