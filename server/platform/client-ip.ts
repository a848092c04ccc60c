import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

/**
 * The client's address for rate limiting: the socket's peer, or, behind a reverse proxy
 * (TRUST_PROXY=1), the last X-Forwarded-For entry (the one our proxy appended; earlier entries are
 * whatever the client claimed).
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for");
    const last = forwarded?.split(",").pop()?.trim();
    if (last) return last;
  }
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "unknown";
}
