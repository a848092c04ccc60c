import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { uuidSchema } from "../../platform/ids.ts";
import type { Jobs } from "../../platform/jobs/index.ts";
import { lockListingTier, pickTool, setListingTier, type TOOL_TIERS, ToolPickText } from "../catalog/index.ts";
import { LISTING_KINDS, type ListingKind } from "./labels.ts";
import { deals, listingAccess } from "./tables.ts";

/**
 * Exclusive listings and early access (issue 34 item 6, ADR 0083). An editor marks a tool or a deal
 * Expert-only (`exclusive`) or gives it an early-access window (`early_access`: Experts now, everyone
 * from `public_from`). One row per decision in `listing_access`; the open row is in force, ended rows
 * are the history, and every change has its audit row in the same transaction.
 *
 * A tool's mark moves `tools.tier` to expert (every serializer — pages, API, MCP, open data, feeds —
 * already gives a tool above the viewer's tier as its overview only) and keeps the tier it returns to.
 * A deal's mark is read with the deal: a viewer without the feature gets the deal's allow-listed
 * overview (`lockedDeal`). A window ends by a job at `public_from`, which writes, so cached pages move.
 */

/** The entitlement that opens each kind (spec §6: both Expert only). */
export const LISTING_FEATURE: Record<ListingKind, "exclusive_listings" | "early_access"> = {
  exclusive: "exclusive_listings",
  early_access: "early_access",
};

export const LISTING_WINDOW_JOB = "content.listing-window-end";
/** An early-access window is at most a year long. */
const MAX_WINDOW_DAYS = 366;

export const LISTING_MESSAGES = {
  kind: "Choose Expert-only or early access",
  publicOn: "Early access needs the day everyone sees it, as YYYY-MM-DD",
  future: "The public day must be after today (UTC) and within a year",
  noWindow: "Only early access has a public day; leave it empty for Expert-only",
  deal: "Choose a deal",
  dealNotFound: "Deal not found",
  notFound: "No such exclusive or early-access mark",
} as const;

const publicOn = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || null)
  .refine((v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), {
    message: LISTING_MESSAGES.publicOn,
  });

const withWindow = <T extends { kind: ListingKind; publicOn: string | null }>(v: T, ctx: z.RefinementCtx) => {
  if (v.kind === "early_access" && !v.publicOn)
    ctx.addIssue({ code: "custom", message: LISTING_MESSAGES.publicOn, path: ["publicOn"] });
  if (v.kind === "exclusive" && v.publicOn)
    ctx.addIssue({ code: "custom", message: LISTING_MESSAGES.noWindow, path: ["publicOn"] });
};

const kind = z.enum(LISTING_KINDS, { message: LISTING_MESSAGES.kind });

/** Mark a tool (the admin form and the server share it). */
export const MarkToolInput = z.object({ tool: ToolPickText, kind, publicOn }).superRefine(withWindow);
/** Mark a deal. */
export const MarkDealInput = z
  .object({ dealId: uuidSchema(LISTING_MESSAGES.deal), kind, publicOn })
  .superRefine(withWindow);
/** End a mark now (the tool or deal becomes public). */
export const EndListingInput = z.object({ id: uuidSchema(LISTING_MESSAGES.notFound) });

/** A listing_access row as the writes read it (locked FOR UPDATE). */
const openColumns = {
  id: listingAccess.id,
  tool_id: listingAccess.toolId,
  deal_id: listingAccess.dealId,
  kind: listingAccess.kind,
  public_from: listingAccess.publicFrom,
  tier_before: listingAccess.tierBefore,
  ended_at: listingAccess.endedAt,
};
type OpenRow = {
  id: string;
  tool_id: string | null;
  deal_id: string | null;
  kind: ListingKind;
  public_from: Date | null;
  tier_before: (typeof TOOL_TIERS)[number] | null;
  ended_at: Date | null;
};

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** The window's end from the form's day, checked against the service clock. */
function windowOf(input: { kind: ListingKind; publicOn: string | null }, now: Date): Date | null {
  if (input.kind !== "early_access" || !input.publicOn) return null;
  const at = new Date(`${input.publicOn}T00:00:00Z`);
  if (at.getTime() <= now.getTime() || at.getTime() > now.getTime() + MAX_WINDOW_DAYS * 86_400_000)
    throw new AppError("bad_request", LISTING_MESSAGES.future, { field: "publicOn" });
  return at;
}

async function openRowFor(tx: Db, target: "tool" | "deal", id: string): Promise<OpenRow | null> {
  const column = target === "tool" ? listingAccess.toolId : listingAccess.dealId;
  const [row] = await tx
    .select(openColumns)
    .from(listingAccess)
    .where(and(eq(column, id), isNull(listingAccess.endedAt)))
    .for("update");
  return row ?? null;
}

async function closeRow(tx: Db, id: string, actor: AuditActor, reason: "window" | "editor", now: Date) {
  await tx
    .update(listingAccess)
    .set({ endedAt: now, endedBy: actor.id, endReason: reason })
    .where(eq(listingAccess.id, id));
}

const shown = (row: Pick<OpenRow, "kind" | "public_from">) => ({ kind: row.kind, public_from: iso(row.public_from) });

type MarkDeps = { db: Db; jobs: Jobs };

/** Marks a published tool Expert-only or early access (a new mark replaces the open one). */
export async function markTool(
  deps: MarkDeps,
  actor: AuditActor & { id: string },
  input: z.output<typeof MarkToolInput>,
  now: Date,
): Promise<{ id: string; name: string }> {
  const tool = await pickTool(deps.db, input.tool);
  const publicFrom = windowOf(input, now);
  return transaction(deps.db, async (tx) => {
    const tier = await lockListingTier(tx, tool.id);
    const open = await openRowFor(tx, "tool", tool.id);
    const tierBefore = open?.tier_before ?? tier;
    if (open) await closeRow(tx, open.id, actor, "editor", now);
    const [row] = await tx
      .insert(listingAccess)
      .values({ toolId: tool.id, kind: input.kind, publicFrom, tierBefore, createdBy: actor.id, createdAt: now })
      .returning({ id: listingAccess.id });
    if (!row) throw new Error("listing mark was not stored");
    await setListingTier(tx, tool.id, "expert", now);
    await recordAudit(tx, {
      actor,
      action: `listing.${input.kind}`,
      targetType: "tool",
      targetId: tool.id,
      before: open ? { ...shown(open), tier } : { tier },
      after: { kind: input.kind, public_from: publicFrom?.toISOString() ?? null, tier: "expert" },
      requestId: actor.requestId,
      at: now,
    });
    if (publicFrom)
      await deps.jobs.enqueue(
        { type: LISTING_WINDOW_JOB, key: row.id, payload: { id: row.id }, runAt: publicFrom },
        tx,
      );
    return { id: row.id, name: tool.name };
  });
}

/** Marks a deal Expert-only or early access (a new mark replaces the open one). */
export async function markDeal(
  deps: MarkDeps,
  actor: AuditActor & { id: string },
  input: z.output<typeof MarkDealInput>,
  now: Date,
): Promise<{ id: string }> {
  const publicFrom = windowOf(input, now);
  return transaction(deps.db, async (tx) => {
    const [deal] = await tx.select({ id: deals.id }).from(deals).where(eq(deals.id, input.dealId)).for("update");
    if (!deal) throw new AppError("not_found", LISTING_MESSAGES.dealNotFound, { field: "dealId" });
    const open = await openRowFor(tx, "deal", deal.id);
    if (open) await closeRow(tx, open.id, actor, "editor", now);
    const [row] = await tx
      .insert(listingAccess)
      .values({ dealId: deal.id, kind: input.kind, publicFrom, createdBy: actor.id, createdAt: now })
      .returning({ id: listingAccess.id });
    if (!row) throw new Error("listing mark was not stored");
    await recordAudit(tx, {
      actor,
      action: `listing.${input.kind}`,
      targetType: "deal",
      targetId: deal.id,
      before: open ? shown(open) : null,
      after: { kind: input.kind, public_from: publicFrom?.toISOString() ?? null },
      requestId: actor.requestId,
      at: now,
    });
    if (publicFrom)
      await deps.jobs.enqueue(
        { type: LISTING_WINDOW_JOB, key: row.id, payload: { id: row.id }, runAt: publicFrom },
        tx,
      );
    return { id: row.id };
  });
}

/**
 * Ends a mark: by an editor now, or by the window's job at its public day. A tool returns to the tier
 * it had before the mark. Ending an ended mark does nothing (the job may run twice).
 */
export async function endListing(
  db: Db,
  actor: AuditActor,
  id: string,
  now: Date,
  reason: "window" | "editor" = "editor",
): Promise<boolean> {
  return transaction(db, async (tx) => {
    const [row] = await tx.select(openColumns).from(listingAccess).where(eq(listingAccess.id, id)).for("update");
    if (!row) throw new AppError("not_found", LISTING_MESSAGES.notFound);
    if (row.ended_at) return false;
    if (reason === "window" && (!row.public_from || row.public_from.getTime() > now.getTime())) return false;
    let tier: string | null = null;
    if (row.tool_id && row.tier_before) {
      await lockListingTier(tx, row.tool_id);
      await setListingTier(tx, row.tool_id, row.tier_before, now);
      tier = row.tier_before;
    }
    await closeRow(tx, row.id, actor, reason, now);
    await recordAudit(tx, {
      actor,
      action: reason === "window" ? "listing.window_end" : "listing.end",
      targetType: row.tool_id ? "tool" : "deal",
      targetId: row.tool_id ?? row.deal_id ?? row.id,
      before: shown(row),
      after: { ended: reason, ...(tier ? { tier } : {}) },
      requestId: actor.requestId ?? null,
      at: now,
    });
    return true;
  });
}

/** The window job: the early-access row ends at its public day (idempotent). */
export async function runListingWindowEnd(db: Db, payload: { id?: unknown }, now: Date, actor: AuditActor) {
  if (typeof payload.id !== "string") return;
  try {
    await endListing(db, actor, payload.id, now, "window");
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return; // the tool or deal is gone, and its row
    throw err;
  }
}

/* --------------------------------------------- reads --------------------------------------------- */

/** What a tool page says about its mark (public: the kind and the public day, never who set it). */
export type ListingNotice = { kind: ListingKind; publicFrom: string | null };

export async function toolListingNotice(db: Db, toolId: string): Promise<ListingNotice | null> {
  const [row] = await db
    .select({ kind: listingAccess.kind, publicFrom: listingAccess.publicFrom })
    .from(listingAccess)
    .where(and(eq(listingAccess.toolId, toolId), isNull(listingAccess.endedAt)));
  return row ? { kind: row.kind, publicFrom: iso(row.publicFrom) } : null;
}

export type AdminListingRow = {
  id: string;
  target: "tool" | "deal";
  toolName: string;
  toolSlug: string;
  dealDescription: string | null;
  kind: ListingKind;
  publicFrom: string | null;
  tierBefore: string | null;
  createdAt: string;
  createdBy: string | null;
  endedAt: string | null;
  endReason: "window" | "editor" | null;
};

const AdminRow = z.object({
  id: z.string(),
  tool_id: z.string().nullable(),
  name: z.string(),
  slug: z.string(),
  deal_description: z.string().nullable(),
  kind: z.enum(LISTING_KINDS),
  public_from: z.string().nullable(),
  tier_before: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  ended_at: z.string().nullable(),
  end_reason: z.enum(["window", "editor"]).nullable(),
});

/** Marks in force first (soonest public day first), then the latest 50 ended ones: the history. */
export async function listListingAccess(db: Db): Promise<{ open: AdminListingRow[]; ended: AdminListingRow[] }> {
  const select = sql`SELECT x.id, x.tool_id, t.name, t.slug, d.description AS deal_description, x.kind, x.public_from,
        x.tier_before, x.created_at, u.name AS created_by, x.ended_at, x.end_reason
      FROM listing_access x LEFT JOIN deals d ON d.id = x.deal_id
      JOIN tools t ON t.id = COALESCE(x.tool_id, d.tool_id) LEFT JOIN users u ON u.id = x.created_by`;
  const [open, ended] = await Promise.all([
    queryRows(
      db,
      sql`${select} WHERE x.ended_at IS NULL ORDER BY x.public_from ASC NULLS LAST, t.name LIMIT 500`,
      AdminRow,
    ),
    queryRows(db, sql`${select} WHERE x.ended_at IS NOT NULL ORDER BY x.ended_at DESC LIMIT 50`, AdminRow),
  ]);
  const shape = (r: z.infer<typeof AdminRow>): AdminListingRow => ({
    id: r.id,
    target: r.tool_id ? "tool" : "deal",
    toolName: r.name,
    toolSlug: r.slug,
    dealDescription: r.deal_description,
    kind: r.kind,
    publicFrom: iso(r.public_from),
    tierBefore: r.tier_before,
    createdAt: new Date(r.created_at).toISOString(),
    createdBy: r.created_by,
    endedAt: iso(r.ended_at),
    endReason: r.end_reason,
  });
  return { open: open.map(shape), ended: ended.map(shape) };
}
