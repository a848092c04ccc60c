import { z } from "zod";
import { recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { uuidSchema } from "../../platform/ids.ts";
import { publicMemberName } from "../../platform/public-name.ts";
import { consumeRateLimit, type RateRule } from "../../platform/rate-limit.ts";
import { textBlock, textLine } from "../../platform/text.ts";
import type { CommunityServices } from "./services.ts";
import { resolveToolId } from "./tool-lookup.ts";

/**
 * Maker AMAs (issue 35 item 2, ADR 0077): a tool's verified maker or an editor schedules an "ask me
 * anything". Before it starts members ask and upvote (once each); from its start the host answers;
 * after its end it stays as an archive. Askers and followers get one reminder by e-mail before the
 * start (a job, `AMA_REMINDER_JOB`).
 */

export const AMA_LIMITS = {
  titleMin: 5,
  titleMax: 120,
  descriptionMax: 1000,
  questionMin: 10,
  questionMax: 500,
  answerMin: 2,
  answerMax: 3000,
  maxHours: 8,
  /** how far ahead an AMA may be scheduled */
  maxDaysAhead: 180,
  /** the reminder goes this long before the start */
  reminderMinutes: 60,
} as const;

export const AMA_MESSAGES = {
  notFound: "AMA not found",
  questionNotFound: "Question not found",
  toolNotFound: "Tool not found",
  notHost: "Only the tool's verified maker or an editor can host an AMA for it.",
  notAnswerer: "Only the AMA's host, the tool's verified maker or an editor can answer.",
  titleShort: `Give the AMA a title of at least ${AMA_LIMITS.titleMin} characters`,
  titleLong: `The title can be at most ${AMA_LIMITS.titleMax} characters`,
  descriptionLong: `The description can be at most ${AMA_LIMITS.descriptionMax} characters`,
  startInvalid: "Enter the start as a date and time (UTC)",
  endInvalid: "Enter the end as a date and time (UTC)",
  endBeforeStart: "The end must be after the start",
  tooLong: `An AMA lasts at most ${AMA_LIMITS.maxHours} hours`,
  inPast: "The start must be in the future",
  tooFar: `Schedule at most ${AMA_LIMITS.maxDaysAhead} days ahead`,
  questionShort: `Your question must be at least ${AMA_LIMITS.questionMin} characters`,
  questionLong: `Your question can be at most ${AMA_LIMITS.questionMax} characters`,
  answerShort: `Write an answer of at least ${AMA_LIMITS.answerMin} characters`,
  answerLong: `The answer can be at most ${AMA_LIMITS.answerMax} characters`,
  ended: "This AMA has ended: it no longer takes questions.",
  cancelled: "This AMA was cancelled.",
  notStarted: "Answers open when the AMA starts.",
  ownQuestion: "You cannot upvote your own question.",
  tooMany: "Too many requests. Please wait and try again.",
} as const;

/** Per member: questions, upvotes, schedules. */
export const AMA_RULES: Record<"ask" | "vote" | "schedule" | "answer", RateRule> = {
  ask: { max: 10, windowSec: 3600 },
  vote: { max: 60, windowSec: 3600 },
  schedule: { max: 5, windowSec: 86_400 },
  answer: { max: 120, windowSec: 3600 },
};

export const AMA_REMINDER_JOB = "community.ama-reminder";

// A `datetime-local` field's value (no zone): read as UTC, which the form says.
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const utcTime = (message: string) =>
  z
    .string()
    .trim()
    .regex(LOCAL_TIME, message)
    .transform((v, ctx) => {
      const d = new Date(`${v}Z`);
      if (Number.isNaN(d.getTime())) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return d;
    });

export const AmaScheduleInput = z
  .object({
    tool: z.string().trim().min(1, AMA_MESSAGES.toolNotFound).max(200, AMA_MESSAGES.toolNotFound),
    title: textLine("Title").pipe(
      z.string().min(AMA_LIMITS.titleMin, AMA_MESSAGES.titleShort).max(AMA_LIMITS.titleMax, AMA_MESSAGES.titleLong),
    ),
    description: textBlock("Description")
      .pipe(z.string().max(AMA_LIMITS.descriptionMax, AMA_MESSAGES.descriptionLong))
      .default(""),
    startsAt: utcTime(AMA_MESSAGES.startInvalid),
    endsAt: utcTime(AMA_MESSAGES.endInvalid),
  })
  .superRefine((v, ctx) => {
    // A field its own rule refused is not compared.
    if (!(v.startsAt instanceof Date) || !(v.endsAt instanceof Date)) return;
    if (v.endsAt <= v.startsAt)
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: AMA_MESSAGES.endBeforeStart });
    else if (v.endsAt.getTime() - v.startsAt.getTime() > AMA_LIMITS.maxHours * 3_600_000)
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: AMA_MESSAGES.tooLong });
  });
export type AmaScheduleInput = z.infer<typeof AmaScheduleInput>;

export const AmaId = uuidSchema(AMA_MESSAGES.notFound);
export const AmaQuestionId = uuidSchema(AMA_MESSAGES.questionNotFound);
export const AmaQuestionInput = z.object({
  body: textBlock("Question").pipe(
    z
      .string()
      .min(AMA_LIMITS.questionMin, AMA_MESSAGES.questionShort)
      .max(AMA_LIMITS.questionMax, AMA_MESSAGES.questionLong),
  ),
});
export const AmaAnswerInput = z.object({
  questionId: AmaQuestionId,
  answer: textBlock("Answer").pipe(
    z.string().min(AMA_LIMITS.answerMin, AMA_MESSAGES.answerShort).max(AMA_LIMITS.answerMax, AMA_MESSAGES.answerLong),
  ),
});

/** Who acts: a member id and whether they are an editor (admin role). */
export type AmaActor = { id: string; editor: boolean; label: string; requestId?: string | null };
export type AmaPhase = "upcoming" | "live" | "ended" | "cancelled";

export type AmaSummary = {
  id: string;
  title: string;
  tool: { name: string; slug: string };
  hostName: string;
  startsAt: string;
  endsAt: string;
  phase: AmaPhase;
  questions: number;
  answered: number;
};
export type AmaQuestion = {
  id: string;
  body: string;
  askerName: string;
  votes: number;
  createdAt: string;
  answer: string | null;
  answeredAt: string | null;
  /** the viewer's own question / the viewer upvoted it */
  mine: boolean;
  voted: boolean;
};
export type AmaDetail = AmaSummary & {
  description: string;
  questionList: AmaQuestion[];
  viewer: { canAnswer: boolean; following: boolean } | null;
};

const OkRow = z.object({ ok: z.boolean() });
const IdRow = z.object({ id: z.string() });
const CountRow = z.object({ n: z.number() });

async function limit(db: Db, rule: keyof typeof AMA_RULES, userId: string, now: Date): Promise<void> {
  const result = await consumeRateLimit(db, `ama-${rule}:user:${userId}`, AMA_RULES[rule], now);
  if (!result.allowed)
    throw new AppError("rate_limited", AMA_MESSAGES.tooMany, { retryAfterSec: result.retryAfterSec });
}

/** A verified maker of the tool (maker_claims; read here, not through makers, which imports community). */
export async function isToolMaker(db: Db, userId: string, toolId: string): Promise<boolean> {
  const [row] = await queryRows(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM maker_claims WHERE tool_id = ${toolId}::uuid AND user_id = ${userId}
          AND status = 'verified') AS ok`,
    OkRow,
  );
  return row?.ok === true;
}

export function phaseOf(a: { startsAt: Date; endsAt: Date; cancelledAt: Date | null }, now: Date): AmaPhase {
  if (a.cancelledAt) return "cancelled";
  if (now < a.startsAt) return "upcoming";
  if (now < a.endsAt) return "live";
  return "ended";
}

/** Schedules an AMA and its reminder job (in one transaction, with the audit row). */
export async function scheduleAma(
  deps: CommunityServices,
  actor: AmaActor,
  input: AmaScheduleInput,
): Promise<{ id: string }> {
  const now = deps.clock.now();
  let toolId: string;
  try {
    toolId = await resolveToolId(deps.db, input.tool);
  } catch {
    throw new AppError("not_found", AMA_MESSAGES.toolNotFound, { field: "tool" });
  }
  if (!actor.editor && !(await isToolMaker(deps.db, actor.id, toolId))) {
    throw new AppError("forbidden", AMA_MESSAGES.notHost);
  }
  if (input.startsAt <= now) throw new AppError("bad_request", AMA_MESSAGES.inPast, { field: "startsAt" });
  if (input.startsAt.getTime() - now.getTime() > AMA_LIMITS.maxDaysAhead * 86_400_000)
    throw new AppError("bad_request", AMA_MESSAGES.tooFar, { field: "startsAt" });
  await limit(deps.db, "schedule", actor.id, now);
  return transaction(deps.db, async (tx) => {
    const [row] = await queryRows(
      tx,
      sql`INSERT INTO amas (tool_id, host_user_id, title, description, starts_at, ends_at, created_at)
          VALUES (${toolId}::uuid, ${actor.id}, ${input.title}, ${input.description},
                  ${input.startsAt.toISOString()}::timestamptz, ${input.endsAt.toISOString()}::timestamptz,
                  ${now.toISOString()}::timestamptz)
          RETURNING id::text AS id`,
      IdRow,
    );
    if (!row) throw new AppError("internal", "The AMA was not saved");
    const remindAt = new Date(Math.max(now.getTime(), input.startsAt.getTime() - AMA_LIMITS.reminderMinutes * 60_000));
    await deps.jobs.enqueue({ type: AMA_REMINDER_JOB, payload: { amaId: row.id }, runAt: remindAt, key: row.id }, tx);
    await recordAudit(tx, {
      actor,
      action: "ama.schedule",
      targetType: "ama",
      targetId: row.id,
      after: { toolId, startsAt: input.startsAt.toISOString(), endsAt: input.endsAt.toISOString() },
      requestId: actor.requestId ?? null,
      at: now,
    });
    return { id: row.id };
  });
}

const SummaryRow = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  tool_id: z.string(),
  tool_name: z.string(),
  tool_slug: z.string(),
  host_user_id: z.string(),
  host_name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  cancelled_at: z.string().nullable(),
  questions: z.number(),
  answered: z.number(),
});
type SummaryRow = z.infer<typeof SummaryRow>;

const SUMMARY = sql`SELECT a.id::text AS id, a.title, a.description, t.id::text AS tool_id, t.name AS tool_name,
    t.slug AS tool_slug, a.host_user_id, ${publicMemberName("h")} AS host_name, a.starts_at, a.ends_at, a.cancelled_at,
    (SELECT count(*)::int FROM ama_questions q WHERE q.ama_id = a.id AND q.hidden_at IS NULL) AS questions,
    (SELECT count(*)::int FROM ama_questions q WHERE q.ama_id = a.id AND q.hidden_at IS NULL AND q.answer IS NOT NULL) AS answered
  FROM amas a JOIN tools t ON t.id = a.tool_id AND t.status = 'active' JOIN users h ON h.id = a.host_user_id`;

// The allow-list of what an AMA shows in public.
function toSummary(r: SummaryRow, now: Date): AmaSummary {
  const startsAt = new Date(r.starts_at);
  const endsAt = new Date(r.ends_at);
  return {
    id: r.id,
    title: r.title,
    tool: { name: r.tool_name, slug: r.tool_slug },
    hostName: r.host_name,
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    phase: phaseOf({ startsAt, endsAt, cancelledAt: r.cancelled_at ? new Date(r.cancelled_at) : null }, now),
    questions: Number(r.questions),
    answered: Number(r.answered),
  };
}

/** /community/amas: upcoming and live ones soonest first; the archive newest first. */
export async function listAmas(
  db: Db,
  now: Date,
  options: { toolId?: string; limit?: number } = {},
): Promise<{ upcoming: AmaSummary[]; past: AmaSummary[] }> {
  const max = options.limit ?? 50;
  const tool = options.toolId ? sql`AND a.tool_id = ${options.toolId}::uuid` : sql``;
  const at = now.toISOString();
  const [upcoming, past] = await Promise.all([
    queryRows(
      db,
      sql`${SUMMARY} WHERE a.cancelled_at IS NULL AND a.ends_at > ${at}::timestamptz ${tool}
          ORDER BY a.starts_at, a.id LIMIT ${max}`,
      SummaryRow,
    ),
    queryRows(
      db,
      sql`${SUMMARY} WHERE a.cancelled_at IS NULL AND a.ends_at <= ${at}::timestamptz ${tool}
          ORDER BY a.starts_at DESC, a.id LIMIT ${max}`,
      SummaryRow,
    ),
  ]);
  return { upcoming: upcoming.map((r) => toSummary(r, now)), past: past.map((r) => toSummary(r, now)) };
}

/** AMAs held or scheduled (not cancelled, tool listed): the /community card's figure. */
export async function countAmas(db: Db): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`SELECT count(*)::int AS n FROM amas a JOIN tools t ON t.id = a.tool_id AND t.status = 'active'
        WHERE a.cancelled_at IS NULL`,
    CountRow,
  );
  return Number(row?.n ?? 0);
}

const QuestionRow = z.object({
  id: z.string(),
  body: z.string(),
  user_id: z.string(),
  asker: z.string(),
  votes: z.number(),
  voted: z.boolean(),
  created_at: z.string(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
});

/** One AMA with its questions (most upvoted first), as the viewer may see it; null when unknown. */
export async function getAma(
  db: Db,
  id: string,
  now: Date,
  viewer: { id: string; editor: boolean } | null,
): Promise<AmaDetail | null> {
  const [row] = await queryRows(db, sql`${SUMMARY} WHERE a.id = ${id}::uuid`, SummaryRow);
  if (!row) return null;
  const viewerId = viewer?.id ?? "";
  const questions = await queryRows(
    db,
    sql`SELECT q.id::text AS id, q.body, q.user_id, ${publicMemberName("u")} AS asker,
          (SELECT count(*)::int FROM ama_question_votes v WHERE v.question_id = q.id) AS votes,
          EXISTS (SELECT 1 FROM ama_question_votes v WHERE v.question_id = q.id AND v.user_id = ${viewerId}) AS voted,
          q.created_at, q.answer, q.answered_at
        FROM ama_questions q JOIN users u ON u.id = q.user_id
        WHERE q.ama_id = ${id}::uuid AND q.hidden_at IS NULL
        ORDER BY votes DESC, q.created_at, q.id`,
    QuestionRow,
  );
  let viewerPart: AmaDetail["viewer"] = null;
  if (viewer) {
    const [following] = await queryRows(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM ama_followers WHERE ama_id = ${id}::uuid AND user_id = ${viewer.id}) AS ok`,
      OkRow,
    );
    const canAnswer =
      viewer.editor || viewer.id === row.host_user_id || (await isToolMaker(db, viewer.id, row.tool_id));
    viewerPart = { canAnswer, following: following?.ok === true };
  }
  return {
    ...toSummary(row, now),
    description: row.description,
    viewer: viewerPart,
    questionList: questions.map((q) => ({
      id: q.id,
      body: q.body,
      askerName: q.asker,
      votes: Number(q.votes),
      createdAt: new Date(q.created_at).toISOString(),
      answer: q.answer,
      answeredAt: q.answered_at ? new Date(q.answered_at).toISOString() : null,
      mine: q.user_id === viewerId,
      voted: q.voted,
    })),
  };
}

const AmaStateRow = z.object({
  id: z.string(),
  tool_id: z.string(),
  host_user_id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  cancelled_at: z.string().nullable(),
});

async function amaState(db: Db, where: ReturnType<typeof sql>) {
  const [row] = await queryRows(
    db,
    sql`SELECT a.id::text AS id, a.tool_id::text AS tool_id, a.host_user_id, a.starts_at, a.ends_at, a.cancelled_at
        FROM amas a JOIN tools t ON t.id = a.tool_id AND t.status = 'active' WHERE ${where}`,
    AmaStateRow,
  );
  if (!row) return null;
  return {
    ...row,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    cancelledAt: row.cancelled_at ? new Date(row.cancelled_at) : null,
  };
}

/** A member asks (before or during the AMA); the asker follows it, so the reminder reaches them. */
export async function askAmaQuestion(
  deps: CommunityServices,
  userId: string,
  amaId: string,
  input: z.infer<typeof AmaQuestionInput>,
): Promise<{ id: string }> {
  const now = deps.clock.now();
  const ama = await amaState(deps.db, sql`a.id = ${amaId}::uuid`);
  if (!ama) throw new AppError("not_found", AMA_MESSAGES.notFound);
  const phase = phaseOf(ama, now);
  if (phase === "cancelled") throw new AppError("conflict", AMA_MESSAGES.cancelled);
  if (phase === "ended") throw new AppError("conflict", AMA_MESSAGES.ended);
  await limit(deps.db, "ask", userId, now);
  return transaction(deps.db, async (tx) => {
    const [row] = await queryRows(
      tx,
      sql`INSERT INTO ama_questions (ama_id, user_id, body, created_at)
          VALUES (${amaId}::uuid, ${userId}, ${input.body}, ${now.toISOString()}::timestamptz) RETURNING id::text AS id`,
      IdRow,
    );
    await tx.execute(
      sql`INSERT INTO ama_followers (ama_id, user_id, created_at) VALUES (${amaId}::uuid, ${userId}, ${now.toISOString()}::timestamptz)
          ON CONFLICT DO NOTHING`,
    );
    if (!row) throw new AppError("internal", "The question was not saved");
    return row;
  });
}

/** One upvote per member and question (again: no change); never one's own question. */
export async function upvoteAmaQuestion(
  deps: CommunityServices,
  userId: string,
  questionId: string,
): Promise<{ votes: number; added: boolean }> {
  const now = deps.clock.now();
  const [q] = await queryRows(
    deps.db,
    sql`SELECT q.user_id, q.ama_id::text AS id FROM ama_questions q WHERE q.id = ${questionId}::uuid AND q.hidden_at IS NULL`,
    z.object({ user_id: z.string(), id: z.string() }),
  );
  if (!q) throw new AppError("not_found", AMA_MESSAGES.questionNotFound);
  const ama = await amaState(deps.db, sql`a.id = ${q.id}::uuid`);
  if (!ama) throw new AppError("not_found", AMA_MESSAGES.notFound);
  const phase = phaseOf(ama, now);
  if (phase === "cancelled") throw new AppError("conflict", AMA_MESSAGES.cancelled);
  if (phase === "ended") throw new AppError("conflict", AMA_MESSAGES.ended);
  if (q.user_id === userId) throw new AppError("forbidden", AMA_MESSAGES.ownQuestion);
  await limit(deps.db, "vote", userId, now);
  const added = await queryRows(
    deps.db,
    sql`INSERT INTO ama_question_votes (question_id, user_id, created_at)
        VALUES (${questionId}::uuid, ${userId}, ${now.toISOString()}::timestamptz)
        ON CONFLICT DO NOTHING RETURNING user_id AS id`,
    IdRow,
  );
  const [count] = await queryRows(
    deps.db,
    sql`SELECT count(*)::int AS n FROM ama_question_votes WHERE question_id = ${questionId}::uuid`,
    CountRow,
  );
  return { votes: Number(count?.n ?? 0), added: added.length > 0 };
}

/** The host, the tool's verified maker or an editor answers (or edits the answer), from the start on. */
export async function answerAmaQuestion(
  deps: CommunityServices,
  actor: AmaActor,
  input: z.infer<typeof AmaAnswerInput>,
): Promise<void> {
  const now = deps.clock.now();
  const ama = await amaState(
    deps.db,
    sql`a.id = (SELECT ama_id FROM ama_questions WHERE id = ${input.questionId}::uuid AND hidden_at IS NULL)`,
  );
  if (!ama) throw new AppError("not_found", AMA_MESSAGES.questionNotFound);
  const allowed = actor.editor || actor.id === ama.host_user_id || (await isToolMaker(deps.db, actor.id, ama.tool_id));
  if (!allowed) throw new AppError("forbidden", AMA_MESSAGES.notAnswerer);
  const phase = phaseOf(ama, now);
  if (phase === "cancelled") throw new AppError("conflict", AMA_MESSAGES.cancelled);
  if (phase === "upcoming") throw new AppError("conflict", AMA_MESSAGES.notStarted);
  await limit(deps.db, "answer", actor.id, now);
  await deps.db.execute(
    sql`UPDATE ama_questions SET answer = ${input.answer}, answered_by = ${actor.id},
          answered_at = coalesce(answered_at, ${now.toISOString()}::timestamptz)
        WHERE id = ${input.questionId}::uuid`,
  );
}

/** Follow (or stop following) an AMA: followers get the reminder. */
export async function followAma(
  deps: CommunityServices,
  userId: string,
  amaId: string,
  follow: boolean,
): Promise<void> {
  const now = deps.clock.now();
  const ama = await amaState(deps.db, sql`a.id = ${amaId}::uuid`);
  if (!ama) throw new AppError("not_found", AMA_MESSAGES.notFound);
  if (follow) {
    await deps.db.execute(
      sql`INSERT INTO ama_followers (ama_id, user_id, created_at) VALUES (${amaId}::uuid, ${userId}, ${now.toISOString()}::timestamptz)
          ON CONFLICT DO NOTHING`,
    );
  } else {
    await deps.db.execute(sql`DELETE FROM ama_followers WHERE ama_id = ${amaId}::uuid AND user_id = ${userId}`);
  }
}

/** The host, the tool's maker or an editor hides an abusive question (kept for the record, with an audit row). */
export async function hideAmaQuestion(deps: CommunityServices, actor: AmaActor, questionId: string): Promise<void> {
  const now = deps.clock.now();
  const ama = await amaState(
    deps.db,
    sql`a.id = (SELECT ama_id FROM ama_questions WHERE id = ${questionId}::uuid AND hidden_at IS NULL)`,
  );
  if (!ama) throw new AppError("not_found", AMA_MESSAGES.questionNotFound);
  const allowed = actor.editor || actor.id === ama.host_user_id || (await isToolMaker(deps.db, actor.id, ama.tool_id));
  if (!allowed) throw new AppError("forbidden", AMA_MESSAGES.notAnswerer);
  await transaction(deps.db, async (tx) => {
    await tx.execute(
      sql`UPDATE ama_questions SET hidden_at = ${now.toISOString()}::timestamptz WHERE id = ${questionId}::uuid`,
    );
    await recordAudit(tx, {
      actor,
      action: "ama.question_hide",
      targetType: "ama_question",
      targetId: questionId,
      requestId: actor.requestId ?? null,
      at: now,
    });
  });
}
