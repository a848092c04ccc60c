import { Hono } from "hono";
import type { AppServices } from "../context.ts";
import { getViewer, requireUser } from "../modules/accounts/index.ts";
import { PageStateQuery, personalParts } from "../modules/personal/index.ts";
import { parseOr400 } from "./respond.ts";

type Vars = { Variables: { services: AppServices } };

/**
 * GET /api/me/page-state?path=…: the signed-in member's own parts of a shared page (ADR 0032), the
 * one personal request a cached member page makes after hydration. Visitors get 401.
 */
export function meApi() {
  const api = new Hono<Vars>();
  api.get("/me/page-state", async (c) => {
    const services = c.var.services;
    const viewer = requireUser(await getViewer(services, c.req.raw));
    const query = parseOr400(PageStateQuery, { path: c.req.query("path") });
    const parts = await personalParts(services, viewer, query);
    c.header("Cache-Control", "private, no-store");
    return c.json(parts);
  });
  return api;
}
