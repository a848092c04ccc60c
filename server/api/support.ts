import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
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
import {
  adminErrors,
  documented,
  errors,
  json,
  memberErrors,
  OPTIONAL_SESSION,
  ok,
  pathParams,
  record,
  records,
  requestJson,
  SESSION,
} from "./doc.ts";
import { parseOr400, type ApiVars as Vars } from "./respond.ts";

const StaffReply = ReplyInput.extend({ status: z.enum(TICKET_STATUSES).optional() });
const InboxFilter = z.object({ status: z.enum([...TICKET_STATUSES, "all"]).default("open") });

/** Support tickets, the contact form, and members' API keys (issue 12). */
export function supportApi() {
  const api = new OpenAPIHono<Vars>();
  const body = async (c: { req: { json(): Promise<unknown> } }) => (await c.req.json().catch(() => null)) ?? {};
  const deps = (c: { var: Vars["Variables"]; req: { url: string } }) =>
    supportDepsFrom(c.var.services, c.var.requestId);

  documented(
    api,
    {
      method: "post",
      path: "/contact",
      operationId: "sendContactMessage",
      summary: "The contact form",
      tags: ["Support"],
      security: OPTIONAL_SESSION,
      request: { body: requestJson(ContactInput) },
      responses: { 200: json(ok({ message: z.string() }), "Sent"), ...errors() },
    },
    async (c) => {
      const input = parseOr400(ContactInput, await body(c));
      const viewer = await getViewer(c.var.services, c.req.raw);
      await sendContactMessage(deps(c), { viewer, ip: c.var.clientIp }, input, c.var.services.clock.now());
      return c.json({ success: true, message: "Message sent!" });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/support/tickets",
      operationId: "openTicket",
      summary: "Open a support ticket (members and visitors)",
      tags: ["Support"],
      security: OPTIONAL_SESSION,
      request: { body: requestJson(TicketInput) },
      responses: { 201: json(ok({ ticket: record("the ticket") }), "Opened"), ...errors() },
    },
    async (c) => {
      const input = parseOr400(TicketInput, await body(c));
      const viewer = await getViewer(c.var.services, c.req.raw);
      const ticket = await openTicket(deps(c), { viewer, ip: c.var.clientIp }, input, c.var.services.clock.now());
      return c.json({ success: true, ticket }, 201);
    },
  );
  documented(
    api,
    {
      method: "get",
      path: "/support/tickets",
      operationId: "myTickets",
      summary: "The member's tickets",
      tags: ["Support"],
      security: SESSION,
      responses: { 200: json(ok({ tickets: records("tickets") }), "Tickets"), ...memberErrors() },
    },
    async (c) => {
      const viewer = requireUser(await getViewer(c.var.services, c.req.raw));
      return c.json({ success: true, tickets: await listMyTickets(c.var.services.db, viewer) });
    },
  );
  documented(
    api,
    {
      method: "get",
      path: "/support/tickets/{id}",
      operationId: "myTicket",
      summary: "One of the member's tickets with its replies",
      tags: ["Support"],
      security: SESSION,
      request: { params: pathParams({ id: z.string() }) },
      responses: { 200: json(ok({ ticket: record("the ticket") }), "The ticket"), ...memberErrors(404) },
    },
    async (c) => {
      const viewer = requireUser(await getViewer(c.var.services, c.req.raw));
      return c.json({ success: true, ticket: await getTicketFor(c.var.services.db, viewer, c.req.param("id")) });
    },
  );
  documented(
    api,
    {
      method: "post",
      path: "/support/tickets/{id}/replies",
      operationId: "replyToTicket",
      summary: "Reply to one's own ticket",
      tags: ["Support"],
      security: SESSION,
      request: { params: pathParams({ id: z.string() }), body: requestJson(ReplyInput) },
      responses: { 200: json(ok({ ticket: record("the ticket") }), "Replied"), ...memberErrors(404, 409) },
    },
    async (c) => {
      const viewer = requireUser(await getViewer(c.var.services, c.req.raw));
      const input = parseOr400(ReplyInput, await body(c));
      await replyAsRequester(deps(c), viewer, c.req.param("id"), input, c.var.services.clock.now());
      return c.json({ success: true, ticket: await getTicketFor(c.var.services.db, viewer, c.req.param("id")) });
    },
  );

  // Admin inbox: the role is checked on every call.
  const admin = async (c: { var: Vars["Variables"]; req: { raw: Request } }) =>
    requireRole(await getViewer(c.var.services, c.req.raw), "admin");
  documented(
    api,
    {
      method: "get",
      path: "/admin/support/tickets",
      operationId: "adminInbox",
      summary: "The support inbox",
      tags: ["Admin"],
      security: SESSION,
      request: { query: InboxFilter },
      responses: { 200: json(ok({ tickets: records("tickets") }), "Tickets"), ...adminErrors() },
    },
    async (c) => {
      await admin(c);
      const filter = parseOr400(InboxFilter, { status: c.req.query("status") || undefined });
      return c.json({ success: true, tickets: await listInbox(c.var.services.db, filter) });
    },
  );
  documented(
    api,
    {
      method: "get",
      path: "/admin/support/tickets/{id}",
      operationId: "adminTicket",
      summary: "One ticket",
      tags: ["Admin"],
      security: SESSION,
      request: { params: pathParams({ id: z.string() }) },
      responses: { 200: json(ok({ ticket: record("the ticket") }), "The ticket"), ...adminErrors(404) },
    },
    async (c) => {
      await admin(c);
      return c.json({ success: true, ticket: await getTicketForAdmin(c.var.services.db, c.req.param("id")) });
    },
  );
  documented(
    api,
    {
      method: "post",
      path: "/admin/support/tickets/{id}/reply",
      operationId: "adminReplyToTicket",
      summary: "Answer a ticket (and set its status)",
      tags: ["Admin"],
      security: SESSION,
      request: { params: pathParams({ id: z.string() }), body: requestJson(StaffReply) },
      responses: { 200: json(ok({ ticket: record("the ticket") }), "Replied"), ...adminErrors(404, 409) },
    },
    async (c) => {
      const viewer = await admin(c);
      const input = parseOr400(StaffReply, await body(c));
      await replyAsStaff(deps(c), viewer, c.req.param("id"), input, c.var.services.clock.now());
      return c.json({ success: true, ticket: await getTicketForAdmin(c.var.services.db, c.req.param("id")) });
    },
  );
  documented(
    api,
    {
      method: "get",
      path: "/admin/contact-messages",
      operationId: "adminContactMessages",
      summary: "Messages from the contact form",
      tags: ["Admin"],
      security: SESSION,
      responses: { 200: json(ok({ messages: records("messages") }), "Messages"), ...adminErrors() },
    },
    async (c) => {
      await admin(c);
      return c.json({ success: true, messages: await listContactMessages(c.var.services.db) });
    },
  );

  // API keys: any member lists and revokes their own; creating needs api_access (Expert).
  documented(
    api,
    {
      method: "get",
      path: "/account/api-keys",
      operationId: "listApiKeys",
      summary: "The member's API keys (prefixes only)",
      tags: ["Accounts"],
      security: SESSION,
      responses: { 200: json(ok({ keys: records("keys") }), "Keys"), ...memberErrors() },
    },
    async (c) => {
      const viewer = requireUser(await getViewer(c.var.services, c.req.raw));
      return c.json({ success: true, keys: await listApiKeys(c.var.services.db, viewer) });
    },
  );
  documented(
    api,
    {
      method: "post",
      path: "/account/api-keys",
      operationId: "createApiKey",
      summary: "Create an API key (Expert plan); the key is shown once",
      tags: ["Accounts"],
      security: SESSION,
      request: { body: requestJson(ApiKeyInput) },
      responses: {
        201: json(ok({ key: z.string(), apiKey: record("the key's record") }), "Created"),
        ...memberErrors(403, 409),
      },
    },
    async (c) => {
      const viewer = await getViewer(c.var.services, c.req.raw);
      requireUser(viewer);
      const input = parseOr400(ApiKeyInput, await body(c));
      const created = await createApiKey(c.var.services.db, viewer, input, c.var.services.clock.now());
      c.header("Cache-Control", "no-store");
      return c.json({ success: true, key: created.key, apiKey: created.apiKey }, 201);
    },
  );
  documented(
    api,
    {
      method: "delete",
      path: "/account/api-keys/{id}",
      operationId: "revokeApiKey",
      summary: "Revoke one of one's API keys",
      tags: ["Accounts"],
      security: SESSION,
      request: { params: pathParams({ id: z.string() }) },
      responses: { 200: json(ok({}), "Revoked"), ...memberErrors(404) },
    },
    async (c) => {
      const viewer = requireUser(await getViewer(c.var.services, c.req.raw));
      await revokeApiKey(c.var.services.db, viewer, c.req.param("id"), c.var.services.clock.now());
      return c.json({ success: true });
    },
  );
  return api;
}
