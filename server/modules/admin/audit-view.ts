import { inArray } from "drizzle-orm";
import { z } from "zod";
import { type AuditQuery, type AuditRecord, auditActions, listAudit } from "../../platform/audit.ts";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { users as usersTable } from "../accounts/tables.ts";
import { categories, tools } from "../catalog/tables.ts";
import { toolSubmissions } from "../submissions/tables.ts";

/**
 * The audit page's rows with people and things named (issue 21): the actor's name and the target's
 * name with a link where the admin has a page for it, instead of raw ids. Ids that no longer resolve
 * (a deleted account, a purged row) stay as they were recorded.
 */
export type NamedRef = { label: string; href: string | null };
export type AuditRow = AuditRecord & { actor: NamedRef; target: NamedRef };

type Lookup = { id: string; label: string; href: string | null };
const IdRow = z.object({ id: z.string() });

/** Per target type: how to name its ids, and where its page is. */
const TARGETS: Record<string, (db: Db, ids: string[]) => Promise<Lookup[]>> = {
  user: async (db, ids) =>
    (
      await db
        .select({ id: usersTable.id, name: usersTable.name, email: usersTable.email })
        .from(usersTable)
        .where(inArray(usersTable.id, ids))
    ).map((u) => ({ id: u.id, label: `${u.name || u.email} <${u.email}>`, href: `/admin/users/${u.id}` })),
  // Ids as recorded (text): compared as text, so an id that is not a uuid matches nothing.
  tool: async (db, ids) =>
    (
      await db
        .select({ id: tools.id, name: tools.name, slug: tools.slug })
        .from(tools)
        .where(inArray(sql`${tools.id}::text`, ids))
    ).map((t) => ({ id: t.id, label: t.name, href: `/tools/${t.slug}` })),
  category: async (db, ids) =>
    (
      await db
        .select({ id: categories.id, name: categories.name, slug: categories.slug })
        .from(categories)
        .where(inArray(sql`${categories.id}::text`, ids))
    ).map((c) => ({ id: String(c.id), label: c.name, href: `/category/${c.slug}` })),
  // Submissions by the tool's name (issue 31: the log named them by id), linked to the queue they sit in.
  submission: async (db, ids) =>
    (
      await db
        .select({ id: toolSubmissions.id, name: toolSubmissions.name, status: toolSubmissions.status })
        .from(toolSubmissions)
        .where(inArray(sql`${toolSubmissions.id}::text`, ids))
    ).map((s) => ({ id: s.id, label: `Submission: ${s.name}`, href: `/admin/moderation?status=${s.status}` })),
  import: async (_db, ids) => ids.map((id) => ({ id, label: `Import #${id}`, href: `/admin/imports/${id}` })),
  support_ticket: async (_db, ids) =>
    ids.map((id) => ({ id, label: `Ticket ${id.slice(0, 8)}`, href: `/admin/support/${id}` })),
};

async function names(db: Db, type: string, ids: string[]): Promise<Map<string, Lookup>> {
  const find = TARGETS[type];
  if (!find || !ids.length) return new Map();
  return new Map((await find(db, [...new Set(ids)])).map((r) => [r.id, r]));
}

export async function listAuditView(
  db: Db,
  query: Partial<AuditQuery>,
): Promise<{ entries: AuditRow[]; total: number; page: number; limit: number; actions: string[] }> {
  const [result, actions] = await Promise.all([listAudit(db, query), auditActions(db)]);
  const actorIds = result.entries.flatMap((e) => (e.actor_id ? [e.actor_id] : []));
  const byType = new Map<string, string[]>();
  for (const e of result.entries) byType.set(e.target_type, [...(byType.get(e.target_type) ?? []), e.target_id]);
  const users = await names(db, "user", [...actorIds, ...(byType.get("user") ?? [])]);
  const targets = new Map<string, Map<string, Lookup>>([["user", users]]);
  for (const [type, ids] of byType) if (type !== "user") targets.set(type, await names(db, type, ids));
  const entries = result.entries.map((e) => {
    const who = e.actor_id ? users.get(e.actor_id) : undefined;
    const what = targets.get(e.target_type)?.get(e.target_id);
    return {
      ...e,
      actor: who ? { label: who.label, href: who.href } : { label: e.actor_label, href: null },
      target: what ? { label: what.label, href: what.href } : { label: `${e.target_type} ${e.target_id}`, href: null },
    };
  });
  return { ...result, entries, actions };
}

/**
 * The target filter as typed: an id as recorded, or a tool's slug or a member's e-mail, which the
 * audit log records by id.
 */
export async function resolveAuditTarget(db: Db, text: string): Promise<string> {
  const [hit] = await queryRows(
    db,
    sql`SELECT id::text AS id FROM tools WHERE slug = ${text.toLowerCase()}
        UNION ALL SELECT id FROM users WHERE lower(email) = ${text.toLowerCase()}
        LIMIT 1`,
    IdRow,
  );
  return hit?.id ?? text;
}
