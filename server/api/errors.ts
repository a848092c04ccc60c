import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { EdgeEnv } from "../edge/vars.ts";
import { AppError } from "../platform/errors.ts";
import { consumeRateLimit, type RateRule } from "../platform/rate-limit.ts";
import { documented, errors, json, ok, requestJson } from "./doc.ts";

type Vars = EdgeEnv;

/** A report is a few kilobytes at most (the edge's body cap refuses more: server/edge/app.ts); a browser reports a handful of errors a minute, a script more. */
export const ERROR_REPORT_MAX_BYTES = 24 * 1024;
export const ERROR_REPORT_RULE: RateRule = { max: 20, windowSec: 60 };

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
  const api = new OpenAPIHono<Vars>();
  documented(
    api,
    {
      method: "post",
      path: "/errors",
      operationId: "reportClientError",
      summary: "Report an error a page met in the browser (logged first-party)",
      tags: ["Operations"],
      security: [{}],
      request: { body: requestJson(ClientError) },
      responses: { 200: json(ok({}), "Logged"), ...errors(413) },
    },
    async (c) => {
      const limit = await consumeRateLimit(
        c.var.services.db,
        `client-errors:ip:${c.var.clientIp}`,
        ERROR_REPORT_RULE,
        c.var.services.clock.now(),
      );
      if (!limit.allowed) {
        throw new AppError("rate_limited", "Too many error reports. Please try again later.", {
          retryAfterSec: limit.retryAfterSec,
        });
      }
      const body = await c.req.json().catch(() => null);
      const parsed = ClientError.safeParse(body);
      if (!parsed.success) return c.json({ success: false, error: "Invalid error report" }, 400);
      c.var.services.logger.warn("client error", { requestId: c.var.requestId, ...parsed.data, context: undefined });
      return c.json({ success: true });
    },
  );
  return api;
}
