// Tier names and ranks for the browser, without the form schemas (keeps zod out of every page).
export * from "#server/modules/accounts/shared.ts";
