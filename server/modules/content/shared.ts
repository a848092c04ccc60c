// The content module's door for the browser: deal, beta and blog wording and choices, and the shapes
// pages render. No zod and no server code.

export * from "./blog-labels.ts";
export type { PostSummary } from "./blog-rows.ts";
export * from "./labels.ts";
export type { TicketMessage } from "./support.ts";
export type { TicketStatus } from "./support-forms.ts";
