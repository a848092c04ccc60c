import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createApi } from "./api/index.ts";
import type { AppServices } from "./context.ts";
import { isCrawler } from "./modules/accounts/index.ts";
import { clientIp } from "./platform/client-ip.ts";
import { csrfProtection } from "./platform/csrf.ts";
import { overloaded, overloadScope } from "./platform/db/queue.ts";
import { AppError } from "./platform/errors.ts";
import { createPageCache } from "./platform/page-cache.ts";
import { BUILD_DIR } from "./platform/paths.ts";
import { toolPageGate } from "./tool-page-gate.ts";

type Vars = { Variables: { services: AppServices; requestId: string; clientIp: string } };

export type AppOptions = {
  services: AppServices;
  /** The React Router server build; omitted in API-only tests. */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  mode?: "production" | "development";
  /** Serve build/client (false in development, where Vite serves assets). */
  serveAssets?: boolean;
};

const REQUEST_ID = /^[\w.:-]{1,64}$/;
/** /tools/{id or slug}, the page that counts daily tool views (not /tools itself). */
const TOOL_PAGE = /^\/tools\/[^/]+\/?$/;
const SLOW_MS = 1000;

/** The one HTTP app: request ids and logs, security headers, compression, /api, assets, then pages. */
export function createApp(options: AppOptions) {
  const { services } = options;
  const app = new Hono<Vars>();
  let seq = 0;

  app.use(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId =
      incoming && REQUEST_ID.test(incoming) ? incoming : `${process.pid.toString(36)}-${(++seq).toString(36)}`;
    c.set("requestId", requestId);
    c.set("services", services);
    c.set("clientIp", clientIp(c, services.env.TRUST_PROXY));
    const started = performance.now();
    await next();
    c.header("X-Request-Id", requestId);
    const ms = Math.round(performance.now() - started);
    const fields = { requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms };
    if (c.res.status >= 500) services.logger.error("request failed", fields);
    else if (ms >= SLOW_MS) services.logger.warn("slow request", fields);
    else services.logger.debug("request", fields);
  });

  app.use(
    secureHeaders({
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
    }),
  );
  app.use(compress());
  app.use(csrfProtection({ publicUrl: services.env.PUBLIC_URL, trustProxy: services.env.TRUST_PROXY }));

  app.use(
    "/api/*",
    bodyLimit({
      maxSize: 5 * 1024 * 1024,
      onError: (c) => c.json({ success: false, error: "Request body is too large" }, 413),
    }),
  );
  app.route("/api", createApi());

  if (options.serveAssets !== false && options.build) {
    const root = path.relative(process.cwd(), path.join(BUILD_DIR, "client")) || ".";
    app.use(
      "/assets/*",
      serveStatic({
        root,
        onFound: (_p, c) => {
          c.header("Cache-Control", "public, max-age=31536000, immutable");
        },
      }),
    );
    app.use(
      "*",
      serveStatic({
        root,
        onFound: (_p, c) => {
          c.header("Cache-Control", "public, max-age=3600");
        },
      }),
    );
  }

  if (options.build) {
    // Visitors' tool page views are counted in a signed cookie in front of the cache (ADR 0004,
    // addendum 3); the views it allows are served the public page, from the cache when it is on.
    const publicToolViews = new WeakSet<Request>();
    app.use("/tools/*", toolPageGate(services, publicToolViews));
    if (services.env.PAGE_CACHE && options.mode !== "development") {
      const cache = createPageCache(services.db, {
        skip: (p, request) =>
          p.startsWith("/api/") ||
          p.startsWith("/go/") ||
          p.startsWith("/dev/") ||
          // Other tool page views (members, visitors past the limit, tier-locked tools) are personal:
          // never from the cache. Crawlers are not counted and get the public page.
          (TOOL_PAGE.test(p) && !isCrawler(request) && !publicToolViews.has(request)),
      });
      app.use("*", cache.middleware);
      services.stats.pageCache = cache.counters;
    }
    const handle = createRequestHandler(options.build, options.mode ?? "production");
    app.all("*", async (c) => {
      const scope = { overloaded: false };
      const res = await overloadScope.run(scope, () =>
        handle(c.req.raw, {
          services,
          requestId: c.var.requestId,
          clientIp: c.var.clientIp,
          publicToolView: publicToolViews.has(c.req.raw),
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
      if (err.status >= 500) {
        services.logger.error("request failed", {
          requestId: c.var.requestId,
          path: c.req.path,
          err,
          details: err.details,
        });
      }
      const retry = (err.details as { retryAfterSec?: number } | undefined)?.retryAfterSec;
      if ((err.status === 429 || err.status === 503) && retry) c.header("Retry-After", String(retry));
      return isApi
        ? c.json({ success: false, error: err.message }, err.status as 400)
        : c.text(err.message, err.status as 400);
    }
    if (err instanceof URIError) {
      return isApi ? c.json({ success: false, error: "Malformed URL encoding" }, 400) : c.text("Bad Request", 400);
    }
    services.logger.error("unhandled error", { requestId: c.var.requestId, path: c.req.path, err });
    return isApi
      ? c.json({ success: false, error: "Something went wrong on our side. Please try again." }, 500)
      : c.text("Internal Server Error", 500);
  });
  app.notFound((c) =>
    c.req.path.startsWith("/api") ? c.json({ success: false, error: "Not found" }, 404) : c.text("Not Found", 404),
  );
  return app;
}
