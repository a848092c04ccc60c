import { Hono } from "hono";
import { z } from "zod";
import type { AppServices } from "../context.ts";

type Vars = { Variables: { services: AppServices; requestId: string } };

const ClientError = z.object({
  error: z.string().max(2_000).optional(),
  message: z.string().max(2_000).optional(),
  stack: z.string().max(8_000).optional(),
  componentStack: z.string().max(8_000).optional(),
  timestamp: z.string().max(64).optional(),
  userAgent: z.string().max(512).optional(),
  url: z.string().max(2_048).optional(),
  type: z.string().max(64).optional(),
  context: z.unknown().optional(),
});

/** POST /api/errors: client-side errors reported by the error boundaries, logged first-party. */
export function errorsApi() {
  const api = new Hono<Vars>();
  api.post("/errors", async (c) => {
    const body = await c.req.json().catch(() => null);
    const parsed = ClientError.safeParse(body);
    if (!parsed.success) return c.json({ success: false, error: "Invalid error report" }, 400);
    c.var.services.logger.warn("client error", { requestId: c.var.requestId, ...parsed.data, context: undefined });
    return c.json({ success: true });
  });
  return api;
}
