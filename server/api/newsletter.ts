import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { EdgeEnv } from "../edge/vars.ts";
import { NewsletterInput, subscribe } from "../modules/content/index.ts";
import { documented, errors, json, ok, requestJson } from "./doc.ts";
import { parseOr400 } from "./respond.ts";

type Vars = EdgeEnv;

/** POST /api/newsletter/subscribe {email} → {success, message} or 400 {success:false, error}. */
export function newsletterApi() {
  const api = new OpenAPIHono<Vars>();
  documented(
    api,
    {
      method: "post",
      path: "/newsletter/subscribe",
      operationId: "subscribeNewsletter",
      summary: "Subscribe to the weekly digest (double opt-in)",
      tags: ["Content"],
      security: [{}],
      request: { body: requestJson(NewsletterInput) },
      responses: { 200: json(ok({ message: z.string() }), "A confirmation e-mail is on its way"), ...errors() },
    },
    async (c) => {
      const body = await c.req.json().catch(() => null);
      const input = parseOr400(NewsletterInput, body ?? {});
      const { db, mailer } = c.var.services;
      await subscribe(db, mailer, input, c.var.services.env, { ip: c.var.clientIp, now: c.var.services.clock.now() });
      return c.json({ success: true, message: "Thank you for subscribing! Check your email for confirmation." });
    },
  );
  return api;
}
