import { timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { contributeMetrics, groupMetrics } from "./cluster.ts";

/**
 * Prometheus metrics for one app instance (its own registry: tests run several apps in one
 * process). Requests by route and status, latency, and whatever the app's parts report through
 * `counterFrom`/`gaugeFrom` (caches, the database pool or queue), plus the process's own figures
 * (memory, CPU, event-loop lag) from prom-client's default collectors.
 */
export type Metrics = ReturnType<typeof createMetrics>;

const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(options: { defaultMetrics?: boolean } = {}) {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry, prefix: "toolscape_" });

  const requests = new Counter({
    name: "toolscape_http_requests_total",
    help: "HTTP requests answered, by method, route and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "toolscape_http_request_duration_seconds",
    help: "Time to answer an HTTP request (until the handler returns), by method and route",
    labelNames: ["method", "route"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  return {
    registry,
    observeRequest(method: string, route: string, status: number, seconds: number) {
      // Methods people invent (LOCK, QUERY, …) would each grow a series: fold them into one.
      const m = KNOWN_METHODS.has(method) ? method : "OTHER";
      requests.inc({ method: m, route, status: String(status) });
      latency.observe({ method: m, route }, seconds);
    },
    /** A counter whose value is read, at scrape time, from a running total kept elsewhere. */
    counterFrom(name: string, help: string, read: () => number) {
      new Counter({
        name,
        help,
        registers: [registry],
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    },
    /** A gauge read at scrape time (a database count may be async; if it fails, the last value stays). */
    gaugeFrom(name: string, help: string, read: () => number | Promise<number>) {
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          try {
            this.set(await read());
          } catch {
            // an unreachable database must not fail the whole scrape
          }
        },
      });
    },
  };
}

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * `GET /metrics` in Prometheus' text format. Off (the path is unknown) unless a token is configured;
 * then only with `Authorization: Bearer <token>` (401 otherwise).
 */
export function metricsEndpoint(metrics: Metrics, token: string | undefined): MiddlewareHandler {
  const expected = token ? Buffer.from(token) : null;
  // A worker of `npm start` with WEB_CONCURRENCY: any worker answers for the whole group.
  contributeMetrics(metrics.registry);
  return async (c, next) => {
    // Off: the path is like any unknown one (the site's own 404 page).
    if (!expected) return next();
    const given = /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1]?.trim() ?? "";
    const buf = Buffer.from(given);
    if (buf.length !== expected.length || !timingSafeEqual(buf, expected)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      c.header("Cache-Control", "no-store");
      return c.text("Unauthorized", 401);
    }
    const body = (await groupMetrics()) ?? (await metrics.registry.metrics());
    return c.body(body, 200, { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" });
  };
}
