import { Hono } from "hono";
import type { AppServices } from "../context.ts";
import { getViewer, requireRole } from "../modules/accounts/index.ts";
import { AuditQuery, listAudit } from "../platform/audit.ts";
import { parseOr400 } from "./respond.ts";

type Vars = { Variables: { services: AppServices } };

/** GET /api/admin/audit: the audit log for administrators, newest first (ADR 0010). */
export function auditApi() {
  const api = new Hono<Vars>();
  api.get("/admin/audit", async (c) => {
    const { services } = c.var;
    c.header("Cache-Control", "private, no-store");
    requireRole(await getViewer(services, c.req.raw), "admin");
    const query = parseOr400(AuditQuery, c.req.query());
    return c.json({ success: true, ...(await listAudit(services.db, query)) });
  });
  return api;
}
