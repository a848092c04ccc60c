import { OpenAPIHono } from "@hono/zod-openapi";
import type { EdgeEnv } from "../edge/vars.ts";
import { getViewer, requireRole } from "../modules/accounts/index.ts";
import { AuditQuery, listAudit } from "../platform/audit.ts";
import { adminErrors, documented, json, ok, SESSION } from "./doc.ts";
import { parseOr400 } from "./respond.ts";

type Vars = EdgeEnv;

/** GET /api/admin/audit: the audit log for administrators, newest first (ADR 0010). */
export function auditApi() {
  const api = new OpenAPIHono<Vars>();
  documented(
    api,
    {
      method: "get",
      path: "/admin/audit",
      operationId: "adminAudit",
      summary: "The audit log, newest first",
      tags: ["Admin"],
      security: SESSION,
      request: { query: AuditQuery },
      responses: { 200: json(ok({}), "A page of the audit log"), ...adminErrors() },
    },
    async (c) => {
      const { services } = c.var;
      c.header("Cache-Control", "private, no-store");
      requireRole(await getViewer(services, c.req.raw), "admin");
      const query = parseOr400(AuditQuery, c.req.query());
      return c.json({ success: true, ...(await listAudit(services.db, query)) });
    },
  );
  return api;
}
