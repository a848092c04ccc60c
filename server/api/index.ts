import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { countTools } from "../modules/catalog/index.ts";
// Registers the makers module's tool-merge step in every server process (ADR 0018).
import "../modules/makers/index.ts";
import type { EdgeEnv } from "../edge/vars.ts";
import { probeDatabase, RETRY_AFTER_SEC } from "../platform/db/availability.ts";
import { accountsApi } from "./accounts.ts";
import { adminApi } from "./admin.ts";
import { adminDuplicatesApi } from "./admin-duplicates.ts";
import { adminImportsApi } from "./admin-imports.ts";
import { adminQualityFlagsApi } from "./admin-quality-flags.ts";
import { adminToolsApi } from "./admin-tools.ts";
import { allowedMethods } from "./allowed-methods.ts";
import { analyticsApi } from "./analytics.ts";
import { apiKeyAuth } from "./api-keys.ts";
import { auditApi } from "./audit.ts";
import { authApi } from "./auth.ts";
import { billingApi } from "./billing.ts";
import { catalogApi } from "./catalog.ts";
import { communityApi } from "./community.ts";
import { compareApi } from "./compare.ts";
import { correctionsApi } from "./corrections.ts";
import { documented, json } from "./doc.ts";
import { errorsApi } from "./errors.ts";
import { exportsApi } from "./exports.ts";
import { growthApi } from "./growth.ts";
import { meApi } from "./me.ts";
import { newsletterApi } from "./newsletter.ts";
import { openApiDocument } from "./openapi.ts";
import { plansApi } from "./plans.ts";
import { pollsApi } from "./polls.ts";
import { fail } from "./respond.ts";
import { reviewsApi } from "./reviews.ts";
import { submissionsApi } from "./submissions.ts";
import { supportApi } from "./support.ts";
import { topListsApi } from "./top-lists.ts";

type Vars = EdgeEnv;

const Engine = z.enum(["pglite", "postgres"]);
const Health = z.object({ status: z.literal("ok"), db: Engine, tools: z.number().int() });
const Ready = z.object({ status: z.literal("ready"), db: Engine, dbMs: z.number() });
const NotReady = z.object({ status: z.literal("unavailable"), db: Engine, error: z.string() });

/** The JSON API under /api. Each resource is its own small Hono app. */
export function createApi() {
  const api = new OpenAPIHono<Vars>();
  documented(
    api,
    {
      method: "get",
      path: "/health",
      operationId: "health",
      summary: "Liveness: the process answers, with the catalogue's size",
      tags: ["Operations"],
      security: [{}],
      responses: { 200: json(Health, "Alive") },
    },
    async (c) => {
      const tools = await countTools(c.var.services.db);
      c.header("Cache-Control", "no-store");
      return c.json({ status: "ok" as const, db: c.var.services.engine, tools });
    },
  );
  // Readiness for load balancers: 200 only while the database answers (a live process that cannot
  // reach it answers 503, so traffic goes to another instance until it can).
  documented(
    api,
    {
      method: "get",
      path: "/health/ready",
      operationId: "ready",
      summary: "Readiness: 200 while the database answers, else 503",
      tags: ["Operations"],
      security: [{}],
      responses: { 200: json(Ready, "Ready"), 503: json(NotReady, "The database is unreachable") },
    },
    async (c) => {
      const { engine, db } = c.var.services;
      const probe = await probeDatabase(db);
      c.header("Cache-Control", "no-store");
      if (!probe.ok) {
        // The cause (addresses, driver messages) goes to the log, not to the public answer.
        c.var.services.logger.warn("not ready: database unreachable", { cause: probe.error, ms: probe.ms });
        // The request's log line (a 503) carries the cause too.
        c.set("error", new Error(`database unreachable: ${probe.error ?? "no answer"}`));
        c.header("Retry-After", String(RETRY_AFTER_SEC));
        return c.json({ status: "unavailable", db: engine, error: "The database is unreachable" }, 503);
      }
      return c.json({ status: "ready", db: engine, dbMs: probe.ms });
    },
  );
  api.use("*", apiKeyAuth());
  documented(
    api,
    {
      method: "get",
      path: "/openapi.json",
      operationId: "openApiDocument",
      summary: "This document (OpenAPI 3.1)",
      tags: ["Operations"],
      security: [{}],
      responses: { 200: json(z.object({ openapi: z.string() }).passthrough(), "The OpenAPI document") },
    },
    (c) => {
      c.header("Cache-Control", "public, max-age=300");
      return c.json(openApiDocument());
    },
  );
  api.route("/", compareApi());
  api.route("/", authApi());
  api.route("/", accountsApi());
  api.route("/", meApi());
  api.route("/", billingApi());
  api.route("/", plansApi());
  api.route("/", catalogApi());
  api.route("/", newsletterApi());
  api.route("/", errorsApi());
  api.route("/", analyticsApi());
  api.route("/", growthApi());
  api.route("/", auditApi());
  api.route("/", adminApi());
  api.route("/", adminToolsApi());
  api.route("/", adminImportsApi());
  api.route("/", adminDuplicatesApi());
  api.route("/", adminQualityFlagsApi());
  api.route("/", submissionsApi());
  api.route("/", topListsApi());
  api.route("/", communityApi());
  api.route("/", correctionsApi());
  api.route("/", pollsApi());
  api.route("/", reviewsApi());
  api.route("/", supportApi());
  api.route("/", exportsApi());
  const methodsOf = allowedMethods(api);
  api.all("*", (c) => {
    // Mounted at /api (server/edge/app.ts); the routes were registered without that prefix.
    const allow = methodsOf(c.req.path.replace(/^\/api(?=\/)/, ""));
    if (!allow.length) return fail(c, 404, `No API route for ${c.req.method} ${c.req.path}`);
    c.header("Allow", allow.join(", "));
    return fail(c, 405, `Method ${c.req.method} is not allowed on ${c.req.path}; it takes ${allow.join(", ")}.`);
  });
  return api;
}
