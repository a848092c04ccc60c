/** The durable job runner (ADR 0009): one per process, shared by every instance through the database. */
export { createJobs, defaultBackoff, PRUNE_JOB } from "./runner.ts";
export type { JobContext, JobCounts, JobHandler, JobRunner, JobSpec, Jobs, JobsOptions } from "./types.ts";
