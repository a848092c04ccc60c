// The tool page's review and poll forms (posted without JavaScript, or submitted in place with it),
// beside the route that owns them. The action parses them with `ToolPageForm` through formAction;
// these answer in the shapes the widgets read (`review`, `poll`), refusals included (`communityShape`).
import { type AppLoadContext, data } from "react-router";
import { z } from "zod";
import type { PollVoteResult } from "~/components/tool-detail/poll-widget";
import type { ReviewFormResult } from "~/components/tool-detail/reviews";
import { AppError, SavedToolToggle, secureCookies } from "~/lib/accounts.server";
import type { ActionFailure } from "~/lib/form-action";
import type { Viewer } from "../../../server/modules/accounts/index.ts";
import {
  deleteReview,
  markHelpful,
  newVoterId,
  PollVoteInput,
  REVIEW_MESSAGES,
  ReportInput,
  ReviewInput,
  readVoterCookie,
  reportReview,
  saveReview,
  type Voter,
  votePoll,
  voterCookie,
} from "../../../server/modules/community/index.ts";
import { isUuid } from "../../../server/platform/ids.ts";

export type CommunityActionData = { review?: ReviewFormResult; poll?: PollVoteResult };

const reviewId = z.string().default("");

/** Everything the tool page posts: the save / favourite toggles (no intent), reviews and the poll. */
export const ToolPageForm = z.preprocess(
  (raw) => ({ intent: "toggle", ...(raw as Record<string, unknown>) }),
  z.discriminatedUnion("intent", [
    SavedToolToggle.extend({ intent: z.literal("toggle") }),
    ReviewInput.extend({ intent: z.literal("review-save") }),
    z.object({ intent: z.enum(["review-delete", "review-helpful"]), reviewId }),
    ReportInput.extend({ intent: z.literal("review-report"), reviewId }),
    PollVoteInput.extend({ intent: z.literal("poll-vote") }),
  ]),
);
type ToolPageInput = z.output<typeof ToolPageForm>;
export type ReviewIntentInput = Extract<ToolPageInput, { intent: `review-${string}` }>;
export type PollVoteIntentInput = Extract<ToolPageInput, { intent: "poll-vote" }>;

const NO_STORE = { "Cache-Control": "private, no-store" };

function deps(context: AppLoadContext) {
  const { db, activity, clock } = context.services;
  return { db, activity, clock };
}

/** A refusal of a review or poll form, in the shape its widget reads (the toggles read the plain one). */
export function communityShape(failure: ActionFailure): ActionFailure & CommunityActionData {
  const { intent, reviewId: id, rating, comment } = failure.values;
  switch (intent) {
    case "poll-vote":
      return { ...failure, poll: { ok: false, error: failure.error } };
    case "review-save":
      return {
        ...failure,
        review: { intent, ok: false, error: failure.error, values: { rating: rating ?? "", comment: comment ?? "" } },
      };
    case "review-delete":
    case "review-helpful":
    case "review-report":
      return { ...failure, review: { intent, reviewId: id, ok: false, error: failure.error } };
    default:
      return failure;
  }
}

/** A poll vote: visitors vote too, known by a cookie set on their first vote. */
export async function answerPollVote(
  context: AppLoadContext,
  request: Request,
  viewer: Viewer | null,
  idOrSlug: string,
  input: PollVoteIntentInput,
) {
  const headers = new Headers(NO_STORE);
  let visitorId = readVoterCookie(request.headers.get("cookie"));
  if (!visitorId) {
    visitorId = newVoterId();
    headers.append("Set-Cookie", voterCookie(visitorId, secureCookies(context)));
  }
  const voter: Voter = viewer ? { userId: viewer.user.id, browserId: visitorId } : { visitorId };
  const vote = { pollId: input.pollId, optionIndex: input.optionIndex };
  const result = await votePoll(deps(context), idOrSlug, voter, vote, context.clientIp);
  return data<CommunityActionData>(
    { poll: { ok: true, poll: result.poll, optionIndex: result.optionIndex } },
    { headers },
  );
}

/** The member's review, helpful votes and reports; refusals are AppErrors (formAction maps them). */
export async function answerReview(
  context: AppLoadContext,
  viewer: Viewer | null,
  idOrSlug: string,
  input: ReviewIntentInput,
) {
  if (!viewer) throw new AppError("unauthorized", "Please log in to continue.");
  const done = (review: ReviewFormResult) => data<CommunityActionData>({ review }, { headers: NO_STORE });
  const reviewOf = (id: string) => {
    if (!isUuid(id)) throw new AppError("not_found", REVIEW_MESSAGES.reviewNotFound);
    return id;
  };
  const { intent } = input;
  switch (input.intent) {
    case "review-save": {
      const review = { rating: input.rating, comment: input.comment, usesAtWork: input.usesAtWork };
      const { created, held } = await saveReview(deps(context), viewer.user.id, idOrSlug, review);
      const message = held
        ? "Thanks! Your review waits for a moderator before it is shown."
        : created
          ? "Thanks! Your review is published."
          : "Your review was updated.";
      return done({ intent, ok: true, message });
    }
    case "review-delete":
      await deleteReview(deps(context), viewer.user.id, reviewOf(input.reviewId));
      return done({ intent, ok: true, message: "Your review was deleted." });
    case "review-helpful": {
      const id = reviewOf(input.reviewId);
      await markHelpful(deps(context), viewer.user.id, id);
      return done({ intent, reviewId: id, ok: true, message: "Thanks for your feedback." });
    }
    case "review-report": {
      const id = reviewOf(input.reviewId);
      await reportReview(deps(context), viewer.user.id, id, input.reason);
      return done({ intent, reviewId: id, ok: true, message: "Thanks: a moderator will look at this review." });
    }
  }
}
