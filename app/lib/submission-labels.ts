// Shared with the browser and light: the submit-tool form's messages and choices (no zod).
export * from "#server/modules/submissions/shared.ts";
