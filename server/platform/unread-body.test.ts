import { createServer, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeIfBodyUnread } from "./unread-body.ts";

// The server's own wiring (server/process/server.ts): the Hono listener behind closeIfBodyUnread. The route
// answers without reading the body, as a refused form post or a body-limit 413 does; /refuse-later
// after a turn of the event loop, as a refusal that first looks up the session does.
const app = new Hono();
app.post("/refuse", (c) => c.text("no", 403));
app.post("/refuse-later", async (c) => {
  await new Promise((resolve) => setImmediate(resolve));
  return c.text("no", 403);
});
app.post("/read", async (c) => c.text(`read ${(await c.req.text()).length}`));
app.get("/", (c) => c.text("ok"));
const listener = getRequestListener(app.fetch);
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    closeIfBodyUnread(req, res);
    listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Sends raw bytes on a new connection; resolves with the response head (lower-cased). */
function head(...chunks: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.on("data", (d) => {
      text += d.toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      if (end >= 0) {
        socket.destroy();
        resolve(text.slice(0, end).toLowerCase());
      }
    });
    socket.on("error", reject);
    for (const c of chunks) socket.write(c);
  });
}

describe("closeIfBodyUnread", () => {
  it("answers a body that has not all arrived with Connection: close", async () => {
    // 100 bytes announced, 10 sent: the 403 goes out before the rest could be read.
    const h = await head("POST /refuse HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n", "a".repeat(10));
    expect(h).toMatch(/^http\/1\.1 403/);
    expect(h).toContain("connection: close");
  });

  it("does the same for a chunked body still open", async () => {
    const h = await head("POST /refuse HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", "5\r\nhello\r\n");
    expect(h).toMatch(/^http\/1\.1 403/);
    expect(h).toContain("connection: close");
  });

  it("closes after an answer given before Node parsed the rest of the packet, too (the safe side)", async () => {
    // Node hands a request over before parsing the body bytes that came with it; an answer given
    // without waiting for I/O is written before them, and cannot know they are there.
    const body = "a=1&b=2";
    const h = await head(`POST /refuse HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    expect(h).toContain("connection: close");
  });

  it("keeps the connection alive when the body arrived whole, read or not, and for a GET", async () => {
    const body = "a=1&b=2";
    const refused = await head(
      `POST /refuse-later HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(refused).toMatch(/^http\/1\.1 403/);
    expect(refused).toContain("connection: keep-alive");
    const read = await head(`POST /read HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    expect(read).toMatch(/^http\/1\.1 200/);
    expect(read).toContain("connection: keep-alive");
    const get = await head("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(get).toContain("connection: keep-alive");
  });

  it("a pooled client never reuses a connection the server is about to drop", async () => {
    // What the sweep saw: a large body refused early, then requests on the same pool.
    const url = `http://127.0.0.1:${port}`;
    const errors: string[] = [];
    for (let i = 0; i < 5; i++) {
      const refused = await fetch(`${url}/refuse`, { method: "POST", body: "x".repeat(2_000_000) }).catch(
        (e: Error) => e,
      );
      if (refused instanceof Error) errors.push(`POST: ${refused.message} ${String(refused.cause ?? "")}`);
      else {
        expect(refused.status).toBe(403);
        expect(refused.headers.get("connection")).toBe("close");
        await refused.arrayBuffer();
      }
      const res = await fetch(`${url}/`).catch((e: Error) => e);
      if (res instanceof Error) errors.push(`GET: ${res.message} ${String(res.cause ?? "")}`);
      else expect(await res.text()).toBe("ok");
    }
    expect(errors).toEqual([]);
  });
});
