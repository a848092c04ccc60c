import { z } from "zod";
import type { Db } from "../../platform/db/index.ts";
import type { Jobs } from "../../platform/jobs/index.ts";
import { textBlock } from "../../platform/text.ts";
import { SUBMISSION_STATUSES, type SubmissionStatus } from "./submissions.ts";

/**
 * What the moderation queue's use cases share (list-queue, decide-submission, publish-submission,
 * reopen-submission, bulk-decide, count-submissions): the status and the moderator's fields, the
 * services a decision takes and its result, the locked submission row, the "tool changed" refusal.
 */

export const notes = textBlock("Admin notes")
  .pipe(z.string().max(2_000, "Admin notes must be at most 2000 characters"))
  .optional()
  .transform((v) => v || null);
export const reason = textBlock("Reason")
  .pipe(z.string().max(1_000, "The reason must be at most 1000 characters"))
  .optional()
  .transform((v) => v || null);

export const Status = z.enum(SUBMISSION_STATUSES);

export type DecisionDeps = { db: Db; jobs: Jobs; now: Date; requestId?: string | null };
export type DecisionResult = { id: string; status: SubmissionStatus; tool_slug: string | null };

export const Locked = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  category: z.string(),
  provider_name: z.string().nullable(),
  pricing_model: z.string(),
  tags: z.array(z.string()),
  logo_url: z.string().nullable(),
  status: Status,
  revisions: z.number(),
  maker_relation: z.string().nullable(),
  tool_id: z.string().nullable(),
});
export type Locked = z.infer<typeof Locked>;

export const TOOL_CHANGED = (status: string) =>
  `The listing is no longer live (${status}) — change it under Tools instead of reopening the submission.`;
