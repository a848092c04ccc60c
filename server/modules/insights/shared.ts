/** Browser-safe constants of the insights module (issue 34 items 4 and 9). */
/** "What members like you save" is shown only when at least this many members share a save. */
export const MIN_GROUP = 5;
/** A stack recommendation takes at most this many tasks. */
export const STACK_MAX_TASKS = 5;
