// The insights module's browser-safe constants (no zod, no server code).
export * from "#server/modules/insights/shared.ts";
