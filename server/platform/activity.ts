import type { Db } from "./db/index.ts";

/**
 * What members do that other modules count: badges and points (community/achievements), streaks,
 * trending. The module where the thing happens emits the event inside its own transaction; every
 * listener runs in that transaction, so an award commits with the review/vote/correction or not at all.
 * A listener must be idempotent per event (the same review created twice cannot happen, but a
 * deleted and re-written review emits `review.created` again: award once, by badge key).
 */
export type ActivityEvent =
  | { type: "review.created"; userId: string; toolId: string; reviewId: string; rating: number }
  | { type: "review.deleted"; userId: string; toolId: string; reviewId: string }
  /** `userId` is the review's author (who received the vote); `voterId` who cast it */
  | { type: "review.helpful"; userId: string; voterId: string; reviewId: string; toolId: string }
  | { type: "correction.submitted"; userId: string; correctionId: string; toolId: string }
  | { type: "correction.verified"; userId: string; correctionId: string; toolId: string }
  | { type: "feedback.verified"; userId: string; feedbackId: string }
  | { type: "poll.voted"; userId: string; pollId: string; toolId: string }
  | { type: "list.published"; userId: string; listId: string }
  | { type: "tool.saved"; userId: string; toolId: string }
  /** a signed-in member was active on a UTC day (streak badges); emitted at most once per member per day */
  | { type: "member.active"; userId: string; day: string };

export type ActivityType = ActivityEvent["type"];
export type ActivityListener = (tx: Db, event: ActivityEvent, at: Date) => Promise<void>;

export type Activity = {
  /** register at boot (server.ts), like job handlers */
  on(listener: ActivityListener): void;
  /** call inside the transaction that did the thing; `at` is services.clock.now() */
  emit(tx: Db, event: ActivityEvent, at: Date): Promise<void>;
};

export function createActivity(): Activity {
  const listeners: ActivityListener[] = [];
  return {
    on(listener) {
      listeners.push(listener);
    },
    async emit(tx, event, at) {
      for (const listener of listeners) await listener(tx, event, at);
    },
  };
}
