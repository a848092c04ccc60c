import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { uuidSchema } from "../../platform/ids.ts";
import { publicMemberName } from "../../platform/public-name.ts";

/**
 * Maker AMAs (issue 35 item 2, ADR 0077): a tool's verified maker or an editor schedules an "ask me
 * anything". Before it starts members ask and upvote (once each); from its start the host answers;
 * after its end it stays as an archive. Askers and followers get one reminder by e-mail before the
 * start (a job, `AMA_REMINDER_JOB`).
 *
 * One use case per file (schedule-ama.ts, ask-ama-question.ts, …); this file holds what several of
 * them share: the limits, the messages, the shapes, the phase and the AMA's rows.
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

export const AmaId = uuidSchema(AMA_MESSAGES.notFound);
export const AmaQuestionId = uuidSchema(AMA_MESSAGES.questionNotFound);

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

export function phaseOf(a: { startsAt: Date; endsAt: Date; cancelledAt: Date | null }, now: Date): AmaPhase {
  if (a.cancelledAt) return "cancelled";
  if (now < a.startsAt) return "upcoming";
  if (now < a.endsAt) return "live";
  return "ended";
}

export const SummaryRow = z.object({
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

export const SUMMARY = sql`SELECT a.id::text AS id, a.title, a.description, t.id::text AS tool_id, t.name AS tool_name,
    t.slug AS tool_slug, a.host_user_id, ${publicMemberName("h")} AS host_name, a.starts_at, a.ends_at, a.cancelled_at,
    (SELECT count(*)::int FROM ama_questions q WHERE q.ama_id = a.id AND q.hidden_at IS NULL) AS questions,
    (SELECT count(*)::int FROM ama_questions q WHERE q.ama_id = a.id AND q.hidden_at IS NULL AND q.answer IS NOT NULL) AS answered
  FROM amas a JOIN tools t ON t.id = a.tool_id AND t.status = 'active' JOIN users h ON h.id = a.host_user_id`;

// The allow-list of what an AMA shows in public.
export function toSummary(r: SummaryRow, now: Date): AmaSummary {
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

const AmaStateRow = z.object({
  id: z.string(),
  tool_id: z.string(),
  host_user_id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  cancelled_at: z.string().nullable(),
});

export async function amaState(db: Db, where: ReturnType<typeof sql>) {
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
