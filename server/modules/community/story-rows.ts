import { eq } from "drizzle-orm";
import { z } from "zod";
import { type Db, sql } from "../../platform/db/index.ts";
import { uuidSchema } from "../../platform/ids.ts";
import { publicMemberName } from "../../platform/public-name.ts";
import type { RateRule } from "../../platform/rate-limit.ts";
import { successStoryTools } from "./gathering-tables.ts";
import { isToolMaker } from "./tool-maker.ts";

/**
 * Success stories (issue 35 item 3, ADR 0077): a member tells what result they got with one or more
 * tools (problem, tools, outcome, numbers if any). A moderator publishes or rejects it with a reason;
 * a published story shows on /community/stories and on each of its tools' pages, and a verified maker
 * of one of its tools may reply once. The people behind a tool do not write its stories (the reviews'
 * rule, review-eligibility.ts).
 *
 * One use case per file (submit-story.ts, decide-story.ts, get-story.ts, …); this file holds what
 * several of them share: the limits, the messages, the write limits, the shapes and the story's rows.
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

export const StoryId = uuidSchema(STORY_MESSAGES.notFound);

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

export const StoryRow = z.object({
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

export const SELECT = sql`SELECT s.id::text AS id, s.title, s.problem, s.outcome, s.numbers, ${publicMemberName("u")} AS author,
    s.status, s.reject_reason, s.decided_at, s.created_at, s.reply,
    CASE WHEN s.reply IS NULL THEN NULL ELSE ${publicMemberName("m")} END AS replier, s.replied_at,
    coalesce((SELECT json_agg(json_build_object('name', t.name, 'slug', t.slug) ORDER BY t.name)
              FROM success_story_tools st JOIN tools t ON t.id = st.tool_id AND t.status = 'active'
              WHERE st.story_id = s.id), '[]'::json) AS tools
  FROM success_stories s JOIN users u ON u.id = s.user_id LEFT JOIN users m ON m.id = s.reply_user_id`;

export function toView(r: StoryRow): StoryView {
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

export async function makerOfStory(db: Db, userId: string, storyId: string): Promise<boolean> {
  const tools = await db
    .select({ id: successStoryTools.toolId })
    .from(successStoryTools)
    .where(eq(successStoryTools.storyId, storyId));
  for (const t of tools) if (await isToolMaker(db, userId, t.id)) return true;
  return false;
}
