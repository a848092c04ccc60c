import { Hono } from "hono";
import type { AppServices } from "../context.ts";
import { NewsletterInput, subscribe } from "../modules/content/index.ts";
import { parseOr400 } from "./respond.ts";

type Vars = { Variables: { services: AppServices; clientIp: string } };

/** POST /api/newsletter/subscribe {email} → {success, message} or 400 {success:false, error}. */
export function newsletterApi() {
  const api = new Hono<Vars>();
  api.post("/newsletter/subscribe", async (c) => {
    const body = await c.req.json().catch(() => null);
    const input = parseOr400(NewsletterInput, body ?? {});
    const { db, mailer } = c.var.services;
    await subscribe(db, mailer, input, c.var.services.env, { ip: c.var.clientIp });
    return c.json({ success: true, message: "Thank you for subscribing! Check your email for confirmation." });
  });
  return api;
}
