import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID } from "../../platform/ids.ts";
import type { Jobs } from "../../platform/jobs/index.ts";
import { consumeRateLimit, type RateRule, type Viewer } from "../accounts/index.ts";
import { type ReplyInput, TICKET_STATUSES, type TicketInput, type TicketStatus, ticketRef } from "./support-forms.ts";
import { SUPPORT_MAIL_JOB } from "./support-mail.ts";
import { supportMessages, supportTickets } from "./support-tables.ts";

export type TicketSummary = {
  id: string;
  number: number;
  ref: string;
  name: string;
  email: string;
  subject: string;
  category: string;
  priority: boolean;
  status: TicketStatus;
  createdAt: string;
  updatedAt: string;
  messageCount: number;
};
export type TicketMessage = {
  id: string;
  author: "requester" | "staff";
  authorName: string;
  body: string;
  createdAt: string;
};
export type TicketThread = TicketSummary & { userId: string | null; messages: TicketMessage[] };

/** Ten tickets per hour per client address: a person never needs more, a script gets no further. */
export const TICKET_RULE: RateRule = { max: 10, windowSec: 3600 };
export const TICKET_RATE_LIMITED = "Too many tickets from your connection. Please wait a while and try again.";

type Deps = { db: Db; jobs: Jobs; supportEmail: string; siteUrl: string; requestId?: string | null };

const iso = (v: string | Date) => new Date(v).toISOString();

/** Timestamps as the server's text (drizzle's db.execute leaves timestamptz unparsed). */
const Row = z.object({
  id: z.string(),
  number: z.number(),
  user_id: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  category: z.string(),
  priority: z.boolean(),
  status: z.enum(TICKET_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  message_count: z.number(),
});
type Row = z.infer<typeof Row>;
const toSummary = (r: Row): TicketSummary => ({
  id: r.id,
  number: Number(r.number),
  ref: ticketRef(Number(r.number)),
  name: r.name,
  email: r.email,
  subject: r.subject,
  category: r.category,
  priority: r.priority,
  status: r.status,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  messageCount: Number(r.message_count),
});
const SELECT = sql`SELECT t.id, t.number, t.user_id, t.name, t.email, t.subject, t.category, t.priority,
  t.status::text AS status, t.created_at, t.updated_at,
  (SELECT count(*)::int FROM support_messages m WHERE m.ticket_id = t.id) AS message_count
  FROM support_tickets t`;

/**
 * Opens a ticket: the ticket, its first message and the acknowledgement mail (a job, sent after the
 * commit) in one transaction. Priority comes from the requester's tier (the priority_support
 * entitlement), never from the form.
 */
export async function openTicket(
  deps: Deps,
  who: { viewer: Viewer | null; ip: string },
  form: TicketInput,
  now: Date,
): Promise<TicketSummary> {
  const { viewer } = who;
  const limit = await consumeRateLimit(deps.db, `ticket:ip:${who.ip}`, TICKET_RULE, now);
  if (!limit.allowed) throw new AppError("rate_limited", TICKET_RATE_LIMITED, { retryAfterSec: limit.retryAfterSec });
  const priority = viewer ? viewer.can("priority_support") : false;
  // A member's ticket is answered at the account's own address: the form cannot send our mail elsewhere.
  const input = viewer ? { ...form, email: viewer.user.email } : form;
  return transaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(supportTickets)
      .values({
        userId: viewer?.user.id ?? null,
        name: input.name,
        email: input.email,
        subject: input.subject,
        category: input.category,
        priority,
        status: "open",
        createdAt: now,
        updatedAt: now,
      })
      .returning({
        id: supportTickets.id,
        number: supportTickets.number,
        user_id: supportTickets.userId,
        name: supportTickets.name,
        email: supportTickets.email,
        subject: supportTickets.subject,
        category: supportTickets.category,
        priority: supportTickets.priority,
        status: supportTickets.status,
        created_at: supportTickets.createdAt,
        updated_at: supportTickets.updatedAt,
      });
    if (!row) throw new AppError("internal", "The ticket could not be stored");
    await insertMessage(tx, row.id, "requester", viewer?.user.id ?? null, input.name, input.message, now);
    const ticket = toSummary({
      ...row,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      message_count: 1,
    });
    const link = viewer ? `\n\nFollow it and reply here: ${deps.siteUrl}/dashboard/support/${ticket.id}` : "";
    await enqueueMail(
      deps,
      tx,
      `${ticket.id}:ack`,
      {
        to: ticket.email,
        subject: `[${ticket.ref}] We received your request: ${ticket.subject}`,
        text: `Hello ${ticket.name},\n\nThank you for contacting Toolscape support. Your ticket number is ${ticket.ref}.\n${
          priority
            ? "As an Expert member your request is answered first."
            : "We answer within the hours shown on our support page."
        }${link}${
          // Quoted only to members: a visitor's text is never mailed to an address they merely typed.
          viewer ? `\n\nYour message:\n${input.message}` : ""
        }\n\n— The Toolscape team`,
        tag: "support-ack",
      },
      now,
    );
    await enqueueMail(
      deps,
      tx,
      `${ticket.id}:notify`,
      {
        to: deps.supportEmail,
        subject: `[${ticket.ref}]${priority ? " [PRIORITY]" : ""} ${ticket.subject}`,
        text: `${ticket.name} <${ticket.email}> opened a ${ticket.category} ticket:\n\n${input.message}\n\nAnswer it: ${deps.siteUrl}/admin/support/${ticket.id}`,
        tag: "support-notify",
      },
      now,
    );
    return ticket;
  });
}

async function insertMessage(
  tx: Db,
  ticketId: string,
  author: "requester" | "staff",
  userId: string | null,
  name: string,
  body: string,
  now: Date,
) {
  await tx
    .insert(supportMessages)
    .values({ ticketId, author, authorUserId: userId, authorName: name, body, createdAt: now });
}

async function enqueueMail(
  deps: Deps,
  tx: Db,
  key: string,
  mail: { to: string; subject: string; text: string; tag: string },
  now: Date,
) {
  await deps.jobs.enqueue({ type: SUPPORT_MAIL_JOB, key, payload: mail, runAt: now }, tx);
}

async function loadThread(db: Db, id: string): Promise<TicketThread | null> {
  if (!UUID.test(id)) return null;
  const [row] = await queryRows(db, sql`${SELECT} WHERE t.id = ${id}`, Row);
  if (!row) return null;
  const messages = await db
    .select({
      id: supportMessages.id,
      author: supportMessages.author,
      authorName: supportMessages.authorName,
      body: supportMessages.body,
      createdAt: supportMessages.createdAt,
    })
    .from(supportMessages)
    .where(eq(supportMessages.ticketId, id))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  return {
    ...toSummary(row),
    userId: row.user_id,
    messages: messages.map((m) => ({
      id: m.id,
      // a text column written only by insertMessage, with "requester" or "staff"
      author: m.author as TicketMessage["author"],
      authorName: m.authorName,
      body: m.body,
      createdAt: iso(m.createdAt),
    })),
  };
}

/** The member's own tickets, newest first. */
export async function listMyTickets(db: Db, viewer: Viewer): Promise<TicketSummary[]> {
  const rows = await queryRows(
    db,
    sql`${SELECT} WHERE t.user_id = ${viewer.user.id} ORDER BY t.created_at DESC LIMIT 100`,
    Row,
  );
  return rows.map(toSummary);
}

/** A ticket for its requester (or an admin); others get 404 so ticket ids reveal nothing. */
export async function getTicketFor(db: Db, viewer: Viewer, id: string): Promise<TicketThread> {
  const t = await loadThread(db, id);
  if (!t || (t.userId !== viewer.user.id && viewer.role !== "admin"))
    throw new AppError("not_found", "Ticket not found");
  return t;
}

/** The requester answers in the thread: the ticket is open again and support hears of it. */
export async function replyAsRequester(
  deps: Deps,
  viewer: Viewer,
  id: string,
  input: z.output<typeof ReplyInput>,
  now: Date,
): Promise<void> {
  const t = await loadThread(deps.db, id);
  if (!t || t.userId !== viewer.user.id) throw new AppError("not_found", "Ticket not found");
  if (t.status === "closed")
    throw new AppError("conflict", "This ticket is closed. Open a new ticket on the support page.");
  await transaction(deps.db, async (tx) => {
    await insertMessage(tx, id, "requester", viewer.user.id, viewer.user.name, input.message, now);
    await tx.update(supportTickets).set({ status: "open", updatedAt: now }).where(eq(supportTickets.id, id));
    await enqueueMail(
      deps,
      tx,
      `${id}:req:${now.getTime()}`,
      {
        to: deps.supportEmail,
        subject: `[${t.ref}] New reply: ${t.subject}`,
        text: `${viewer.user.name} replied:\n\n${input.message}\n\nAnswer it: ${deps.siteUrl}/admin/support/${id}`,
        tag: "support-notify",
      },
      now,
    );
  });
}

/* Admin side -------------------------------------------------------------------------------- */

/** The inbox: priority first, then the oldest waiting; filter by status (default: open). */
export async function listInbox(db: Db, filter: { status: TicketStatus | "all" }): Promise<TicketSummary[]> {
  const where = filter.status === "all" ? sql`` : sql` WHERE t.status = ${filter.status}`;
  const rows = await queryRows(db, sql`${SELECT}${where} ORDER BY t.priority DESC, t.created_at ASC LIMIT 200`, Row);
  return rows.map(toSummary);
}

export async function getTicketForAdmin(db: Db, id: string): Promise<TicketThread> {
  const t = await loadThread(db, id);
  if (!t) throw new AppError("not_found", "Ticket not found");
  return t;
}

/** Staff reply: stored in the thread, e-mailed to the requester, status answered (or as chosen); audited. */
export async function replyAsStaff(
  deps: Deps,
  admin: Viewer,
  id: string,
  input: { message: string; status?: TicketStatus },
  now: Date,
): Promise<void> {
  const t = await getTicketForAdmin(deps.db, id);
  const status: TicketStatus = input.status ?? "answered";
  await transaction(deps.db, async (tx) => {
    await insertMessage(tx, id, "staff", admin.user.id, "Toolscape Support", input.message, now);
    await tx.update(supportTickets).set({ status, updatedAt: now }).where(eq(supportTickets.id, id));
    await recordAudit(tx, {
      actor: { id: admin.user.id, label: admin.user.email },
      action: "support.reply",
      targetType: "support_ticket",
      targetId: id,
      before: { status: t.status },
      after: { status },
      requestId: deps.requestId ?? null,
      at: now,
    });
    const link = t.userId
      ? `\n\nReply or see the whole thread: ${deps.siteUrl}/dashboard/support/${id}`
      : "\n\nReply to this e-mail to answer.";
    await enqueueMail(
      deps,
      tx,
      `${id}:staff:${now.getTime()}`,
      {
        to: t.email,
        subject: `Re: [${t.ref}] ${t.subject}`,
        text: `Hello ${t.name},\n\n${input.message}${link}\n\n— Toolscape Support`,
        tag: "support-reply",
      },
      now,
    );
  });
}

/** Status change without a reply (close, reopen); audited. */
export async function setTicketStatus(
  deps: Deps,
  admin: Viewer,
  id: string,
  status: TicketStatus,
  now: Date,
): Promise<void> {
  const t = await getTicketForAdmin(deps.db, id);
  if (t.status === status) return;
  await transaction(deps.db, async (tx) => {
    await tx.update(supportTickets).set({ status, updatedAt: now }).where(eq(supportTickets.id, id));
    await recordAudit(tx, {
      actor: { id: admin.user.id, label: admin.user.email },
      action: "support.status",
      targetType: "support_ticket",
      targetId: id,
      before: { status: t.status },
      after: { status },
      requestId: deps.requestId ?? null,
      at: now,
    });
  });
}
