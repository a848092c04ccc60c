// Route modules reach discussions (community module, ADR 0076) through this server-only file.
import { type AppLoadContext, data, redirect } from "react-router";
import { z } from "zod";
import type { Viewer } from "#server/modules/accounts/index.ts";
import {
  createThread,
  DISCUSSION_MESSAGES,
  type DiscussionReader,
  ThreadInput,
  VIP_FEATURE,
} from "#server/modules/community/index.ts";
import { formAction } from "./form-action.server";
import type { Tier } from "./tiers";

export {
  acceptAnswer,
  BoardQuery,
  createReply,
  DISCUSSION_MESSAGES,
  DiscussionModeration,
  DiscussionReportInput,
  discussionTool,
  getThread,
  listDiscussionQueue,
  listThreads,
  moderateReply,
  moderateThread,
  ReplyId,
  ReplyInput,
  reportPost,
  setFollow,
  ThreadId,
  VIP_FEATURE,
} from "#server/modules/community/index.ts";

/** Who reads a board: moderators are admins; the VIP space opens by the entitlements table (vip_community). */
export function readerOf(viewer: Viewer | null): DiscussionReader {
  return viewer ? { id: viewer.user.id, moderator: viewer.role === "admin", vip: viewer.can(VIP_FEATURE) } : null;
}

/** Deps for discussions' writes, from the request context. */
export function discussionDeps(context: AppLoadContext) {
  const { db, clock, jobs, activity } = context.services;
  return { db, clock, jobs, activity };
}

/** The acting moderator, for the audit row. */
export function moderatorOf(viewer: Viewer, context: AppLoadContext) {
  return { id: viewer.user.id, label: viewer.user.email, requestId: context.requestId };
}

/** A visitor who posts is sent to sign in and back. */
export function signInFirst(path: string): never {
  throw redirect(`/sign-in?redirectTo=${encodeURIComponent(path)}`);
}

export type VipGateData = { gate: "sign-in" | "upgrade"; path: string; from: Tier | null };

/**
 * The VIP space's gate as a page (issue 34 item 7): a visitor is asked to sign in (401), a member
 * whose plan lacks vip_community is told which plan has it (403). Checked on every loader and action.
 */
export function requireVipPage(viewer: Viewer | null, request: Request): Viewer {
  const path = new URL(request.url).pathname;
  if (!viewer) throw data<VipGateData>({ gate: "sign-in", path, from: null }, { status: 401 });
  if (!viewer.can(VIP_FEATURE) && viewer.role !== "admin") {
    throw data<VipGateData>(
      { gate: "upgrade", path, from: viewer.entitlements.lowestTierWith(VIP_FEATURE) },
      { status: 403 },
    );
  }
  return viewer;
}

/**
 * A board's action (every board: general, VIP, a tool's): ask a question, then go to it. Refusals
 * (bad input 400, the VIP gate 403, the rate limit 429) come back to the form through formAction.
 */
export async function askOnBoard(
  context: AppLoadContext,
  request: Request,
  viewer: Viewer | null,
  where: { board: "general" | "tool" | "vip"; tool?: string },
) {
  if (!viewer) signInFirst(new URL(request.url).pathname);
  const actor = readerOf(viewer) as NonNullable<DiscussionReader>;
  const intents = z.discriminatedUnion("intent", [ThreadInput.extend({ intent: z.literal("create") })]);
  return formAction(request, intents, async (input) => {
    const created = await createThread(discussionDeps(context), actor, where, input);
    return redirect(`/community/discussions/${created.id}?posted=${created.held ? "held" : "1"}`);
  });
}

const DONE: Record<string, string> = {
  "1": "Your question is posted. You follow it: answers come to you by e-mail.",
  held: DISCUSSION_MESSAGES.held,
  reply: "Your answer is posted.",
  "reply-held": DISCUSSION_MESSAGES.held,
  accepted: "Answer accepted.",
  unaccepted: "No answer is accepted now.",
  followed: "You follow this discussion: new answers come to you by e-mail.",
  unfollowed: "You no longer follow this discussion.",
  reported: "Thanks: a moderator will look at it.",
  moderated: "Decision saved.",
};

/** The line shown after a post-redirect-get (`?posted=` / `?done=`), or null. */
export function discussionNotice(done: string | null): string | null {
  return done && Object.hasOwn(DONE, done) ? (DONE[done] ?? null) : null;
}
