/**
 * One schema for both engines (PGlite and PostgreSQL), split per domain under schema/ (issue 19).
 * Add a table to its domain's file; drizzle-kit reads every export of this file
 * (drizzle.config.ts), so a new domain file is listed here too.
 */
export * from "./schema/accounts.ts";
export * from "./schema/alerts.ts";
export * from "./schema/billing.ts";
export * from "./schema/catalog.ts";
export { membershipTier } from "./schema/columns.ts";
export * from "./schema/community.ts";
export * from "./schema/content.ts";
export * from "./schema/discussions.ts";
export * from "./schema/gatherings.ts";
export * from "./schema/growth.ts";
export * from "./schema/linkcheck.ts";
export * from "./schema/makers.ts";
export * from "./schema/opendata.ts";
export * from "./schema/operations.ts";
export * from "./schema/platform.ts";
export * from "./schema/pricing.ts";
export * from "./schema/submissions.ts";
export * from "./schema/support.ts";
export * from "./schema/tasks.ts";
