// Client-safe: the ticket statuses the admin inbox filters by (the module's TICKET_STATUSES, mirrored;
// a type check below keeps the two equal).
import type { TicketStatus } from "#server/modules/content/shared.ts";

export const TICKET_STATUS_OPTIONS = ["open", "answered", "closed"] as const satisfies readonly TicketStatus[];
