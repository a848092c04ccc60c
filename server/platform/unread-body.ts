import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * A response that goes out before its request's body has fully arrived (a 403, 404 or 405 that never
 * reads the body, a 413 from the body limit) ends its connection: it is sent with `Connection: close`
 * and not kept alive (RFC 9112 §9.6: a server that does not read the whole message should close).
 *
 * Why: @hono/node-server drains such a body after the response and, if the drain has not ended
 * within 500 ms, destroys the socket without a word. The client has its whole answer by then and has
 * put the connection back in its pool, so its next request on it fails with "other side closed" —
 * on a busy event loop (two test files on two cores) the hostile-input sweep lost a GET that way
 * (ADR 0057). Telling the client first means no request is ever sent on a socket about to close.
 * A body already received whole (the usual small form) keeps the connection alive.
 */
export function closeIfBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (hasBody(req) && !req.complete) this.shouldKeepAlive = false;
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  if (length !== undefined) return length !== "0";
  return req.headers["transfer-encoding"] !== undefined;
}
