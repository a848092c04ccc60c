import { z } from "zod";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID, uuidSchema } from "../../platform/ids.ts";
import { publicMemberName } from "../../platform/public-name.ts";
import { consumeRateLimit, type RateRule } from "../../platform/rate-limit.ts";
import { textBlock, textLine } from "../../platform/text.ts";
import { assertMayReview } from "./review-eligibility.ts";
import type { CommunityServices } from "./services.ts";
import { isToolMaker } from "./tool-maker.ts";

/**
 * Success stories (issue 35 item 3, ADR 0077): a member tells what result they got with one or more
 * tools (problem, tools, outcome, numbers if any). A moderator publishes or rejects it with a reason;
 * a published story shows on /community/stories and on each of its tools' pages, and a verified maker
 * of one of its tools may reply once. The people behind a tool do not write its stories (the reviews'
 * rule, review-eligibility.ts).
 */

export const STORY_LIMITS = {
  titleMin: 5,
  titleMax: 120,
  textMin: 20,
  textMax: 1500,
  numbersMax: 300,
  toolsMax: 3,
  reasonMin: 3,
  reasonMax: 500,
  replyMin: 2,
  replyMax: 1000,
  pageSize: 20,
} as const;

export const STORY_MESSAGES = {
  notFound: "Story not found",
  titleShort: `Give your story a title of at least ${STORY_LIMITS.titleMin} characters`,
  titleLong: `The title can be at most ${STORY_LIMITS.titleMax} characters`,
  problemShort: `Describe the problem in at least ${STORY_LIMITS.textMin} characters`,
  problemLong: `The problem can be at most ${STORY_LIMITS.textMax} characters`,
  outcomeShort: `Describe the outcome in at least ${STORY_LIMITS.textMin} characters`,
  outcomeLong: `The outcome can be at most ${STORY_LIMITS.textMax} characters`,
  numbersLong: `The numbers can be at most ${STORY_LIMITS.numbersMax} characters`,
  noTools: "Name at least one tool you used",
  tooManyTools: `Name at most ${STORY_LIMITS.toolsMax} tools`,
  unknownTool: (name: string) => `We could not find a tool called "${name}" in the directory`,
  reasonShort: `Give the author a reason of at least ${STORY_LIMITS.reasonMin} characters`,
  reasonLong: `The reason can be at most ${STORY_LIMITS.reasonMax} characters`,
  replyShort: `Write a reply of at least ${STORY_LIMITS.replyMin} characters`,
  replyLong: `The reply can be at most ${STORY_LIMITS.replyMax} characters`,
  notMaker: "Only a verified maker of one of the story's tools can reply.",
  alreadyReplied: "This story already has the maker's reply.",
  decided: "This story was already decided.",
  tooMany: "Too many stories for today. Please try again tomorrow.",
} as const;

/** Submissions per member: a story is long work; more than a few a day is a script. */
export const STORY_RULES: Record<"submit" | "reply", RateRule> = {
  submit: { max: 3, windowSec: 86_400 },
  reply: { max: 30, windowSec: 3600 },
};

const toolName = z.string().trim().max(200, STORY_MESSAGES.unknownTool("…"));

export const StoryInput = z.object({
  title: textLine("Title").pipe(
    z
      .string()
      .min(STORY_LIMITS.titleMin, STORY_MESSAGES.titleShort)
      .max(STORY_LIMITS.titleMax, STORY_MESSAGES.titleLong),
  ),
  problem: textBlock("Problem").pipe(
    z
      .string()
      .min(STORY_LIMITS.textMin, STORY_MESSAGES.problemShort)
      .max(STORY_LIMITS.textMax, STORY_MESSAGES.problemLong),
  ),
  outcome: textBlock("Outcome").pipe(
    z
      .string()
      .min(STORY_LIMITS.textMin, STORY_MESSAGES.outcomeShort)
      .max(STORY_LIMITS.textMax, STORY_MESSAGES.outcomeLong),
  ),
  numbers: textLine("Numbers").pipe(z.string().max(STORY_LIMITS.numbersMax, STORY_MESSAGES.numbersLong)).default(""),
  /** tool slugs or names, one per field; empty fields are ignored */
  tools: z
    .array(toolName)
    .transform((list) => [...new Set(list.filter((t) => t !== ""))])
    .pipe(z.array(z.string()).min(1, STORY_MESSAGES.noTools).max(STORY_LIMITS.toolsMax, STORY_MESSAGES.tooManyTools)),
});
export type StoryInput = z.infer<typeof StoryInput>;

export const StoryId = uuidSchema(STORY_MESSAGES.notFound);
export const StoryDecision = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("approve"), id: StoryId }),
  z.object({
    decision: z.literal("reject"),
    id: StoryId,
    reason: textLine("Reason").pipe(
      z
        .string()
        .min(STORY_LIMITS.reasonMin, STORY_MESSAGES.reasonShort)
        .max(STORY_LIMITS.reasonMax, STORY_MESSAGES.reasonLong),
    ),
  }),
]);
export const StoryReplyInput = z.object({
  body: textBlock("Reply").pipe(
    z
      .string()
      .min(STORY_LIMITS.replyMin, STORY_MESSAGES.replyShort)
      .max(STORY_LIMITS.replyMax, STORY_MESSAGES.replyLong),
  ),
});

export type StoryStatus = "pending" | "published" | "rejected";

/** A published story as anyone may read it (the allow-list: no e-mail, no moderator). */
export type StoryView = {
  id: string;
  title: string;
  problem: string;
  outcome: string;
  numbers: string | null;
  authorName: string;
  tools: { name: string; slug: string }[];
  publishedAt: string | null;
  reply: { body: string; makerName: string; repliedAt: string } | null;
};
/** The author's own story, with its status and the moderator's reason. */
export type MyStory = StoryView & { status: StoryStatus; rejectReason: string | null };
/** A story waiting in the admin queue. */
export type PendingStory = StoryView & { createdAt: string };

const IdRow = z.object({ id: z.string() });
const CountRow = z.object({ n: z.number() });
const ToolRow = z.object({ id: z.string(), name: z.string() });

/** A listed tool by slug, id or exact name (case-insensitive). */
async function findTool(db: Db, text: string): Promise<{ id: string; name: string } | null> {
  const key = text.trim().toLowerCase();
  const byId = UUID.test(key) ? sql`id = ${key}::uuid OR` : sql``;
  const [row] = await queryRows(
    db,
    sql`SELECT id::text AS id, name FROM tools WHERE status = 'active' AND (${byId} slug = ${key} OR lower(name) = ${key})
        ORDER BY (slug = ${key}) DESC, id LIMIT 1`,
    ToolRow,
  );
  return row ?? null;
}

export async function submitStory(
  deps: Pick<CommunityServices, "db" | "clock">,
  userId: string,
  input: StoryInput,
): Promise<{ id: string }> {
  const now = deps.clock.now();
  const toolIds: string[] = [];
  for (const name of input.tools) {
    const tool = await findTool(deps.db, name);
    if (!tool) throw new AppError("bad_request", STORY_MESSAGES.unknownTool(name), { field: "tools" });
    await assertMayReview(deps.db, userId, tool.id);
    if (!toolIds.includes(tool.id)) toolIds.push(tool.id);
  }
  const rate = await consumeRateLimit(deps.db, `story-submit:user:${userId}`, STORY_RULES.submit, now);
  if (!rate.allowed) throw new AppError("rate_limited", STORY_MESSAGES.tooMany, { retryAfterSec: rate.retryAfterSec });
  return transaction(deps.db, async (tx) => {
    const [row] = await queryRows(
      tx,
      sql`INSERT INTO success_stories (user_id, title, problem, outcome, numbers, created_at)
          VALUES (${userId}, ${input.title}, ${input.problem}, ${input.outcome}, ${input.numbers || null},
                  ${now.toISOString()}::timestamptz)
          RETURNING id::text AS id`,
      IdRow,
    );
    if (!row) throw new AppError("internal", "The story was not saved");
    for (const toolId of toolIds) {
      await tx.execute(
        sql`INSERT INTO success_story_tools (story_id, tool_id) VALUES (${row.id}::uuid, ${toolId}::uuid)`,
      );
    }
    return row;
  });
}

const StoryRow = z.object({
  id: z.string(),
  title: z.string(),
  problem: z.string(),
  outcome: z.string(),
  numbers: z.string().nullable(),
  author: z.string(),
  status: z.string(),
  reject_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  reply: z.string().nullable(),
  replier: z.string().nullable(),
  replied_at: z.string().nullable(),
  tools: z.array(z.object({ name: z.string(), slug: z.string() })),
});
type StoryRow = z.infer<typeof StoryRow>;

const SELECT = sql`SELECT s.id::text AS id, s.title, s.problem, s.outcome, s.numbers, ${publicMemberName("u")} AS author,
    s.status, s.reject_reason, s.decided_at, s.created_at, s.reply,
    CASE WHEN s.reply IS NULL THEN NULL ELSE ${publicMemberName("m")} END AS replier, s.replied_at,
    coalesce((SELECT json_agg(json_build_object('name', t.name, 'slug', t.slug) ORDER BY t.name)
              FROM success_story_tools st JOIN tools t ON t.id = st.tool_id AND t.status = 'active'
              WHERE st.story_id = s.id), '[]'::json) AS tools
  FROM success_stories s JOIN users u ON u.id = s.user_id LEFT JOIN users m ON m.id = s.reply_user_id`;

function toView(r: StoryRow): StoryView {
  return {
    id: r.id,
    title: r.title,
    problem: r.problem,
    outcome: r.outcome,
    numbers: r.numbers,
    authorName: r.author,
    tools: r.tools.map((t) => ({ name: t.name, slug: t.slug })),
    publishedAt: r.status === "published" && r.decided_at ? new Date(r.decided_at).toISOString() : null,
    reply:
      r.reply && r.replied_at
        ? { body: r.reply, makerName: r.replier ?? "The maker", repliedAt: new Date(r.replied_at).toISOString() }
        : null,
  };
}

/** Published stories, newest first; of one tool when `toolId` is given. */
export async function listStories(db: Db, options: { toolId?: string; limit?: number } = {}): Promise<StoryView[]> {
  const tool = options.toolId
    ? sql`AND EXISTS (SELECT 1 FROM success_story_tools x WHERE x.story_id = s.id AND x.tool_id = ${options.toolId}::uuid)`
    : sql``;
  const rows = await queryRows(
    db,
    sql`${SELECT} WHERE s.status = 'published' ${tool} ORDER BY s.decided_at DESC, s.id LIMIT ${options.limit ?? STORY_LIMITS.pageSize}`,
    StoryRow,
  );
  return rows.map(toView);
}

export async function countStories(db: Db): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`SELECT count(*)::int AS n FROM success_stories WHERE status = 'published'`,
    CountRow,
  );
  return Number(row?.n ?? 0);
}

/** One published story, with whether the viewer may reply to it as a maker. */
export async function getStory(
  db: Db,
  id: string,
  viewerId: string | null,
): Promise<{ story: StoryView; canReply: boolean } | null> {
  const [row] = await queryRows(db, sql`${SELECT} WHERE s.id = ${id}::uuid AND s.status = 'published'`, StoryRow);
  if (!row) return null;
  const canReply = viewerId !== null && row.reply === null && (await makerOfStory(db, viewerId, id));
  return { story: toView(row), canReply };
}

export async function listMyStories(db: Db, userId: string): Promise<MyStory[]> {
  const rows = await queryRows(
    db,
    sql`${SELECT} WHERE s.user_id = ${userId} ORDER BY s.created_at DESC LIMIT 50`,
    StoryRow,
  );
  return rows.map((r) => ({
    ...toView(r),
    status: r.status as StoryStatus,
    rejectReason: r.status === "rejected" ? r.reject_reason : null,
  }));
}

export async function listPendingStories(db: Db, max = 100): Promise<PendingStory[]> {
  const rows = await queryRows(
    db,
    sql`${SELECT} WHERE s.status = 'pending' ORDER BY s.created_at, s.id LIMIT ${max}`,
    StoryRow,
  );
  return rows.map((r) => ({ ...toView(r), createdAt: new Date(r.created_at).toISOString() }));
}

/** A moderator publishes or rejects (with a reason for the author); the audit row in the same transaction. */
export async function decideStory(
  deps: Pick<CommunityServices, "db" | "clock">,
  actor: Actor,
  input: z.infer<typeof StoryDecision>,
): Promise<StoryStatus> {
  const now = deps.clock.now();
  const status: StoryStatus = input.decision === "approve" ? "published" : "rejected";
  const reason = input.decision === "reject" ? input.reason : null;
  return transaction(deps.db, async (tx) => {
    const [before] = await queryRows(
      tx,
      sql`SELECT status AS id FROM success_stories WHERE id = ${input.id}::uuid FOR UPDATE`,
      IdRow,
    );
    if (!before) throw new AppError("not_found", STORY_MESSAGES.notFound);
    if (before.id !== "pending") throw new AppError("conflict", STORY_MESSAGES.decided);
    await tx.execute(
      sql`UPDATE success_stories SET status = ${status}, reject_reason = ${reason},
            decided_at = ${now.toISOString()}::timestamptz, decided_by = ${actor.id}
          WHERE id = ${input.id}::uuid`,
    );
    await recordAudit(tx, {
      actor,
      action: `story.${input.decision}`,
      targetType: "success_story",
      targetId: input.id,
      before: { status: "pending" },
      after: { status },
      reason,
      requestId: actor.requestId ?? null,
      at: now,
    });
    return status;
  });
}

async function makerOfStory(db: Db, userId: string, storyId: string): Promise<boolean> {
  const tools = await queryRows(
    db,
    sql`SELECT tool_id::text AS id FROM success_story_tools WHERE story_id = ${storyId}::uuid`,
    IdRow,
  );
  for (const t of tools) if (await isToolMaker(db, userId, t.id)) return true;
  return false;
}

/** The one reply of a verified maker of one of the story's tools. */
export async function replyToStory(
  deps: Pick<CommunityServices, "db" | "clock">,
  userId: string,
  storyId: string,
  input: z.infer<typeof StoryReplyInput>,
): Promise<void> {
  const now = deps.clock.now();
  const [story] = await queryRows(
    deps.db,
    sql`SELECT id::text AS id FROM success_stories WHERE id = ${storyId}::uuid AND status = 'published'`,
    IdRow,
  );
  if (!story) throw new AppError("not_found", STORY_MESSAGES.notFound);
  if (!(await makerOfStory(deps.db, userId, storyId))) throw new AppError("forbidden", STORY_MESSAGES.notMaker);
  const rate = await consumeRateLimit(deps.db, `story-reply:user:${userId}`, STORY_RULES.reply, now);
  if (!rate.allowed)
    throw new AppError("rate_limited", "Too many replies. Please wait and try again.", {
      retryAfterSec: rate.retryAfterSec,
    });
  const done = await queryRows(
    deps.db,
    sql`UPDATE success_stories SET reply = ${input.body}, reply_user_id = ${userId}, replied_at = ${now.toISOString()}::timestamptz
        WHERE id = ${storyId}::uuid AND reply IS NULL RETURNING id::text AS id`,
    IdRow,
  );
  if (!done.length) throw new AppError("conflict", STORY_MESSAGES.alreadyReplied);
}

export type ToolCommunity = {
  stories: StoryView[];
  storyCount: number;
  amas: { id: string; title: string; startsAt: string }[];
};

/**
 * The tool page's small community section (issue 35): its newest published stories and its AMAs by
 * date (no phase: the page is cached by content version, and a phase changes with the clock).
 */
export async function toolCommunity(db: Db, toolId: string): Promise<ToolCommunity> {
  const [stories, count, amas] = await Promise.all([
    listStories(db, { toolId, limit: 3 }),
    queryRows(
      db,
      sql`SELECT count(*)::int AS n FROM success_stories s JOIN success_story_tools st ON st.story_id = s.id
          WHERE st.tool_id = ${toolId}::uuid AND s.status = 'published'`,
      CountRow,
    ),
    queryRows(
      db,
      sql`SELECT id::text AS id, title, starts_at FROM amas WHERE tool_id = ${toolId}::uuid AND cancelled_at IS NULL
          ORDER BY starts_at DESC, id LIMIT 3`,
      z.object({ id: z.string(), title: z.string(), starts_at: z.string() }),
    ),
  ]);
  return {
    stories,
    storyCount: Number(count[0]?.n ?? 0),
    amas: amas.map((a) => ({ id: a.id, title: a.title, startsAt: new Date(a.starts_at).toISOString() })),
  };
}
