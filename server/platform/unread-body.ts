import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

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
    if (hasBody(req) && !req.complete) {
      this.shouldKeepAlive = false;
      lingerOnClose(req.socket);
    }
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

/** How long a closing connection keeps discarding what the client still sends (a lingering close). */
export const LINGER_MS = 2_000;
const lingering = new WeakSet<Socket>();

/**
 * A lingering close: the answer (a 413 to a 120 MB upload) is only useful if the client reads it. Node
 * destroys the socket as soon as the answer is written, while the client is still sending; closing a
 * socket with unread bytes makes the kernel send a reset, and a reset arriving before the client has
 * read the answer discards it — the client sees "connection reset", never the 413 (measured: status 0
 * in body-cap.db.test.ts on a busy machine). So the socket ends its own side (FIN after the answer),
 * keeps reading and dropping what still arrives, and is destroyed when the client closes or after
 * LINGER_MS. Nothing read is kept: the bytes are discarded as they come.
 */
function lingerOnClose(socket: Socket | null): void {
  if (!socket || lingering.has(socket)) return;
  lingering.add(socket);
  let closing = false;
  socket.destroySoon = function (this: Socket) {
    if (this.destroyed || closing) return;
    closing = true;
    const destroy = () => {
      clearTimeout(timer);
      if (!this.destroyed) this.destroy();
    };
    const timer = setTimeout(destroy, LINGER_MS);
    timer.unref?.();
    this.once("end", destroy);
    this.once("error", destroy);
    this.once("close", () => clearTimeout(timer));
    if (this.writable) this.end();
    this.resume();
  };
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  if (length !== undefined) return length !== "0";
  return req.headers["transfer-encoding"] !== undefined;
}
