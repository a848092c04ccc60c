import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";

/**
 * Throughput runs. autocannon fires from a worker thread, so the load generator does not share the
 * app's event loop (the app runs in this process, on the main thread).
 */

/** `paths` are cycled through by every connection; `warmupPaths` (default: `paths`) warm up first. */
export type LoadTarget = {
  name: string;
  url: string;
  paths: string[];
  warmupPaths?: string[];
  /** sent with every request (a browser's User-Agent, a visitor's or a member's cookies) */
  headers?: Record<string, string>;
  /** a ratio target to the ceiling, checked in the report */
  target?: { ratio: number; label: string };
  /** the same page for a visitor and for a signed-in Standard member, side by side in the report */
  pair?: { page: string; who: "visitor" | "member" };
};

export type LoadResult = {
  target?: LoadTarget["target"];
  pair?: LoadTarget["pair"];
  /** req/s of a short ceiling run made just before this one (bench/run.ts) */
  adjacentCeiling?: number;
  name: string;
  example: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
};

/** A plain node:http server answering every request with the same bytes from memory: the ceiling. */
export async function startCeiling(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const body = Buffer.from(html);
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
    res.end(body);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Waits (up to 60 s) until the app answers its health check within 200 ms: requests still queued
 * from a slow run must not be counted against the next one.
 */
async function drain(url: string): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const started = performance.now();
    try {
      const res = await fetch(`${url}/api/health`);
      await res.arrayBuffer();
    } catch {
      // the ceiling has no health route; any answer will do
    }
    if (performance.now() - started < 200) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function runLoad(
  target: LoadTarget,
  options: { duration: number; connections: number; warmupSeconds: number },
): Promise<LoadResult> {
  // Each connection cycles through the request list; the list rotates the slugs / queries.
  const requests = (paths: string[]) =>
    paths.map((p) => ({ method: "GET", path: p, ...(target.headers ? { headers: target.headers } : {}) }));
  const common = { url: target.url, connections: options.connections, workers: 1, timeout: 30 };
  if (options.warmupSeconds > 0) {
    await autocannon({
      ...common,
      duration: options.warmupSeconds,
      requests: requests(target.warmupPaths ?? target.paths),
    });
  }
  const r = await autocannon({
    ...common,
    duration: options.duration,
    title: target.name,
    requests: requests(target.paths),
  });
  await drain(target.url);
  return {
    target: target.target,
    pair: target.pair,
    name: target.name,
    example: target.paths[0] ?? "/",
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, v]) => [code, v.count])),
  };
}
