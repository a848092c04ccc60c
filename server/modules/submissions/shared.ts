// The submissions module's door for the browser: the submit-tool form's messages and choices. No zod
// (the schema is the other browser door, ./forms.ts, which pages load lazily).
export * from "./labels.ts";
