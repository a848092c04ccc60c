import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small round-robin HTTP proxy in front of the app instances (what nginx or a cloud load
 * balancer does in production), with the retry rules docs/deploy.md describes:
 *
 * - A request whose connection to an instance is refused never reached the app: it is sent to the
 *   next instance whatever its method, and that instance is skipped for `downMs`.
 * - A request whose connection was reset (or closed) before any response may have been handled by
 *   the app before it died. It is retried only when repeating it is harmless: GET/HEAD/OPTIONS,
 *   PUT/DELETE, and the POSTs that are idempotent by design (`IDEMPOTENT_POSTS`). Anything else
 *   (a sign-up: the repeat would answer "already exists") gets a 502.
 * - The proxy reads an instance's whole answer before sending it on (like nginx's response
 *   buffering), so an instance that dies mid-answer is a reset like any other.
 *
 * X-Forwarded-For: the peer's address is appended, except that a peer on loopback (the load
 * generator, standing in for the internet here) is a trusted hop whose X-Forwarded-For is passed on
 * as it is, as nginx's real_ip module would, so each simulated user keeps its own address.
 */
export const IDEMPOTENT_POSTS: RegExp[] = [
  /^\/api\/saved-tools(\/merge)?$/, // INSERT … ON CONFLICT DO NOTHING; merge is a set union
  /^\/api\/newsletter\/subscribe$/, // an upsert on the lower-cased address; a repeat sends no second mail
  /^\/api\/auth\/sign-in\/email$/, // a second session for the same account (and one more rate-limit count)
  /^\/api\/auth\/sign-out$/, // deleting a session twice
  /^\/api\/analytics\/tool-click$/, // repeated clicks count once per 10 minutes
  /^\/api\/subscriptions\/check-access$/, // a read sent as POST
];

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  "content-length",
]);

export function isRetryable(method: string, path: string): boolean {
  if (SAFE_METHODS.has(method)) return true;
  return method === "POST" && IDEMPOTENT_POSTS.some((re) => re.test(path));
}

export type ProxyStats = {
  requests: number;
  retriedRefused: number;
  retriedReset: number;
  notRetried: number;
  badGateway: number;
  byUpstream: number[];
};

export type Proxy = {
  url: string;
  stats: ProxyStats;
  close(): Promise<void>;
};

export async function startProxy(options: {
  port: number;
  upstreams: { host: string; port: number }[];
  downMs?: number;
}): Promise<Proxy> {
  const { upstreams } = options;
  const downMs = options.downMs ?? 1000;
  const downUntil = upstreams.map(() => 0);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128, timeout: 30_000 });
  const stats: ProxyStats = {
    requests: 0,
    retriedRefused: 0,
    retriedReset: 0,
    notRetried: 0,
    badGateway: 0,
    byUpstream: upstreams.map(() => 0),
  };
  let next = 0;

  /** The next instance in turn that is not marked down (all down: the next in turn anyway). */
  const pick = (exclude: Set<number>): number | null => {
    const now = Date.now();
    for (let i = 0; i < upstreams.length; i++) {
      const index = (next + i) % upstreams.length;
      if (!exclude.has(index) && (downUntil[index] ?? 0) <= now) {
        next = (index + 1) % upstreams.length;
        return index;
      }
    }
    for (let i = 0; i < upstreams.length; i++) {
      const index = (next + i) % upstreams.length;
      if (!exclude.has(index)) {
        next = (index + 1) % upstreams.length;
        return index;
      }
    }
    return null;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    stats.requests++;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const method = req.method ?? "GET";
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    const peer = req.socket.remoteAddress ?? "";
    const loopback = peer === "127.0.0.1" || peer === "::1" || peer === "::ffff:127.0.0.1";
    const claimed = req.headers["x-forwarded-for"];
    headers["x-forwarded-for"] = loopback && claimed ? String(claimed) : claimed ? `${claimed}, ${peer}` : peer;
    headers["x-forwarded-proto"] = "http";
    if (body.length) headers["content-length"] = String(body.length);

    const tried = new Set<number>();
    for (;;) {
      const index = pick(tried);
      if (index === null) break;
      tried.add(index);
      const upstream = upstreams[index];
      if (!upstream) break;
      const outcome = await new Promise<"done" | "refused" | "reset">((resolve) => {
        const up = http.request(
          { host: upstream.host, port: upstream.port, method, path: req.url, headers, agent },
          (upRes) => {
            // The whole answer is read before anything is sent, so an instance dying mid-body is
            // still a failure the proxy may retry (answers here are small pages and JSON).
            const parts: Buffer[] = [];
            upRes.on("data", (chunk: Buffer) => parts.push(chunk));
            upRes.on("error", () => resolve("reset"));
            upRes.on("aborted", () => resolve("reset"));
            upRes.on("end", () => {
              if (!upRes.complete) return resolve("reset");
              stats.byUpstream[index] = (stats.byUpstream[index] ?? 0) + 1;
              const out: Record<string, string | string[]> = {};
              for (const [name, value] of Object.entries(upRes.headers)) {
                if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
              }
              // Which instance answered (the bench's timeline and slowest-request list name it).
              out["x-cluster-upstream"] = String(index);
              const payload = Buffer.concat(parts);
              if (method !== "HEAD") out["content-length"] = String(payload.length);
              else if (upRes.headers["content-length"]) out["content-length"] = upRes.headers["content-length"];
              res.writeHead(upRes.statusCode ?? 502, out);
              res.end(payload);
              resolve("done");
            });
          },
        );
        up.on("error", (err: NodeJS.ErrnoException) => resolve(err.code === "ECONNREFUSED" ? "refused" : "reset"));
        up.end(body);
      });
      if (outcome === "done") return;
      if (outcome === "refused") {
        downUntil[index] = Date.now() + downMs;
        stats.retriedRefused++;
        continue;
      }
      // A reset is how a killed instance shows first (its kept-alive connections): skip it for a
      // moment too, so that the next requests go to an instance that answers.
      downUntil[index] = Date.now() + downMs;
      if (isRetryable(method, path)) {
        stats.retriedReset++;
        continue;
      }
      stats.notRetried++;
      break;
    }
    stats.badGateway++;
    if (!res.headersSent) {
      res.writeHead(502, { "content-type": "application/json", "retry-after": "1" });
      res.end(JSON.stringify({ success: false, error: "No instance could answer this request" }));
    } else res.destroy();
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
