import { Hono } from "hono";
import { z } from "zod";
import type { AppServices } from "../context.ts";
import {
  ApiKeyInput,
  createApiKey,
  getViewer,
  listApiKeys,
  requireRole,
  requireUser,
  revokeApiKey,
} from "../modules/accounts/index.ts";
import {
  ContactInput,
  getTicketFor,
  getTicketForAdmin,
  listContactMessages,
  listInbox,
  listMyTickets,
  openTicket,
  ReplyInput,
  replyAsRequester,
  replyAsStaff,
  sendContactMessage,
  supportDepsFrom,
  TICKET_STATUSES,
  TicketInput,
} from "../modules/content/index.ts";
import { parseOr400 } from "./respond.ts";

type Vars = { Variables: { services: AppServices; requestId: string; clientIp: string } };

const StaffReply = ReplyInput.extend({ status: z.enum(TICKET_STATUSES).optional() });
const InboxFilter = z.object({ status: z.enum([...TICKET_STATUSES, "all"]).default("open") });

/** Support tickets, the contact form, and members' API keys (issue 12). */
export function supportApi() {
  const api = new Hono<Vars>();
  const body = async (c: { req: { json(): Promise<unknown> } }) => (await c.req.json().catch(() => null)) ?? {};
  const deps = (c: { var: Vars["Variables"]; req: { url: string } }) =>
    supportDepsFrom(c.var.services, c.var.requestId);

  api.post("/contact", async (c) => {
    const input = parseOr400(ContactInput, await body(c));
    const viewer = await getViewer(c.var.services, c.req.raw);
    await sendContactMessage(deps(c), { viewer, ip: c.var.clientIp }, input, c.var.services.clock.now());
    return c.json({ success: true, message: "Message sent!" });
  });

  api.post("/support/tickets", async (c) => {
    const input = parseOr400(TicketInput, await body(c));
    const viewer = await getViewer(c.var.services, c.req.raw);
    const ticket = await openTicket(deps(c), { viewer, ip: c.var.clientIp }, input, c.var.services.clock.now());
    return c.json({ success: true, ticket }, 201);
  });
  api.get("/support/tickets", async (c) => {
    const viewer = requireUser(await getViewer(c.var.services, c.req.raw));
    return c.json({ success: true, tickets: await listMyTickets(c.var.services.db, viewer) });
  });
  api.get("/support/tickets/:id", async (c) => {
    const viewer = requireUser(await getViewer(c.var.services, c.req.raw));
    return c.json({ success: true, ticket: await getTicketFor(c.var.services.db, viewer, c.req.param("id")) });
  });
  api.post("/support/tickets/:id/replies", async (c) => {
    const viewer = requireUser(await getViewer(c.var.services, c.req.raw));
    const input = parseOr400(ReplyInput, await body(c));
    await replyAsRequester(deps(c), viewer, c.req.param("id"), input, c.var.services.clock.now());
    return c.json({ success: true, ticket: await getTicketFor(c.var.services.db, viewer, c.req.param("id")) });
  });

  // Admin inbox: the role is checked on every call.
  const admin = async (c: { var: Vars["Variables"]; req: { raw: Request } }) =>
    requireRole(await getViewer(c.var.services, c.req.raw), "admin");
  api.get("/admin/support/tickets", async (c) => {
    await admin(c);
    const filter = parseOr400(InboxFilter, { status: c.req.query("status") || undefined });
    return c.json({ success: true, tickets: await listInbox(c.var.services.db, filter) });
  });
  api.get("/admin/support/tickets/:id", async (c) => {
    await admin(c);
    return c.json({ success: true, ticket: await getTicketForAdmin(c.var.services.db, c.req.param("id")) });
  });
  api.post("/admin/support/tickets/:id/reply", async (c) => {
    const viewer = await admin(c);
    const input = parseOr400(StaffReply, await body(c));
    await replyAsStaff(deps(c), viewer, c.req.param("id"), input, c.var.services.clock.now());
    return c.json({ success: true, ticket: await getTicketForAdmin(c.var.services.db, c.req.param("id")) });
  });
  api.get("/admin/contact-messages", async (c) => {
    await admin(c);
    return c.json({ success: true, messages: await listContactMessages(c.var.services.db) });
  });

  // API keys: any member lists and revokes their own; creating needs api_access (Expert).
  api.get("/account/api-keys", async (c) => {
    const viewer = requireUser(await getViewer(c.var.services, c.req.raw));
    return c.json({ success: true, keys: await listApiKeys(c.var.services.db, viewer) });
  });
  api.post("/account/api-keys", async (c) => {
    const viewer = await getViewer(c.var.services, c.req.raw);
    requireUser(viewer);
    const input = parseOr400(ApiKeyInput, await body(c));
    const created = await createApiKey(c.var.services.db, viewer, input, c.var.services.clock.now());
    c.header("Cache-Control", "no-store");
    return c.json({ success: true, key: created.key, apiKey: created.apiKey }, 201);
  });
  api.delete("/account/api-keys/:id", async (c) => {
    const viewer = requireUser(await getViewer(c.var.services, c.req.raw));
    await revokeApiKey(c.var.services.db, viewer, c.req.param("id"), c.var.services.clock.now());
    return c.json({ success: true });
  });
  return api;
}
