/** Tool submissions and their moderation (issue 10): makers submit, moderators decide, tools go live. */
export { SubmissionInput } from "./forms.ts";
export { registerSubmissionJobs } from "./mail.ts";
export {
  BulkApproveInput,
  type BulkItem,
  BulkRejectInput,
  bulkDecide,
  countSubmissions,
  DecisionInput,
  decideSubmission,
  listQueue,
  QueueQuery,
  REOPEN_WINDOW_DAYS,
  ReopenInput,
  recentSubmissions,
  reopenSubmission,
} from "./moderation.ts";
export {
  createSubmission,
  getMySubmission,
  type ListedTool,
  listMySubmissions,
  type MySubmission,
  resubmitSubmission,
  submissionCategories,
} from "./submissions.ts";
