// Shared with the browser: the accounts module's form schemas and tier rules (zod only, no server code).
export * from "../../server/modules/accounts/forms.ts";
export * from "../../server/modules/accounts/tiers.ts";
