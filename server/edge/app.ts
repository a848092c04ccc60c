import { readdirSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { matchedRoutes } from "hono/route";
import { secureHeaders } from "hono/secure-headers";
import { createRequestHandler, type ServerBuild } from "react-router";
import { ERROR_REPORT_MAX_BYTES } from "../api/errors.ts";
import { createApi } from "../api/index.ts";
import { isCrawler, markVerifiedCrawler, type Tier } from "../modules/accounts/index.ts";
import { mediaFile } from "../modules/linkcheck/index.ts";
import { MANIFEST_SCHEMA_PATH, manifestJsonSchema } from "../modules/observer/index.ts";
import { handleMcpRequest, MCP_MAX_BODY, mcpError } from "../modules/syndication/index.ts";
import { memberOwnPages } from "../page-gates/member-own-pages.ts";
import { memberPages } from "../page-gates/member-pages.ts";
import { createToolRefs, toolPageGate } from "../page-gates/tool-page-gate.ts";
import { bodyCap } from "../platform/body-cap.ts";
import { clientIp } from "../platform/client-ip.ts";
import { compression } from "../platform/compression.ts";
import { csrfProtection } from "../platform/csrf.ts";
import { failedForDatabase, isDatabaseUnavailable } from "../platform/db/availability.ts";
import { noteConnectionLost } from "../platform/db/outage.ts";
import { overloaded, overloadScope } from "../platform/db/queue.ts";
import { AppError } from "../platform/errors.ts";
import { createMetrics, type Metrics, metricsEndpoint } from "../platform/metrics.ts";
import { nulGuard } from "../platform/nul-guard.ts";
import { createPageCache } from "../platform/page-cache.ts";
import { MAX_FORM_BYTES, pageRequestGuard } from "../platform/page-methods.ts";
import { BUILD_DIR } from "../platform/paths.ts";
import { pageRouteLabeller } from "../platform/route-label.ts";
import { siteOrigin } from "../platform/site-origin.ts";
import { viewerCaching } from "../platform/viewer-caching.ts";
import type { AppServices } from "../process/context.ts";
import { causeOf, unavailable } from "./failure-answers.ts";
import { registerServiceMetrics } from "./service-metrics.ts";
import type { EdgeEnv } from "./vars.ts";

type Vars = EdgeEnv;

export type AppOptions = {
  services: AppServices;
  /** The React Router server build; omitted in API-only tests. */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  mode?: "production" | "development";
  /** Serve build/client (false in development, where Vite serves assets). */
  serveAssets?: boolean;
  /** Prometheus metrics of this instance (one is made when omitted). */
  metrics?: Metrics;
};

const REQUEST_ID = /^[\w.:-]{1,64}$/;
/** /tools/{id or slug}, the page that counts daily tool views (not /tools itself). */
const TOOL_PAGE = /^\/tools\/[^/]+\/?$/;
const TOOL_PAGE_SLUG = /^\/tools\/([^/]+?)\/?$/;
const SLOW_MS = 1000;
const API_MAX_BODY = 5 * 1024 * 1024;
/** Badges, cards and the compare widget that other sites frame (their own security headers). */
export const isEmbedPath = (p: string) => p.startsWith("/embed/");

/** The one HTTP app: request ids and logs, security headers, compression, /api, assets, then pages. */
export function createApp(options: AppOptions) {
  const { services } = options;
  const app = new Hono<Vars>();
  let seq = 0;
  const metrics = options.metrics ?? createMetrics();
  // Metrics label pages by their route (bounded), never by URL.
  const pageRoute =
    options.build && typeof options.build !== "function" ? pageRouteLabeller(options.build) : () => "page";
  registerServiceMetrics(metrics, services);
  const routeLabel = (c: Context<Vars>): string => {
    const p = c.req.path;
    if (p.startsWith("/api/") || p === "/api") {
      const route = matchedRoutes(c)[c.req.routeIndex];
      return route && !route.path.endsWith("*") ? route.path : "/api/unmatched";
    }
    if (p.startsWith("/assets/")) return "/assets/*";
    if (p === "/metrics" || p === "/mcp") return p;
    // Pages, whether rendered or answered from the page cache (and the few files of build/client).
    return pageRoute(p);
  };

  app.use(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId =
      incoming && REQUEST_ID.test(incoming) ? incoming : `${process.pid.toString(36)}-${(++seq).toString(36)}`;
    c.set("requestId", requestId);
    c.set("services", services);
    c.set("clientIp", clientIp(c, services.env.TRUST_PROXY));
    const started = performance.now();
    const startedAt = Date.now();
    await next();
    // The outage answer is made here, outside compression, whoever noticed the outage: a page or
    // better-auth answering 500 themselves, or a middleware inside compression (member pages, the
    // tool page gate) whose throw onError answered 503 and compression then gzipped.
    const outage =
      (c.res.status === 503 && isDatabaseUnavailable(c.var.error)) ||
      (c.res.status === 500 && (await failedForDatabase(services.db, startedAt)));
    if (outage) {
      // A page or better-auth failed while the database is unreachable (e.g. PostgreSQL restarting):
      // that is "try again shortly", not a bug.
      if (c.res.status === 500)
        services.logger.warn("answered 503: database unavailable", { requestId, path: c.req.path });
      c.res = unavailable(c.req.path.startsWith("/api"));
      // Hono copies the failed response's headers onto the new one: not its encoding, length or caching.
      c.res.headers.delete("content-encoding");
      c.res.headers.delete("content-length");
      c.res.headers.set("Cache-Control", "no-store");
    }
    c.header("X-Request-Id", requestId);
    const elapsed = performance.now() - started;
    const ms = Math.round(elapsed);
    const aborted = c.req.raw.signal.aborted;
    metrics.observeRequest(c.req.method, routeLabel(c), aborted ? 499 : c.res.status, elapsed / 1000);
    const fields = { requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms };
    if (aborted) {
      // The client went away (closed the tab, timed out): not our failure, whatever was answered.
      services.logger.info("request aborted", { ...fields, status: 499 });
    } else if (c.res.status >= 500) {
      services.logger.error("request failed", { ...fields, err: causeOf(c.var.error, c.res.status) });
    } else if (ms >= SLOW_MS) services.logger.warn("slow request", fields);
    else services.logger.debug("request", fields);
  });

  const siteHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // React Router inlines its hydration data as a script; images and logos come from tool sites.
      scriptSrc: ["'self'", "'unsafe-inline'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "https:"],
      connectSrc: ["'self'", ...(options.mode === "development" ? ["ws:"] : [])],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'self'"],
      formAction: ["'self'"],
    },
    strictTransportSecurity: options.mode === "development" ? false : "max-age=15552000; includeSubDomains",
    // Not "no-referrer": with it, browsers send `Origin: null` on plain form posts, and the CSRF
    // checks (ours and React Router's) must refuse those, breaking every form without JavaScript.
    // Other sites still only ever see our origin, never a path or query (reset tokens stay here).
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginEmbedderPolicy: false,
  });
  // Badges and embed cards are made to be framed by any site: on /embed/* only, any ancestor may frame
  // them, nothing else loads (no script, no connection), and no cookie is ever set (no tracking).
  const embedHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      styleSrc: ["'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "https:"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
      frameAncestors: ["*"],
    },
    xFrameOptions: false,
    crossOriginResourcePolicy: "cross-origin",
    strictTransportSecurity: options.mode === "development" ? false : "max-age=15552000; includeSubDomains",
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginEmbedderPolicy: false,
  });
  app.use(async (c, next) => {
    if (!isEmbedPath(c.req.path)) return siteHeaders(c, next);
    await embedHeaders(c, next);
    c.res.headers.delete("Set-Cookie");
  });
  app.get("/metrics", metricsEndpoint(metrics, services.env.METRICS_TOKEN));
  // Logos and previews we fetched and re-encoded (never third-party URLs in our pages).
  app.get("/media/:folder/:file", async (c) => {
    const answer = await mediaFile(services.db, c.req.param("folder"), c.req.param("file"), c.req.query("v"));
    if (answer.status === 404) return c.text("Not found", 404, { "Cache-Control": "public, max-age=60" });
    return c.body(Buffer.from(answer.body), 200, answer.headers);
  });
  app.use(compression());
  // Every body is read once, here, counted against its route's limit (issue 31): a 413 with or without
  // Content-Length, before anything parses it; what follows reads the bytes kept here.
  app.use(
    bodyCap({
      limitFor: (p) =>
        p === "/mcp"
          ? MCP_MAX_BODY
          : p === "/api/errors"
            ? ERROR_REPORT_MAX_BYTES
            : p.startsWith("/api/")
              ? API_MAX_BODY
              : MAX_FORM_BYTES,
      refuse: (c, status, message) =>
        c.req.path === "/mcp"
          ? mcpError(status, message)
          : c.req.path.startsWith("/api")
            ? c.json({ success: false, error: message }, status)
            : c.text(message, status),
    }),
  );
  // NUL bytes never reach a route (PostgreSQL cannot store them): one rule for every route (ADR 0025).
  app.use(nulGuard());
  app.use(csrfProtection({ publicUrl: services.env.PUBLIC_URL, trustProxy: services.env.TRUST_PROXY }));
  // Answers that depend on who asks say so to caches (issue 31).
  app.use(viewerCaching());

  // The maker manifest's JSON Schema (issue 33, ADR 0071): generated from the zod schema that validates it.
  app.get(MANIFEST_SCHEMA_PATH, (c) =>
    c.json(manifestJsonSchema(siteOrigin(services.env)), 200, {
      "Cache-Control": "public, max-age=3600",
      "Access-Control-Allow-Origin": "*",
    }),
  );
  app.route("/api", createApi());
  // The MCP server (issue 22): stateless Streamable HTTP; an API key or nothing, never cookies.
  app.all("/mcp", (c) =>
    handleMcpRequest(
      {
        db: services.db,
        env: services.env,
        now: () => services.clock.now(),
        logger: services.logger,
        requestId: c.var.requestId,
      },
      c.req.raw,
      c.var.clientIp,
    ),
  );

  if (options.serveAssets !== false && options.build) {
    const root = path.relative(process.cwd(), path.join(BUILD_DIR, "client")) || ".";
    app.use(
      "/assets/*",
      serveStatic({
        root,
        // The Brotli or gzip copy made at build time (scripts/precompress-assets.mjs, ADR 0097): an asset is
        // never compressed again on a request.
        precompressed: true,
        onFound: (_p, c) => {
          c.header("Cache-Control", "public, max-age=31536000, immutable");
        },
      }),
    );
    const files = serveStatic({
      root,
      onFound: (_p, c) => {
        c.header("Cache-Control", "public, max-age=3600");
      },
    });
    // The few files of build/client outside assets/ (favicon, blog images), listed once: a page
    // request must not cost a file-system lookup (it did, on every cached page).
    const known = clientFiles(path.join(BUILD_DIR, "client"));
    app.use("*", (c, next) => (!known || known.has(c.req.path) ? files(c, next) : next()));
  }

  if (options.build) {
    // A search engine's crawler is one only when its address says so (issue 31): asked once per request
    // here, for every rule below (the gate, members' pages, the page cache, the view tallies, the loader).
    app.use("*", async (c, next) => {
      if (c.req.method === "GET" && (await services.crawlers.verify(c.req.raw, c.var.clientIp))) {
        markVerifiedCrawler(c.req.raw);
      }
      return next();
    });
    // Visitors' tool page views are counted in a signed cookie in front of the cache (ADR 0004,
    // addendum 3); the views it allows are served the public page, from the cache when it is on.
    const publicToolViews = new WeakSet<Request>();
    // Tool page views per day for the admin's analytics: counted here, in front of the page cache,
    // in memory (flushed in batches by services.tallies), whoever rendered or served the page.
    app.use("/tools/*", async (c, next) => {
      await next();
      if (c.req.method !== "GET" || c.res.status !== 200 || isCrawler(c.req.raw)) return;
      const slug = TOOL_PAGE_SLUG.exec(c.req.path)?.[1];
      if (!slug || slug.endsWith(".data") || slug.length > 200) return;
      try {
        services.tallies.toolViews.record(decodeURIComponent(slug).trim().toLowerCase());
      } catch {
        // a malformed path is not a view
      }
    });
    const toolRefs = createToolRefs(services.db);
    app.use("/tools/*", toolPageGate(services, publicToolViews, toolRefs));
    // Signed-in members' shared pages (ADR 0032): their tier's page, from the cache, without personal parts.
    const audiences = new WeakMap<Request, Tier>();
    const countCache = (name: string, hits: string, misses: string, stats: { hits: number; misses: number }) => {
      metrics.counterFrom(`toolscape_${name}_hits_total`, hits, () => stats.hits);
      metrics.counterFrom(`toolscape_${name}_misses_total`, misses, () => stats.misses);
    };
    if (services.env.PAGE_CACHE && options.mode !== "development") {
      app.use("*", memberPages(services, audiences, toolRefs));
      // A member's own dashboard, kept rendered while nothing it shows has changed (ADR 0059).
      const ownPages = memberOwnPages(services);
      app.use("*", ownPages.middleware);
      services.stats.memberPageCache = ownPages.counters;
      countCache(
        "member_page_cache",
        "Members' own pages answered from memory",
        "Members' own pages rendered",
        ownPages.stats,
      );
      const cache = createPageCache(services.db, {
        clock: services.clock,
        audience: (request) => audiences.get(request),
        skip: (p, request) =>
          p.startsWith("/api/") ||
          p.startsWith("/go/") ||
          p.startsWith("/dev/") ||
          // Other tool page views (members, visitors past the limit, tier-locked tools) are personal:
          // never from the cache. Crawlers are not counted and get the public page.
          (TOOL_PAGE.test(p) && !isCrawler(request) && !publicToolViews.has(request) && !audiences.has(request)),
      });
      app.use("*", cache.middleware);
      services.stats.pageCache = cache.counters;
      countCache(
        "page_cache",
        "Anonymous pages answered from the HTML cache",
        "Cacheable page requests that were rendered",
        cache.stats,
      );
      metrics.gaugeFrom("toolscape_page_cache_entries", "Pages held in the HTML cache", () => cache.size());
    }
    const build = options.build;
    app.use("*", pageRequestGuard(typeof build === "function" ? build : () => build));
    const handle = createRequestHandler(build, options.mode ?? "production");
    app.all("*", async (c) => {
      const scope = { overloaded: false };
      const res = await overloadScope.run(scope, () =>
        handle(c.req.raw, {
          services,
          requestId: c.var.requestId,
          clientIp: c.var.clientIp,
          publicToolView: publicToolViews.has(c.req.raw) || audiences.has(c.req.raw),
          crawler: isCrawler(c.req.raw),
          audience: audiences.get(c.req.raw),
          reportError: (error) => {
            if (c.var.error === undefined) c.set("error", error);
          },
        }),
      );
      // A loader refused by the embedded database's full queue: the page says "busy" (503), not 500.
      if (res.status >= 500 && scope.overloaded) throw overloaded();
      return res;
    });
  }

  app.onError((thrown, c) => {
    const isApi = c.req.path.startsWith("/api");
    // The database driver wraps what the PGlite queue refuses with (a 503 AppError) in its own error.
    const err = !(thrown instanceof AppError) && thrown.cause instanceof AppError ? thrown.cause : thrown;
    if (err instanceof AppError) {
      // Our side failed in a known way (a dependency down): the caller gets the message, we keep the cause.
      // (the request log line carries the cause and its details)
      if (err.status >= 500) c.set("error", err);
      const retry = (err.details as { retryAfterSec?: number } | undefined)?.retryAfterSec;
      if ((err.status === 429 || err.status === 503) && retry) c.header("Retry-After", String(retry));
      return isApi
        ? c.json({ success: false, error: err.message }, err.status as 400)
        : c.text(err.message, err.status as 400);
    }
    if (isDatabaseUnavailable(err)) {
      c.set("error", err); // the request's log line (a 503) carries the cause
      noteConnectionLost(services.db);
      return unavailable(isApi);
    }
    if (err instanceof URIError) {
      return isApi ? c.json({ success: false, error: "Malformed URL encoding" }, 400) : c.text("Bad Request", 400);
    }
    c.set("error", err);
    return isApi
      ? c.json({ success: false, error: "Something went wrong on our side. Please try again." }, 500)
      : c.text("Internal Server Error", 500);
  });
  app.notFound((c) =>
    c.req.path.startsWith("/api") ? c.json({ success: false, error: "Not found" }, 404) : c.text("Not Found", 404),
  );
  return app;
}

/** The files under `dir` outside assets/, as URL paths; null when it cannot be read (every path is then looked up). */
function clientFiles(dir: string): Set<string> | null {
  try {
    const files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => `/${path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/")}`)
      .filter((p) => !p.startsWith("/assets/"));
    return new Set(files);
  } catch {
    return null;
  }
}
