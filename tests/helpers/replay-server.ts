import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

/**
 * A local stand-in for a payment provider's API: it answers recorded request/response pairs
 * (tests/fixtures/providers/…) and keeps every request it received, so a test can assert what the
 * adapter sent (method, path, idempotency headers, amounts). Nothing leaves the machine.
 */
export type Exchange = {
  request: { method: string; path: string };
  response: { status: number; headers?: Record<string, string>; body?: unknown };
};

export type ReceivedRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: unknown;
};

export type ReplayServer = {
  url: string;
  requests: ReceivedRequest[];
  /** the requests to one method + path (query ignored) */
  to(method: string, path: string): ReceivedRequest[];
  close(): Promise<void>;
};

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/providers");

/** Reads tests/fixtures/providers/<provider>/<name>.json: a recorded exchange. */
export function fixture<T = Exchange>(provider: "paypal" | "cashfree", name: string): T {
  return JSON.parse(readFileSync(path.join(FIXTURES, provider, `${name}.json`), "utf8")) as T;
}

/** A webhook's raw body (<name>.txt, kept out of the formatter): the exact bytes that are signed. */
export function fixtureText(provider: "paypal" | "cashfree", name: string): string {
  return readFileSync(path.join(FIXTURES, provider, `${name}.txt`), "utf8");
}

/**
 * Serves the exchanges: each request takes the first unused exchange with its method and path; once
 * a route's exchanges are used up its last one repeats. An unknown route answers 404 and is kept.
 */
export async function startReplayServer(exchanges: Exchange[]): Promise<ReplayServer> {
  const requests: ReceivedRequest[] = [];
  const used = new Set<number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://replay.local");
      const method = (req.method ?? "GET").toUpperCase();
      let json: unknown = null;
      try {
        json = body ? JSON.parse(body) : null;
      } catch {
        json = null;
      }
      requests.push({ method, path: url.pathname, headers: req.headers, body, json });
      const matching = exchanges
        .map((exchange, index) => ({ exchange, index }))
        .filter(({ exchange }) => exchange.request.method === method && exchange.request.path === url.pathname);
      const next = matching.find(({ index }) => !used.has(index)) ?? matching.at(-1);
      if (!next) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ message: `no recorded exchange for ${method} ${url.pathname}` }));
        return;
      }
      used.add(next.index);
      const { status, headers, body: answer } = next.exchange.response;
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(answer === undefined ? "" : JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    to: (method, p) => requests.filter((r) => r.method === method && r.path === p),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
