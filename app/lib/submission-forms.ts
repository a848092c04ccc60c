// Shared with the browser: the submit-tool form's schema and labels (zod only, no server code).
export * from "#server/modules/submissions/forms.ts";
