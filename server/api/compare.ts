import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { EdgeEnv } from "../edge/vars.ts";
import { getViewer, loadEntitlements } from "../modules/accounts/index.ts";
import {
  CompareApiParams,
  CostParams,
  compareCapMessage,
  compareCosts,
  getComparison,
} from "../modules/catalog/index.ts";
import { documented, errors, json, OPTIONAL_SESSION, ok, records } from "./doc.ts";
import { parseOr400 } from "./respond.ts";

type Vars = EdgeEnv;

/**
 * GET /api/tools/compare?ids=a,b — the compare drawer's data: the tools in the order asked for,
 * unknown ids skipped (listed in `missing` so the client can drop them), cut at the caller's cap
 * (their tier's compare limit: 2 / 5 / 10; visitors 2). Tools beyond the cap are refused: they are
 * counted in `omitted` and `message` says why. Tools listed for a higher tier than the caller's
 * come without their gated fields. With `seats` and/or `usage` (issue 33 item 4) each tool's cheapest
 * fitting plan comes too, in `costs`, ordered by that cost as /compare orders it (US dollars cheapest
 * first, other currencies after, "not enough known" last).
 * Registered before /api/tools/{id or slug} so that "compare" is never read as a slug.
 */
export function compareApi() {
  const api = new OpenAPIHono<Vars>();
  documented(
    api,
    {
      method: "get",
      path: "/tools/compare",
      operationId: "compareTools",
      summary: "Tools side by side, cut at the caller's compare cap",
      tags: ["Tools"],
      security: OPTIONAL_SESSION,
      request: { query: CompareApiParams.extend(CostParams.shape) },
      responses: {
        200: json(
          ok({
            tools: records("the tools, in the order asked for"),
            missing: z.array(z.string()),
            omitted: z.number().int(),
            max: z.number().int(),
            message: z.string().nullable(),
            costs: records("with seats or usage: each tool's cheapest fitting plan and its arithmetic, cheapest first")
              .nullable()
              .optional(),
          }),
          "The comparison",
        ),
        ...errors(),
      },
    },
    async (c) => {
      const { services } = c.var;
      const { ids } = parseOr400(CompareApiParams, { ids: c.req.query("ids") });
      const usage = parseOr400(CostParams, { seats: c.req.query("seats"), usage: c.req.query("usage") });
      const [viewer, entitlements] = await Promise.all([getViewer(services, c.req.raw), loadEntitlements(services.db)]);
      const tier = viewer?.tier ?? null;
      const cap = entitlements.compareCap(tier ?? "free");
      const comparison = await getComparison(services.db, ids, { cap, tier });
      c.header("Cache-Control", "private, no-store");
      const message = comparison.omitted > 0 ? compareCapMessage(comparison.max, comparison.tools.length) : null;
      const asked = usage.seats !== undefined || usage.usage !== undefined;
      const costs = asked
        ? await compareCosts(services.db, comparison.tools, { seats: usage.seats ?? 1, usage: usage.usage ?? 0 }, tier)
        : null;
      return c.json({ success: true, ...comparison, message, ...(asked ? { costs } : {}) });
    },
  );
  return api;
}
