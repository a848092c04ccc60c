// Shared with the browser: deal and beta wording and choices (no zod, no database).
export * from "#server/modules/content/shared.ts";
