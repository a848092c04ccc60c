import { Hono } from "hono";
import type { AppServices } from "../context.ts";
import { countTools } from "../modules/catalog/index.ts";
// Registers the makers module's tool-merge step in every server process (ADR 0018).
import "../modules/makers/index.ts";
import { probeDatabase, RETRY_AFTER_SEC } from "../platform/db/availability.ts";
import { accountsApi } from "./accounts.ts";
import { adminApi } from "./admin.ts";
import { adminToolsApi } from "./admin-tools.ts";
import { analyticsApi } from "./analytics.ts";
import { apiKeyAuth } from "./api-keys.ts";
import { auditApi } from "./audit.ts";
import { authApi } from "./auth.ts";
import { billingApi } from "./billing.ts";
import { catalogApi } from "./catalog.ts";
import { communityApi } from "./community.ts";
import { compareApi } from "./compare.ts";
import { errorsApi } from "./errors.ts";
import { growthApi } from "./growth.ts";
import { newsletterApi } from "./newsletter.ts";
import { openApiDocument } from "./openapi.ts";
import { fail } from "./respond.ts";
import { reviewsApi } from "./reviews.ts";
import { submissionsApi } from "./submissions.ts";
import { supportApi } from "./support.ts";
import { topListsApi } from "./top-lists.ts";

type Vars = { Variables: { services: AppServices } };

/** The JSON API under /api. Each resource is its own small Hono app. */
export function createApi() {
  const api = new Hono<Vars>();
  api.get("/health", async (c) => {
    const tools = await countTools(c.var.services.db);
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok", db: c.var.services.engine, tools });
  });
  // Readiness for load balancers: 200 only while the database answers (a live process that cannot
  // reach it answers 503, so traffic goes to another instance until it can).
  api.get("/health/ready", async (c) => {
    const { engine, db } = c.var.services;
    const probe = await probeDatabase(db);
    c.header("Cache-Control", "no-store");
    if (!probe.ok) {
      // The cause (addresses, driver messages) goes to the log, not to the public answer.
      c.var.services.logger.warn("not ready: database unreachable", { cause: probe.error, ms: probe.ms });
      // The request's log line (a 503) carries the cause too.
      c.set("error" as never, new Error(`database unreachable: ${probe.error ?? "no answer"}`) as never);
      c.header("Retry-After", String(RETRY_AFTER_SEC));
      return c.json({ status: "unavailable", db: engine, error: "The database is unreachable" }, 503);
    }
    return c.json({ status: "ready", db: engine, dbMs: probe.ms });
  });
  api.use("*", apiKeyAuth());
  api.get("/openapi.json", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(openApiDocument());
  });
  api.route("/", compareApi());
  api.route("/", authApi());
  api.route("/", accountsApi());
  api.route("/", billingApi());
  api.route("/", catalogApi());
  api.route("/", newsletterApi());
  api.route("/", errorsApi());
  api.route("/", analyticsApi());
  api.route("/", growthApi());
  api.route("/", auditApi());
  api.route("/", adminApi());
  api.route("/", adminToolsApi());
  api.route("/", submissionsApi());
  api.route("/", topListsApi());
  api.route("/", communityApi());
  api.route("/", reviewsApi());
  api.route("/", supportApi());
  api.all("*", (c) => fail(c, 404, `No API route for ${c.req.method} ${c.req.path}`));
  return api;
}
