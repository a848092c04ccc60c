/** Tool submissions and their moderation (issue 10): makers submit, moderators decide, tools go live. */
export {
  MAKER_RELATION_LABELS,
  MAKER_RELATIONS,
  type MakerRelation,
  SUBMISSION_FIELDS,
  SUBMISSION_LIMITS,
  SUBMISSION_MESSAGES,
  SubmissionInput,
} from "./forms.ts";
export { DECISION_MAIL_JOB, DECISION_MAIL_TAG, registerSubmissionJobs } from "./mail.ts";
export {
  BulkApproveInput,
  type BulkItem,
  BulkRejectInput,
  type BulkResult,
  bulkDecide,
  DECISIONS,
  type Decision,
  type DecisionDeps,
  DecisionInput,
  type DecisionResult,
  decideSubmission,
  listQueue,
  type Pagination,
  QUEUE_PAGE_SIZE,
  type QueueItem,
  QueueQuery,
} from "./moderation.ts";
export {
  createSubmission,
  dedupKeyOf,
  getMySubmission,
  isSubmissionId,
  type ListedTool,
  listMySubmissions,
  type MySubmission,
  OPEN_STATUSES,
  resubmitSubmission,
  SUBMISSION_RULES,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
  submissionCategories,
} from "./submissions.ts";
