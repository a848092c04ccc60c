// The tool page's review and poll forms (posted without JavaScript, or submitted in place with it),
// beside the route that owns them. The action parses them with `ToolPageForm` through formAction;
// these answer in the shapes the widgets read (`review`, `poll`), refusals included (`communityShape`).
import { type AppLoadContext, data } from "react-router";
import { z } from "zod";
import type { Viewer } from "#server/modules/accounts/index.ts";
import {
  type CommunityActor,
  type CommunityServices,
  communityActor,
  DeleteReviewInput,
  deleteReview,
  MarkReviewHelpfulInput,
  markReviewHelpful,
  newVoterId,
  PollVoteInput,
  ReportReviewInput,
  readVoterCookie,
  reportReview,
  SaveReviewInput,
  saveReview,
  type Voter,
  votePoll,
  voterCookie,
} from "#server/modules/community/index.ts";
import type { PollVoteResult } from "~/components/tool-detail/poll-widget";
import type { ReviewFormResult } from "~/components/tool-detail/reviews";
import { AppError, SavedToolToggle, secureCookies } from "~/lib/accounts.server";
import type { ActionFailure } from "~/lib/form-action";
import { firstIssue } from "~/lib/form-action.server";

export type CommunityActionData = { review?: ReviewFormResult; poll?: PollVoteResult };

// The review forms' fields are the use cases' Inputs less what the address gives (the tool) and the
// review's id, which is read leniently here so that one that is not an id is "Review not found" (404).
const reviewId = z.string().default("");

/** Everything the tool page posts: the save / favourite toggles (no intent), reviews and the poll. */
export const ToolPageForm = z.preprocess(
  (raw) => ({ intent: "toggle", ...(raw as Record<string, unknown>) }),
  z.discriminatedUnion("intent", [
    SavedToolToggle.extend({ intent: z.literal("toggle") }),
    SaveReviewInput.omit({ tool: true }).extend({ intent: z.literal("review-save") }),
    z.object({ intent: z.enum(["review-delete", "review-helpful"]), reviewId }),
    ReportReviewInput.extend({ intent: z.literal("review-report"), reviewId }),
    PollVoteInput.extend({ intent: z.literal("poll-vote") }),
  ]),
);
type ToolPageInput = z.output<typeof ToolPageForm>;
export type ReviewIntentInput = Extract<ToolPageInput, { intent: `review-${string}` }>;
export type PollVoteIntentInput = Extract<ToolPageInput, { intent: "poll-vote" }>;

const NO_STORE = { "Cache-Control": "private, no-store" };

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
  const result = await votePoll(context.services, idOrSlug, voter, vote, context.clientIp);
  return data<CommunityActionData>(
    { poll: { ok: true, poll: result.poll, optionIndex: result.optionIndex } },
    { headers },
  );
}

/**
 * Runs a review use case over its Input: the form's fields with the page's tool. What the form parse let
 * through and the Input refuses is only a review id that is not one: "Review not found", a 404.
 */
async function runReview<S extends z.ZodType, R>(
  context: AppLoadContext,
  actor: CommunityActor,
  schema: S,
  raw: Record<string, unknown>,
  call: (services: CommunityServices, actor: CommunityActor, input: z.output<S>) => Promise<R>,
): Promise<R> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new AppError("not_found", firstIssue(parsed.error, "Not found"));
  return call(context.services, actor, parsed.data);
}

/** The member's review, helpful votes and reports; refusals are AppErrors (formAction maps them). */
export async function answerReview(
  context: AppLoadContext,
  viewer: Viewer | null,
  idOrSlug: string,
  input: ReviewIntentInput,
) {
  if (!viewer) throw new AppError("unauthorized", "Please log in to continue.");
  const actor = communityActor(viewer, context.requestId);
  const done = (review: ReviewFormResult) => data<CommunityActionData>({ review }, { headers: NO_STORE });
  const { intent } = input;
  switch (input.intent) {
    case "review-save": {
      const raw = { ...input, tool: idOrSlug };
      const { created, held } = await runReview(context, actor, SaveReviewInput, raw, saveReview);
      const message = held
        ? "Thanks! Your review waits for a moderator before it is shown."
        : created
          ? "Thanks! Your review is published."
          : "Your review was updated.";
      return done({ intent, ok: true, message });
    }
    case "review-delete":
      await runReview(context, actor, DeleteReviewInput, input, deleteReview);
      return done({ intent, ok: true, message: "Your review was deleted." });
    case "review-helpful": {
      const { reviewId } = input;
      await runReview(context, actor, MarkReviewHelpfulInput, input, markReviewHelpful);
      return done({ intent, reviewId, ok: true, message: "Thanks for your feedback." });
    }
    case "review-report": {
      const { reviewId } = input;
      await runReview(context, actor, ReportReviewInput, input, reportReview);
      return done({ intent, reviewId, ok: true, message: "Thanks: a moderator will look at this review." });
    }
  }
}
