/** Tool submissions and their moderation (issue 10): makers submit, moderators decide, tools go live. */

export { BulkApproveInput, type BulkItem, BulkRejectInput, bulkDecide } from "./bulk-decide.ts";
export { countSubmissions } from "./count-submissions.ts";
export { DecisionInput, decideSubmission } from "./decide-submission.ts";
export { SubmissionInput } from "./forms.ts";
export { listQueue, QueueQuery } from "./list-queue.ts";
export { registerSubmissionJobs } from "./mail.ts";
export { recentSubmissions } from "./recent-submissions.ts";
export { REOPEN_WINDOW_DAYS, ReopenInput, reopenSubmission } from "./reopen-submission.ts";
export {
  createSubmission,
  getMySubmission,
  type ListedTool,
  listMySubmissions,
  type MySubmission,
  resubmitSubmission,
  submissionCategories,
} from "./submissions.ts";
