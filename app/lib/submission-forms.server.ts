// The submit-tool schema for actions (the browser loads app/lib/submission-forms lazily).
export { SubmissionInput } from "../../server/modules/submissions/index.ts";
