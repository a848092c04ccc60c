/** The durable job runner (ADR 0009): one per process, shared by every instance through the database. */
export { createJobs, defaultBackoff, type JobCounts, type JobRunner, type JobsOptions, PRUNE_JOB } from "./runner.ts";
export type { JobContext, JobHandler, JobSpec, Jobs } from "./types.ts";
