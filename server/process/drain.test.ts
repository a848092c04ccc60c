import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { drainOnClose } from "./drain.ts";

let server: Server | undefined;
const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.destroy();
  server?.closeAllConnections();
  server = undefined;
});

/** A server whose /slow answers after `ms`, with the drain under test. */
async function serve(slowMs: number) {
  server = createServer((req, res) => {
    if (req.url === "/slow") setTimeout(() => res.end("slow done"), slowMs);
    else res.end("ok");
  });
  const close = drainOnClose(server, { forceMs: 5_000, sweepMs: 10 });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, close };
}

/** A connection that is opened and never sends a byte (a browser's preconnect; undici's spare socket). */
async function silentConnection(port: number): Promise<Socket> {
  const socket = connect(port, "127.0.0.1");
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return socket;
}

const get = (port: number, path: string, agent?: import("node:http").Agent) =>
  new Promise<string>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, agent }, (res) => {
      let body = "";
      res.on("data", (c) => {
        body += c;
      });
      res.on("end", () => resolve(body));
    });
    req.on("error", reject);
    req.end();
  });

describe("drainOnClose: a graceful close", () => {
  it("closes a connection that never sent a request at once, not after the force timer", async () => {
    const { port, close } = await serve(0);
    const silent = await silentConnection(port);
    const closed = new Promise<void>((resolve) => silent.once("close", () => resolve()));
    const started = performance.now();
    await close();
    await closed;
    // The force timer is 5 s: without the sweep of unused connections close() waited for it.
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("closes kept-alive connections between requests, and lets a running request finish", async () => {
    const { port, close } = await serve(300);
    const { Agent } = await import("node:http");
    const agent = new Agent({ keepAlive: true });
    try {
      expect(await get(port, "/", agent)).toBe("ok"); // leaves an idle kept-alive connection
      const slow = get(port, "/slow");
      await new Promise((r) => setTimeout(r, 50)); // the slow request has arrived
      const started = performance.now();
      await close();
      expect(await slow).toBe("slow done");
      const took = performance.now() - started;
      expect(took).toBeGreaterThanOrEqual(200);
      expect(took).toBeLessThan(2_000);
    } finally {
      agent.destroy();
    }
  });

  it("leaves a connection that has started sending a request to finish it", async () => {
    const { port, close } = await serve(0);
    const partial = await silentConnection(port);
    partial.write("GET / HTTP/1.1\r\nHost: x\r\n"); // headers not finished yet
    await new Promise((r) => setTimeout(r, 50));
    let answer = "";
    partial.on("data", (c) => {
      answer += c;
    });
    const ended = new Promise<void>((resolve) => partial.once("close", () => resolve()));
    const closing = close();
    await new Promise((r) => setTimeout(r, 100));
    expect(partial.destroyed).toBe(false);
    partial.write("Connection: close\r\n\r\n");
    await closing;
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });
});
