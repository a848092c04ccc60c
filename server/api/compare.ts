import { Hono } from "hono";
import type { AppServices } from "../context.ts";
import { CompareApiParams, getComparison } from "../modules/catalog/index.ts";
import { parseOr400 } from "./respond.ts";

type Vars = { Variables: { services: AppServices } };

/**
 * GET /api/tools/compare?ids=a,b — the compare drawer's data: the tools in the order asked for,
 * unknown ids skipped (listed in `missing` so the client can drop them), cut at the tier's cap.
 * Registered before /api/tools/{id or slug} so that "compare" is never read as a slug.
 */
export function compareApi() {
  const api = new Hono<Vars>();
  api.get("/tools/compare", async (c) => {
    const { ids } = parseOr400(CompareApiParams, { ids: c.req.query("ids") });
    // Accounts arrive with the next issue; until then every caller is a visitor (tier null).
    const comparison = await getComparison(c.var.services.db, ids, null);
    c.header("Cache-Control", "no-store");
    return c.json({ success: true, ...comparison });
  });
  return api;
}
