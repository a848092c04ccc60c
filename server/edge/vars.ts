import type { AppServices } from "../process/context.ts";

/**
 * What the HTTP edge puts on every request's context before any route runs (server/edge/app.ts):
 * the services, the request id, the client address the edge trusts, and what a handler or a page gate
 * hands back to it — the cause of a failure for the request's log line, and the content version a
 * gate already read (the page cache reuses it). One type for the edge, the API and the page gates, so a
 * `c.set` is checked like any other assignment.
 */
export type EdgeVariables = {
  services: AppServices;
  requestId: string;
  clientIp: string;
  /** the cause of a 5xx (or a 503 the handler answered itself), logged with the request */
  error?: unknown;
  /** the content version a page gate read for this request */
  contentVersion?: number;
};

export type EdgeEnv = { Variables: EdgeVariables };
