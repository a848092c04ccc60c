import { Hono } from "hono";
import type { AppServices } from "../context.ts";
import { countTools } from "../modules/catalog/index.ts";
import { accountsApi } from "./accounts.ts";
import { analyticsApi } from "./analytics.ts";
import { authApi } from "./auth.ts";
import { catalogApi } from "./catalog.ts";
import { compareApi } from "./compare.ts";
import { errorsApi } from "./errors.ts";
import { newsletterApi } from "./newsletter.ts";
import { fail } from "./respond.ts";

type Vars = { Variables: { services: AppServices } };

/** The JSON API under /api. Each resource is its own small Hono app. */
export function createApi() {
  const api = new Hono<Vars>();
  api.get("/health", async (c) => {
    const tools = await countTools(c.var.services.db);
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok", db: c.var.services.engine, tools });
  });
  api.route("/", compareApi());
  api.route("/", authApi());
  api.route("/", accountsApi());
  api.route("/", catalogApi());
  api.route("/", newsletterApi());
  api.route("/", errorsApi());
  api.route("/", analyticsApi());
  api.all("*", (c) => fail(c, 404, `No API route for ${c.req.method} ${c.req.path}`));
  return api;
}
