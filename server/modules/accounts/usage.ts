import { randomBytes } from "node:crypto";
import { and, count, eq, lt, ne, or } from "drizzle-orm";
import { z } from "zod";
import { utcDay } from "../../platform/clock.ts";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { isCrawler } from "./crawlers.ts";
import { loadEntitlements } from "./entitlements.ts";
import { dailyToolViews, userProfiles } from "./tables.ts";
import { canAccessTier, requiresLabel, type Tier } from "./tiers.ts";
import { decideVisitorView } from "./view-cookie.ts";
import type { Viewer } from "./viewer.ts";

/**
 * Daily tool views: the free tier opens 10 distinct tools in full per UTC day (paid tiers are
 * unlimited). Members are counted by user id (and their profile's daily_usage / last_reset are kept
 * in step for the dashboard); visitors by a first-party cookie. Opening a tool already counted today
 * is always allowed; past the limit a new tool is refused and not counted.
 */
const KnownRow = z.object({ used: z.number(), seen: z.boolean() });
/** bool_or over no rows is null */
const StateRow = z.object({ used: z.number(), seen: z.boolean().nullable() });

export type ViewSubject = `user:${string}` | `visitor:${string}`;
export type ViewResult = { used: number; limit: number | null; allowed: boolean };

export const VISITOR_COOKIE = "ts_vid";
const VISITOR_ID = /^[A-Za-z0-9_-]{16,64}$/;

export async function recordToolView(
  db: Db,
  subject: ViewSubject,
  toolId: string,
  tier: Tier,
  now: Date,
): Promise<ViewResult> {
  const limit = (await loadEntitlements(db)).limitFor(tier, "daily_tool_views");
  const day = utcDay(now);
  // Re-opening a tool counted today (the usual case) changes nothing: one read, no transaction.
  // (The profile's counter was brought in step when the tool was counted.)
  const [known] = await queryRows(
    db,
    sql`SELECT count(*)::int AS used, coalesce(bool_or(tool_id = ${toolId}::uuid), false) AS seen
        FROM daily_tool_views WHERE subject = ${subject} AND day = ${day}::date`,
    KnownRow,
  );
  if (known?.seen === true) return { used: known.used, limit, allowed: true };
  if (limit !== null && (known?.used ?? 0) >= limit) return { used: known?.used ?? 0, limit, allowed: false };
  const result = await transaction(db, async (tx) => {
    // One subject at a time: concurrent views cannot both take the last free slot.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${subject}))`);
    const [state] = await queryRows(
      tx,
      sql`SELECT count(*)::int AS used, bool_or(tool_id = ${toolId}::uuid) AS seen
          FROM daily_tool_views WHERE subject = ${subject} AND day = ${day}::date`,
      StateRow,
    );
    let used = state?.used ?? 0;
    const seen = state?.seen === true;
    if (!seen) {
      if (limit !== null && used >= limit) return { used, limit, allowed: false };
      await tx.insert(dailyToolViews).values({ subject, day, toolId }).onConflictDoNothing();
      used += 1;
    }
    if (subject.startsWith("user:")) {
      await tx
        .update(userProfiles)
        .set({ dailyUsage: used, lastReset: day })
        .where(
          and(
            eq(userProfiles.userId, subject.slice(5)),
            or(ne(userProfiles.dailyUsage, used), ne(userProfiles.lastReset, day)),
          ),
        );
    }
    return { used, limit, allowed: true };
  });
  await pruneOldViews(db, now);
  return result;
}

/** How many distinct tools a subject opened today (without counting a new one). */
export async function dailyViews(db: Db, subject: ViewSubject, now: Date): Promise<number> {
  const [row] = await db
    .select({ used: count() })
    .from(dailyToolViews)
    .where(and(eq(dailyToolViews.subject, subject), eq(dailyToolViews.day, utcDay(now))));
  return row?.used ?? 0;
}

const lastPrune = new WeakMap<object, number>();

/** Yesterday's rows are of no further use: drop them at most once an hour per process. */
async function pruneOldViews(db: Db, now: Date): Promise<void> {
  const at = lastPrune.get(db) ?? 0;
  if (now.getTime() - at < 3_600_000) return;
  lastPrune.set(db, now.getTime());
  await db.delete(dailyToolViews).where(lt(dailyToolViews.day, sql`${utcDay(now)}::date - 1`));
}

/**
 * The subject to count for a request: the member, or the visitor cookie (created when missing; the
 * caller sends `setCookie` with the response).
 */
export function viewSubject(
  viewer: Viewer | null,
  cookieHeader: string | null,
  options: { secure?: boolean } = {},
): { subject: ViewSubject; tier: Tier; setCookie: string | null } {
  if (viewer) return { subject: `user:${viewer.user.id}`, tier: viewer.tier, setCookie: null };
  const existing = /(?:^|;\s*)ts_vid=([^;]+)/.exec(cookieHeader ?? "")?.[1];
  if (existing && VISITOR_ID.test(existing)) return { subject: `visitor:${existing}`, tier: "free", setCookie: null };
  const id = randomBytes(18).toString("base64url");
  const cookie = `${VISITOR_COOKIE}=${id}; Path=/; Max-Age=${60 * 60 * 24 * 365}; HttpOnly; SameSite=Lax${
    options.secure ? "; Secure" : ""
  }`;
  return { subject: `visitor:${id}`, tier: "free", setCookie: cookie };
}

/**
 * Why a tool page shows only its overview: the day's free views are used up, or the tool is listed
 * for a higher tier than the viewer's.
 */
export type ToolLock =
  | { reason: "views"; used: number; limit: number }
  | { reason: "tier"; requiredTier: Tier; requiredLabel: string };

export type ToolPageAccess = {
  /** null: the whole page; otherwise the overview and an upgrade prompt */
  lock: ToolLock | null;
  /**
   * the viewer's views today after this one: null for crawlers, tier-locked tools, unlimited
   * members (counted in the background) and the public page (the browser shows the visitor's count
   * from the readable cookie)
   */
  views: { used: number; limit: number | null } | null;
  /** the response depends on who asks: never store it in a shared cache */
  personal: boolean;
  /** cookies to send with the response (a visitor's updated daily views) */
  setCookies: string[];
};

export type ToolPageAccessOptions = {
  /** Secure cookies (https) */
  secure?: boolean;
  /** the view's time (services.clock.now()): the day it counts toward */
  now: Date;
  /** what visitors' view cookies are signed with (viewCookieSecret) */
  secret: string;
  /** the view was counted in front of the page cache (toolPageGate): render the public page */
  publicView?: boolean;
  /** the HTTP layer verified this request as a search engine's crawler (crawlers.ts) */
  crawler?: boolean;
  /** the shared page of this tier is being rendered for a member (ADR 0032; their view was counted in front) */
  audience?: Tier;
  /** a background write (an unlimited member's view) failed */
  onBackgroundError?: (err: unknown) => void;
};

/**
 * Who may see a tool page in full (ADR 0004, phase 2 and addendum 3):
 * - a tool listed for a higher tier than the viewer's shows its overview only, to everyone below
 *   that tier (crawlers included); such a view is not counted;
 * - search engines' crawlers, verified by their address (crawlers.ts), otherwise get the whole public
 *   page and are not counted; a bot User-Agent alone is counted like a visitor (issue 31);
 * - visitors are counted in a signed cookie (view-cookie.ts), free members in the database: 10
 *   distinct tools a day in full, then the overview; paid tiers are unlimited and their view is
 *   recorded without holding up the page.
 */
export async function toolPageAccess(
  db: Db,
  viewer: Viewer | null,
  request: Request,
  tool: { id: string; tier: Tier },
  options: ToolPageAccessOptions,
): Promise<ToolPageAccess> {
  if (!canAccessTier(viewer?.tier ?? options.audience ?? null, tool.tier)) {
    return {
      lock: { reason: "tier", requiredTier: tool.tier, requiredLabel: requiresLabel(tool.tier) },
      views: null,
      personal: true,
      setCookies: [],
    };
  }
  const open: ToolPageAccess = { lock: null, views: null, personal: false, setCookies: [] };
  if (options.crawler || isCrawler(request) || (options.publicView && !viewer)) return open;
  const tier = viewer?.tier ?? "free";
  const limit = (await loadEntitlements(db)).limitFor(tier, "daily_tool_views");
  if (!viewer) {
    if (limit === null) return open;
    const d = decideVisitorView(request.headers.get("cookie"), tool.id, limit, options.secret, options);
    const lock: ToolLock | null = d.allowed ? null : { reason: "views", used: d.used, limit };
    return { lock, views: { used: d.used, limit }, personal: true, setCookies: d.setCookies };
  }
  const gate = await countMemberView(db, viewer, tool.id, options.now, options.onBackgroundError);
  // Unlimited: nothing to decide and nothing to show.
  if (gate.limit === null) return { ...open, personal: true };
  const lock: ToolLock | null = gate.allowed ? null : { reason: "views", used: gate.used, limit: gate.limit };
  return { lock, views: { used: gate.used, limit: gate.limit }, personal: true, setCookies: [] };
}

/**
 * Counts a member's view of a tool they may open by tier: free members in the database against the
 * daily limit (one read when the tool was counted today); paid tiers are unlimited, so their view is
 * recorded without holding up the page. Used by the page itself and by the shared member page path
 * in front of the page cache (ADR 0032), so the rule is the same on both.
 */
export async function countMemberView(
  db: Db,
  viewer: Viewer,
  toolId: string,
  now: Date,
  onBackgroundError?: (err: unknown) => void,
): Promise<ViewResult> {
  const limit = (await loadEntitlements(db)).limitFor(viewer.tier, "daily_tool_views");
  const subject: ViewSubject = `user:${viewer.user.id}`;
  if (limit === null) {
    recordToolView(db, subject, toolId, viewer.tier, now).catch((err) => onBackgroundError?.(err));
    return { used: 0, limit: null, allowed: true };
  }
  return recordToolView(db, subject, toolId, viewer.tier, now);
}
