import { z } from "zod";
import { uuidSchema } from "../../platform/ids.ts";
import type { RateRule } from "../../platform/rate-limit.ts";
import { textBlock, textLine } from "../../platform/text.ts";

/** Discussions (issue 35 item 1, ADR 0076): the boards, the limits and one schema per form. */
export const DISCUSSION_BOARDS = ["general", "tool", "vip"] as const;
export type DiscussionBoard = (typeof DISCUSSION_BOARDS)[number];

/** The entitlement (features × entitlements) that opens the VIP space and marks questions priority. */
export const VIP_FEATURE = "vip_community";

export const DISCUSSION_LIMITS = {
  titleMin: 8,
  titleMax: 160,
  bodyMin: 10,
  bodyMax: 5000,
  reasonMin: 3,
  reasonMax: 500,
  queryMax: 100,
  pageSize: 20,
} as const;

/**
 * Writes per member, each stored with its window in `rate_limits` (shared by every instance):
 * generous for people, tight for scripts. Accounts that fail the reviews' gate are held besides.
 */
export const DISCUSSION_RULES: Record<"thread" | "reply" | "report" | "follow", RateRule> = {
  thread: { max: 5, windowSec: 3600 },
  reply: { max: 30, windowSec: 3600 },
  report: { max: 20, windowSec: 3600 },
  follow: { max: 60, windowSec: 3600 },
};

export const DISCUSSION_MESSAGES = {
  titleShort: `Give your question a title of at least ${DISCUSSION_LIMITS.titleMin} characters`,
  titleLong: `The title can be at most ${DISCUSSION_LIMITS.titleMax} characters`,
  bodyShort: `Write at least ${DISCUSSION_LIMITS.bodyMin} characters`,
  bodyLong: `You can write at most ${DISCUSSION_LIMITS.bodyMax} characters`,
  reasonShort: `Tell us why you are reporting this (at least ${DISCUSSION_LIMITS.reasonMin} characters)`,
  reasonLong: `The reason can be at most ${DISCUSSION_LIMITS.reasonMax} characters`,
  threadNotFound: "Discussion not found",
  replyNotFound: "Answer not found",
  locked: "This discussion is locked: it takes no new answers.",
  hidden: "This discussion was hidden by a moderator.",
  acceptNotAllowed: "Only the person who asked (or a moderator) can accept an answer.",
  ownReport: "You cannot report your own post",
  alreadyReported: "You already reported this",
  tooMany: "Too many posts in a short time. Please wait a while and try again.",
  vip: "The VIP community is available for Expert members. Upgrade to Expert to join it.",
  held: "Thanks! Posts from new accounts (under a day old, or without a confirmed e-mail address) wait for a moderator before others see them.",
} as const;

const Title = textLine("The title", { message: DISCUSSION_MESSAGES.titleShort }).pipe(
  z
    .string()
    .trim()
    .min(DISCUSSION_LIMITS.titleMin, DISCUSSION_MESSAGES.titleShort)
    .max(DISCUSSION_LIMITS.titleMax, DISCUSSION_MESSAGES.titleLong),
);
const Body = textBlock("Your text", { message: DISCUSSION_MESSAGES.bodyShort }).pipe(
  z
    .string()
    .trim()
    .min(DISCUSSION_LIMITS.bodyMin, DISCUSSION_MESSAGES.bodyShort)
    .max(DISCUSSION_LIMITS.bodyMax, DISCUSSION_MESSAGES.bodyLong),
);

export const ThreadInput = z.object({ title: Title, body: Body });
export type ThreadInput = z.infer<typeof ThreadInput>;
export const ReplyInput = z.object({ body: Body });
export const DiscussionReportInput = z.object({
  target: z.enum(["thread", "reply"], { message: "Choose what to report" }),
  targetId: uuidSchema(DISCUSSION_MESSAGES.threadNotFound),
  reason: textLine("The reason", { message: DISCUSSION_MESSAGES.reasonShort }).pipe(
    z
      .string()
      .trim()
      .min(DISCUSSION_LIMITS.reasonMin, DISCUSSION_MESSAGES.reasonShort)
      .max(DISCUSSION_LIMITS.reasonMax, DISCUSSION_MESSAGES.reasonLong),
  ),
});
export const ThreadId = uuidSchema(DISCUSSION_MESSAGES.threadNotFound);
export const ReplyId = uuidSchema(DISCUSSION_MESSAGES.replyNotFound);

/** Moderators' decisions: on a thread (hide, show, keep = release a hold and close reports, lock, unlock) or a reply. */
export const THREAD_DECISIONS = ["hide", "show", "keep", "lock", "unlock"] as const;
export const REPLY_DECISIONS = ["hide", "show", "keep"] as const;
export type ThreadDecision = (typeof THREAD_DECISIONS)[number];
export type ReplyDecision = (typeof REPLY_DECISIONS)[number];
export const DiscussionModeration = z.discriminatedUnion("target", [
  z.object({
    target: z.literal("thread"),
    targetId: ThreadId,
    decision: z.enum(THREAD_DECISIONS, { message: "Choose a decision" }),
  }),
  z.object({
    target: z.literal("reply"),
    targetId: ReplyId,
    decision: z.enum(REPLY_DECISIONS, { message: "Choose a decision" }),
  }),
]);

/** A board's list: lenient (a bad value means the default). */
export const BoardQuery = z.object({
  q: z.string().trim().max(DISCUSSION_LIMITS.queryMax).catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type BoardQuery = z.infer<typeof BoardQuery>;
