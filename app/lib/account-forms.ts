// Shared with the browser: the accounts module's form schemas (zod only, no server code). Tier rules live in
// ./tiers, which has no zod: import them from there so the frame does not load zod.
export * from "#server/modules/accounts/forms.ts";
