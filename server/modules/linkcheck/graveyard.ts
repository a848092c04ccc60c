import { sql } from "drizzle-orm";
import { z } from "zod";
import { type AuditActor, recordAudit, SYSTEM_ACTOR } from "../../platform/audit.ts";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { applyToolFactsBatch } from "../catalog/index.ts";

const DAY = 86_400_000;

/**
 * The graveyard rule (issue 20 item 6, ADR 0029): a tool is `gone` after failed checks on at least
 * GONE_FAILURE_DAYS separate UTC days spanning at least GONE_SPAN_MS of one unbroken failure run —
 * or when an admin confirms a parked / for-sale page. One good answer from its own site revives it.
 * Failures while the network looks down are never recorded (batch.ts), so they never count here.
 */
export const GONE_FAILURE_DAYS = 4;
export const GONE_SPAN_MS = 14 * DAY;
export const LINK_CHECKER_SOURCE = "Link checker";

export function isGoneRun(failureDays: number, failingSince: Date | null, now: Date): boolean {
  return (
    failureDays >= GONE_FAILURE_DAYS && failingSince !== null && now.getTime() - failingSince.getTime() >= GONE_SPAN_MS
  );
}

type StatusChange = {
  toolId: string;
  to: "gone" | "active";
  now: Date;
  note: string;
  actor?: AuditActor;
  requestId?: string | null;
  /** who observed it: the link checker, or the admin confirming a parked page */
  source?: string;
};

/**
 * Moves a tool into the graveyard or out of it, in the caller's transaction: the status (gone_at
 * follows by trigger, migration 0033), provenance and history through catalog's applyToolFacts (kind
 * `observed`) and an audit row. Returns false when the tool was not in the expected state.
 */
export async function setGone(tx: Db, change: StatusChange): Promise<boolean> {
  const from = change.to === "gone" ? "active" : "gone";
  const [applied] = await applyToolFactsBatch(tx, [
    {
      toolId: change.toolId,
      set: { status: change.to },
      expect: { status: from },
      also: { goneAt: change.to === "gone" ? change.now : null },
      provenance: { kind: "observed", source: change.source ?? LINK_CHECKER_SOURCE, observedAt: change.now },
      actorUserId: change.actor?.id ?? null,
      note: change.note,
      at: change.now,
    },
  ]);
  if (!applied?.fields.length) return false;
  await recordAudit(tx, {
    actor: change.actor ?? SYSTEM_ACTOR,
    action: change.to === "gone" ? "tool.gone" : "tool.revive",
    targetType: "tool",
    targetId: change.toolId,
    before: { status: from },
    after: { status: change.to },
    reason: change.note,
    requestId: change.requestId ?? null,
    at: change.now,
  });
  return true;
}

export type GraveyardEntry = {
  id: string;
  slug: string;
  name: string;
  description: string;
  website_url: string;
  category: string;
  category_slug: string;
  gone_at: string;
  /** the last day its site answered (null when it never did while we checked) */
  last_seen_at: string | null;
};

export const GRAVEYARD_PAGE_SIZE = 50;

const CountRow = z.object({ n: z.number() });
const GraveyardRow = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  website_url: z.string(),
  category: z.string(),
  category_slug: z.string(),
  gone_at: z.string().nullable(),
  last_verified_at: z.string().nullable(),
});

/** Gone tools, most recently gone first, paged. */
export async function listGraveyard(
  db: Db,
  page = 1,
  pageSize = GRAVEYARD_PAGE_SIZE,
): Promise<{ items: GraveyardEntry[]; total: number; page: number; totalPages: number }> {
  const [count] = await queryRows(db, sql`SELECT count(*)::int AS n FROM tools WHERE status = 'gone'`, CountRow);
  const total = Number(count?.n ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), totalPages);
  const rows = await queryRows(
    db,
    sql`SELECT t.id::text AS id, t.slug, t.name, t.description, t.website_url, c.name AS category, c.slug AS category_slug,
               t.gone_at, t.last_verified_at
          FROM tools t JOIN categories c ON c.id = t.category_id
         WHERE t.status = 'gone'
         ORDER BY t.gone_at DESC NULLS LAST, lower(t.name), t.id
         LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`,
    GraveyardRow,
  );
  const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);
  return {
    items: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      description: r.description,
      website_url: r.website_url,
      category: r.category,
      category_slug: r.category_slug,
      gone_at: iso(r.gone_at) ?? "",
      last_seen_at: iso(r.last_verified_at),
    })),
    total,
    page: current,
    totalPages,
  };
}
