import type { Server } from "node:http";
import type { Socket } from "node:net";

/**
 * Closing an HTTP server gracefully: stop accepting, let in-flight requests finish, close each
 * kept-alive connection as it turns idle, and cut what is left after `forceMs`.
 *
 * Node's `closeIdleConnections()` leaves a connection that has not sent a single byte: Node counts it
 * as receiving a request (its header timer runs), so `server.close()` waited for the force timer, or
 * for the 60 s header timeout without one. Clients open such connections ahead of need: browsers
 * preconnect, and undici opened a third socket for an MCP client that it never used, which held every
 * shutdown after an MCP call for the full 10 s (two test files lost 10 s each). A connection that has
 * carried no request and sent nothing has nothing to finish, so it is closed with the idle ones.
 */
export function drainOnClose(server: Server, options: { forceMs: number; sweepMs?: number }): () => Promise<void> {
  const open = new Set<Socket>();
  const used = new WeakSet<Socket>();
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  });
  server.on("request", (req) => used.add(req.socket));

  const closeUnused = () => {
    server.closeIdleConnections();
    for (const socket of open) if (!used.has(socket) && socket.bytesRead === 0) socket.destroy();
  };

  return () =>
    new Promise<void>((resolve) => {
      const sweep = setInterval(closeUnused, options.sweepMs ?? 50);
      const force = setTimeout(() => server.closeAllConnections(), options.forceMs);
      force.unref();
      server.close(() => {
        clearInterval(sweep);
        clearTimeout(force);
        resolve();
      });
      closeUnused();
    });
}
