// Route modules reach the community module only through this server-only file.
import { type AppLoadContext, data } from "react-router";
import type { PollVoteResult } from "~/components/tool-detail/poll-widget";
import type { ReviewFormResult } from "~/components/tool-detail/reviews";
import type { Viewer } from "../../server/modules/accounts/index.ts";
import {
  deleteReview,
  markHelpful,
  newVoterId,
  PollVoteInput,
  ReportInput,
  ReviewId,
  ReviewInput,
  readVoterCookie,
  reportReview,
  saveReview,
  type Voter,
  votePoll,
  voterCookie,
} from "../../server/modules/community/index.ts";
import { AppError, secureCookies } from "./accounts.server";

export * from "../../server/modules/community/index.ts";

export const COMMUNITY_INTENTS = [
  "review-save",
  "review-delete",
  "review-helpful",
  "review-report",
  "poll-vote",
] as const;
export type CommunityIntent = (typeof COMMUNITY_INTENTS)[number];
export const isCommunityIntent = (v: unknown): v is CommunityIntent =>
  typeof v === "string" && (COMMUNITY_INTENTS as readonly string[]).includes(v);

export type CommunityActionData = { review?: ReviewFormResult; poll?: PollVoteResult };

const NO_STORE = { "Cache-Control": "private, no-store" };
const firstIssue = (e: { issues: { message: string }[] }) => e.issues[0]?.message ?? "Invalid input";

function deps(context: AppLoadContext) {
  const { db, activity, clock } = context.services;
  return { db, activity, clock };
}

/**
 * The tool page's review and poll forms (posted without JavaScript, or submitted in place with
 * it): parse, call the module, answer with the message the form shows. Refusals are 4xx, never 500.
 */
export async function toolCommunityAction(
  context: AppLoadContext,
  request: Request,
  viewer: Viewer | null,
  idOrSlug: string,
  intent: CommunityIntent,
  form: Record<string, FormDataEntryValue>,
) {
  const headers = new Headers(NO_STORE);
  const done = (body: CommunityActionData, status = 200) => data(body, { status, headers });
  if (intent === "poll-vote") {
    const parsed = PollVoteInput.safeParse(form);
    if (!parsed.success) return done({ poll: { ok: false, error: firstIssue(parsed.error) } }, 400);
    let visitorId = readVoterCookie(request.headers.get("cookie"));
    if (!visitorId) {
      visitorId = newVoterId();
      headers.append("Set-Cookie", voterCookie(visitorId, secureCookies(context)));
    }
    const voter: Voter = viewer ? { userId: viewer.user.id, browserId: visitorId } : { visitorId: visitorId as string };
    try {
      const result = await votePoll(deps(context), idOrSlug, voter, parsed.data, context.clientIp);
      return done({ poll: { ok: true, poll: result.poll, optionIndex: result.optionIndex } });
    } catch (err) {
      if (err instanceof AppError && err.status < 500)
        return done({ poll: { ok: false, error: err.message } }, err.status);
      throw err;
    }
  }
  const reviewId = typeof form.reviewId === "string" ? form.reviewId : undefined;
  const fail = (status: number, error: string, values?: ReviewFormResult["values"]) =>
    done({ review: { intent, reviewId, ok: false, error, values } }, status);
  if (!viewer) return fail(401, "Please log in to continue.");
  try {
    if (intent === "review-save") {
      const values = { rating: String(form.rating ?? ""), comment: String(form.comment ?? "") };
      const parsed = ReviewInput.safeParse(form);
      if (!parsed.success) return fail(400, firstIssue(parsed.error), values);
      const { created } = await saveReview(deps(context), viewer.user.id, idOrSlug, parsed.data);
      return done({
        review: {
          intent,
          ok: true,
          message: created ? "Thanks! Your review is published." : "Your review was updated.",
        },
      });
    }
    const id = ReviewId.safeParse(reviewId);
    if (!id.success) return fail(404, firstIssue(id.error));
    if (intent === "review-delete") {
      await deleteReview(deps(context), viewer.user.id, id.data);
      return done({ review: { intent, ok: true, message: "Your review was deleted." } });
    }
    if (intent === "review-helpful") {
      await markHelpful(deps(context), viewer.user.id, id.data);
      return done({ review: { intent, reviewId, ok: true, message: "Thanks for your feedback." } });
    }
    const parsed = ReportInput.safeParse(form);
    if (!parsed.success) return fail(400, firstIssue(parsed.error));
    await reportReview(deps(context), viewer.user.id, id.data, parsed.data.reason);
    return done({ review: { intent, reviewId, ok: true, message: "Thanks: a moderator will look at this review." } });
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return fail(err.status, err.message);
    throw err;
  }
}
