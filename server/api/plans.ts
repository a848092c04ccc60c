import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { EdgeVariables } from "../edge/vars.ts";
import { canAccessTier, getViewer, requireRole, requiresLabel, type Viewer } from "../modules/accounts/index.ts";
import {
  CostParams,
  findToolId,
  getToolPlans,
  getToolRef,
  mergedTarget,
  PlanRow,
  planCost,
  SetDecisionFactsInput,
  SetPlansInput,
  setToolDecisionFacts,
  setToolPlans,
} from "../modules/catalog/index.ts";
import { notFound } from "../platform/errors.ts";
import { ErrorBody, readErrors, ToolParams } from "./read-schemas.ts";
import { badInput } from "./respond.ts";

type Vars = { Variables: EdgeVariables & { viewer: Viewer } };

const json = <S>(schema: S, description: string) => ({ description, content: { "application/json": { schema } } });
const security: Record<string, string[]>[] = [{ apiKey: [] }, {}];

const CostLine = z
  .object({
    plan: z.string(),
    fits: z.boolean().nullable().openapi({ description: "null: the plan states too little to tell" }),
    monthly_cost: z.number().nullable(),
    currency: z.string().nullable(),
    steps: z.array(z.string()).openapi({ description: "the arithmetic, one step a line" }),
    reason: z.string().nullable(),
  })
  .openapi("PlanCostLine");

export const CostAnswerSchema = z
  .object({
    status: z.enum(["ok", "not_enough_known"]),
    plan: z.string().optional().openapi({ description: "the cheapest plan that fits (status ok)" }),
    monthly_cost: z.number().optional(),
    currency: z.string().optional(),
    unit: z.string().nullable().openapi({ description: "the unit usage is counted in (the tool's own)" }),
    steps: z.array(z.string()).optional(),
    caveats: z.array(z.string()).optional(),
    reason: z.string().optional(),
    plans: z.array(CostLine),
  })
  .openapi("PlanCost");

const Locked = z.object({ reason: z.literal("tier"), requiredTier: z.string(), message: z.string() });

export const planRoutes = {
  toolCost: createRoute({
    method: "get",
    path: "/tools/{idOrSlug}/cost",
    operationId: "getToolCost",
    summary: "What a tool costs for a number of seats and a monthly usage",
    description:
      "The cheapest of the tool's stated plans that fits `seats` (default 1) and `usage` (per month, in the tool's own unit: credits, minutes, images…; default 0), with the arithmetic; or status not_enough_known. Nothing is estimated: a plan whose price, seat limit or included usage is not stated is listed with fits null. A tool above the caller's tier answers `locked` without prices.",
    tags: ["Tools"],
    security,
    request: { params: ToolParams, query: CostParams },
    responses: {
      200: json(
        z
          .object({
            success: z.literal(true),
            tool: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
            seats: z.number(),
            usage: z.number(),
            cost: CostAnswerSchema.nullable(),
            locked: Locked.optional(),
          })
          .openapi("ToolCost"),
        "The cost answer",
      ),
      301: { description: "A duplicate merged into another listing: Location names the kept tool's cost address" },
      404: json(ErrorBody, "Tool not found"),
      ...readErrors,
    },
  }),
  setPlans: createRoute({
    method: "put",
    path: "/admin/tools/{id}/plans",
    operationId: "setToolPlans",
    summary: "Set a tool's plans (admins)",
    description:
      "Replaces the tool's plans with the ones read on `source_url` (required). Recorded as an editor fact with its history; an empty list says the tool has no plans known.",
    tags: ["Admin"],
    request: {
      params: z.object({
        id: z
          .string()
          .min(1)
          .max(200)
          .openapi({ param: { name: "id", in: "path" } }),
      }),
      body: { content: { "application/json": { schema: SetPlansInput } }, required: true },
    },
    responses: {
      200: json(z.object({ success: z.literal(true), changed: z.boolean(), plans: z.array(PlanRow) }), "Saved"),
      400: json(ErrorBody, "Invalid plans or no source URL"),
      401: json(ErrorBody, "Not signed in"),
      403: json(ErrorBody, "Not an admin"),
      404: json(ErrorBody, "Tool not found"),
    },
  }),
  setDecisionFacts: createRoute({
    method: "put",
    path: "/admin/tools/{id}/decision-facts",
    operationId: "setToolDecisionFacts",
    summary: "Set a tool's decision facts (admins)",
    description:
      'API available, licence (an SPDX id or `proprietary`), self-hostable and the data-use card, each with the source\'s own words (`quote`), the page (`url`) and the day it was read (`date`). A key left out keeps its value; null clears it ("not stated"). Recorded as editor facts with their history and an audit row (ADR 0072).',
    tags: ["Admin"],
    request: {
      params: z.object({
        id: z
          .string()
          .min(1)
          .max(200)
          .openapi({ param: { name: "id", in: "path" } }),
      }),
      body: { content: { "application/json": { schema: SetDecisionFactsInput } }, required: true },
    },
    responses: {
      200: json(z.object({ success: z.literal(true), changed: z.array(z.string()) }), "Saved"),
      400: json(ErrorBody, "Invalid value, or a value without its quote, URL or date"),
      401: json(ErrorBody, "Not signed in"),
      403: json(ErrorBody, "Not an admin"),
      404: json(ErrorBody, "Tool not found"),
    },
  }),
};

/** GET /api/tools/{idOrSlug}/cost, PUT /api/admin/tools/{id}/plans and …/decision-facts (issue 33, ADRs 0070, 0072). */
export function plansApi() {
  const api = new OpenAPIHono<Vars>({
    defaultHook: (result) => {
      if (!result.success) throw badInput(result.error);
    },
  });

  api.openapi(planRoutes.toolCost, async (c) => {
    const { db } = c.var.services;
    const { idOrSlug } = c.req.valid("param");
    const { seats = 1, usage = 0 } = c.req.valid("query");
    const [ref, viewer] = await Promise.all([getToolRef(db, idOrSlug), getViewer(c.var.services, c.req.raw)]);
    if (!ref) {
      const target = await mergedTarget(db, idOrSlug);
      if (target) return c.redirect(`/api/tools/${target.id}/cost${new URL(c.req.url).search}`, 301);
      throw notFound("Tool not found");
    }
    const stored = await getToolPlans(db, ref.id);
    if (!stored) throw notFound("Tool not found");
    const tool = { id: ref.id, slug: stored.slug, name: stored.name };
    if (!canAccessTier(viewer?.tier ?? null, ref.tier)) {
      c.header("Cache-Control", "private, no-store");
      return c.json(
        {
          success: true as const,
          tool,
          seats,
          usage,
          cost: null,
          locked: { reason: "tier" as const, requiredTier: ref.tier, message: requiresLabel(ref.tier) },
        },
        200,
      );
    }
    const cost = planCost(stored.plans, { seats, usage });
    return c.json({ success: true as const, tool, seats, usage, cost }, 200);
  });

  // Who may comes before what they sent: a visitor is told to sign in, not that the body is wrong.
  api.use("/admin/tools/:id/plans", async (c, next) => {
    c.set("viewer", requireRole(await getViewer(c.var.services, c.req.raw), "admin"));
    await next();
  });
  api.openapi(planRoutes.setPlans, async (c) => {
    const { services, viewer } = c.var;
    const toolId = await findToolId(services.db, c.req.valid("param").id);
    if (!toolId) throw notFound("Tool not found");
    const input = c.req.valid("json");
    const changed = await setToolPlans(
      services.db,
      {
        actor: { id: viewer.user.id, label: viewer.user.email, requestId: c.var.requestId },
        kind: "editor",
        now: services.clock.now(),
      },
      toolId,
      input,
    );
    return c.json({ success: true as const, changed, plans: input.plans }, 200);
  });

  api.use("/admin/tools/:id/decision-facts", async (c, next) => {
    c.set("viewer", requireRole(await getViewer(c.var.services, c.req.raw), "admin"));
    await next();
  });
  api.openapi(planRoutes.setDecisionFacts, async (c) => {
    const { services, viewer } = c.var;
    const toolId = await findToolId(services.db, c.req.valid("param").id);
    if (!toolId) throw notFound("Tool not found");
    const changed = await setToolDecisionFacts(
      services.db,
      {
        actor: { id: viewer.user.id, label: viewer.user.email, requestId: c.var.requestId },
        kind: "editor",
        now: services.clock.now(),
      },
      toolId,
      c.req.valid("json"),
    );
    return c.json({ success: true as const, changed }, 200);
  });
  return api;
}
