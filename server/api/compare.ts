import { Hono } from "hono";
import type { AppServices } from "../context.ts";
import { getViewer, loadEntitlements } from "../modules/accounts/index.ts";
import { CompareApiParams, compareCapMessage, getComparison } from "../modules/catalog/index.ts";
import { parseOr400 } from "./respond.ts";

type Vars = { Variables: { services: AppServices } };

/**
 * GET /api/tools/compare?ids=a,b — the compare drawer's data: the tools in the order asked for,
 * unknown ids skipped (listed in `missing` so the client can drop them), cut at the caller's cap
 * (their tier's compare limit: 2 / 5 / 10; visitors 2). Tools beyond the cap are refused: they are
 * counted in `omitted` and `message` says why. Tools listed for a higher tier than the caller's
 * come without their gated fields.
 * Registered before /api/tools/{id or slug} so that "compare" is never read as a slug.
 */
export function compareApi() {
  const api = new Hono<Vars>();
  api.get("/tools/compare", async (c) => {
    const { services } = c.var;
    const { ids } = parseOr400(CompareApiParams, { ids: c.req.query("ids") });
    const [viewer, entitlements] = await Promise.all([getViewer(services, c.req.raw), loadEntitlements(services.db)]);
    const tier = viewer?.tier ?? null;
    const cap = entitlements.compareCap(tier ?? "free");
    const comparison = await getComparison(services.db, ids, { cap, tier });
    c.header("Cache-Control", "private, no-store");
    const message = comparison.omitted > 0 ? compareCapMessage(comparison.max, comparison.tools.length) : null;
    return c.json({ success: true, ...comparison, message });
  });
  return api;
}
