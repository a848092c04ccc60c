/**
 * Every table, for drizzle-kit (drizzle.config.ts), scripts and tests (issue 37 item 4: tables owned by
 * modules). Each module keeps its tables in its own `tables.ts` (and `<topic>-tables.ts`); the platform's
 * are in platform/db/tables.ts. Module code never imports this file: it imports its own tables, and reads
 * another module's through that module's tables file; who may write which table is checked by
 * tests/unit/table-owners.test.ts.
 */

export * from "./modules/accounts/alert-tables.ts";
export * from "./modules/accounts/tables.ts";
export * from "./modules/admin/tables.ts";
export * from "./modules/billing/tables.ts";
export * from "./modules/catalog/quality-tables.ts";
export * from "./modules/catalog/tables.ts";
export * from "./modules/catalog/task-tables.ts";
export * from "./modules/community/discussion-tables.ts";
export * from "./modules/community/gathering-tables.ts";
export * from "./modules/community/tables.ts";
export * from "./modules/content/support-tables.ts";
export * from "./modules/content/tables.ts";
export * from "./modules/growth/tables.ts";
export * from "./modules/insights/tables.ts";
export * from "./modules/linkcheck/tables.ts";
export * from "./modules/makers/tables.ts";
export * from "./modules/observer/tables.ts";
export * from "./modules/submissions/tables.ts";
export * from "./modules/syndication/tables.ts";
export { membershipTier } from "./platform/db/columns.ts";
export * from "./platform/db/tables.ts";
