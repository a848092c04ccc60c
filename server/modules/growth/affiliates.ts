import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../platform/db/index.ts";
import { queryRows, sql } from "../../platform/db/index.ts";
import { emailField } from "../../platform/email-address.ts";
import { AppError } from "../../platform/errors.ts";
import { listPlans } from "../billing/index.ts";
import { newCode } from "./codes.ts";
import { affiliateCookie } from "./cookies.ts";
import type { GrowthDeps } from "./deps.ts";
import { affiliateAttributions, affiliateClicks, affiliates } from "./tables.ts";

export type ProgrammeTerms = {
  /** per paid plan: name, price (cents) and commission in per cent, from billing's plans table */
  plans: { tier: "standard" | "expert"; name: string; amountCents: number; percent: number }[];
  refundWindowDays: number;
};

/** The commission structure as billing's plans state it (30 % Standard, 35 % Expert today). */
export async function programmeTerms(db: Db): Promise<ProgrammeTerms> {
  const plans = await listPlans(db);
  return {
    plans: plans.map((p) => ({
      tier: p.tier,
      name: p.name,
      amountCents: p.amountCents,
      percent: p.commissionBps / 100,
    })),
    refundWindowDays: Math.max(0, ...plans.map((p) => p.refundWindowDays)),
  };
}

export const AffiliateJoinInput = z.object({
  payout_email: emailField({ required: "PayPal email is required" }),
  accept_terms: z.union([z.literal("on"), z.literal(true), z.literal("true")], {
    message: "Please accept the affiliate terms",
  }),
});
export type AffiliateJoinInput = z.infer<typeof AffiliateJoinInput>;

export type Affiliate = {
  id: string;
  userId: string;
  code: string;
  payoutEmail: string;
  status: "active" | "suspended";
  joinedAt: string;
};

const AffiliateRow = z.object({
  id: z.string(),
  user_id: z.string(),
  code: z.string(),
  payout_email: z.string(),
  status: z.enum(["active", "suspended"]),
  joined_at: z.string(),
});
type AffiliateRow = z.infer<typeof AffiliateRow>;

const toAffiliate = (r: AffiliateRow): Affiliate => ({
  id: r.id,
  userId: r.user_id,
  code: r.code,
  payoutEmail: r.payout_email,
  status: r.status,
  joinedAt: new Date(r.joined_at).toISOString(),
});

/** An affiliates row as the typed builder reads it. */
const fromTyped = (r: typeof affiliates.$inferSelect): Affiliate => ({
  id: r.id,
  userId: r.userId,
  code: r.code,
  payoutEmail: r.payoutEmail,
  status: r.status,
  joinedAt: r.joinedAt.toISOString(),
});

export async function affiliateOfUser(db: Db, userId: string): Promise<Affiliate | null> {
  const [row] = await db.select().from(affiliates).where(eq(affiliates.userId, userId));
  return row ? fromTyped(row) : null;
}

export async function affiliateByCode(db: Db, code: string): Promise<Affiliate | null> {
  const [row] = await db.select().from(affiliates).where(eq(affiliates.code, code));
  return row ? fromTyped(row) : null;
}

/** Joins the programme (idempotent: a member who already joined gets their existing row, payout e-mail updated). */
export async function joinAffiliate(
  deps: Pick<GrowthDeps, "db" | "clock">,
  userId: string,
  input: AffiliateJoinInput,
): Promise<Affiliate> {
  const now = deps.clock.now().toISOString();
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await queryRows(
      deps.db,
      sql`INSERT INTO affiliates (user_id, code, payout_email, terms_accepted_at, joined_at)
          VALUES (${userId}, ${newCode()}, ${input.payout_email}, ${now}::timestamptz, ${now}::timestamptz)
          ON CONFLICT (user_id) DO UPDATE SET payout_email = EXCLUDED.payout_email
          RETURNING *`,
      AffiliateRow,
    ).catch((err: unknown) => {
      // A clash on the random code: try another.
      if (/affiliates_code_unique|duplicate key/i.test(String((err as Error)?.message ?? err))) return [];
      throw err;
    });
    if (row) return toAffiliate(row);
  }
  throw new AppError("internal", "Could not create an affiliate code");
}

/** Only paths of this site are followed after a click (never another origin). */
export function safeLanding(to: unknown): string {
  if (typeof to !== "string" || to.length > 512) return "/";
  // A path of this site in plain URL characters: no "//host", no backslash, spaces or controls.
  if (!/^\/(?![/\\])[\w\-.~!$&'()*+,;=:@%/?#]*$/.test(to)) return "/";
  return to;
}

export type ClickOutcome = { location: string; setCookie: string | null; counted: boolean };

/**
 * An affiliate link counts only when a person follows it: a top-level navigation (ADR 0024). With
 * Fetch Metadata (every current browser) that is `Sec-Fetch-Mode: navigate` to a `document` that the
 * person started (`Sec-Fetch-User: ?1`) — never
 * an image, a script, a fetch or an iframe, so an avatar or an embed set to /a/CODE drops no cookie
 * on whoever views the page. Old browsers send no Sec-Fetch-* headers at all: then only a request
 * that asks for HTML counts (a navigation's Accept starts with text/html; an <img> asks for image
 * types, fetch() for any type).
 */
export function isTopLevelNavigation(headers: Headers): boolean {
  const mode = headers.get("sec-fetch-mode");
  const dest = headers.get("sec-fetch-dest");
  // A person's click or typing sends `Sec-Fetch-User: ?1`; a script's `location = …` or a form a page
  // submits by itself does not (issue 31).
  if (mode !== null) {
    return mode === "navigate" && (dest === null || dest === "document") && headers.get("sec-fetch-user") === "?1";
  }
  if (dest !== null) return dest === "document";
  return /(^|,)\s*text\/html\b/i.test(headers.get("accept") ?? "");
}

/**
 * An affiliate link was followed: count one click per visitor per day (not for robots, not the
 * affiliate's own), set the signed ts_aff cookie for 30 days, and send the visitor on (same site only).
 * An unknown or suspended code just lands the visitor, without a cookie.
 */
export async function followAffiliateLink(
  deps: Pick<GrowthDeps, "db" | "clock">,
  input: {
    code: string | null;
    to: unknown;
    visitorKey: string;
    viewerUserId: string | null;
    /** the member who last signed in with this browser (ts_member), even after sign-out */
    browserOwnerId?: string | null;
    /** isTopLevelNavigation: sub-resources and scripted requests count nothing */
    navigation: boolean;
    robot: boolean;
    /** the affiliate of a live ts_aff cookie this browser already has (readAffiliateCookie), if any */
    currentAffiliateId?: string | null;
    secret: string;
    secure: boolean;
  },
): Promise<ClickOutcome> {
  const location = safeLanding(input.to);
  const affiliate = input.code ? await affiliateByCode(deps.db, input.code) : null;
  if (affiliate?.status !== "active" || input.robot || !input.navigation) {
    return { location, setCookie: null, counted: false };
  }
  // The affiliate's own browser (signed in, or signed in there before): no click, no cookie.
  if (isAffiliatesOwn(affiliate, input.viewerUserId) || isAffiliatesOwn(affiliate, input.browserOwnerId ?? null))
    return { location, setCookie: null, counted: false };
  const now = deps.clock.now();
  const inserted = await deps.db
    .insert(affiliateClicks)
    .values({
      affiliateId: affiliate.id,
      visitorKey: input.visitorKey,
      day: now.toISOString().slice(0, 10),
      landingPath: location,
      at: now,
    })
    .onConflictDoNothing({ target: [affiliateClicks.affiliateId, affiliateClicks.visitorKey, affiliateClicks.day] })
    .returning({ id: affiliateClicks.id });
  // Another affiliate's live cookie is theirs until it expires (issue 31): the first referrer keeps it;
  // the same affiliate's link renews its own.
  const taken = input.currentAffiliateId != null && input.currentAffiliateId !== affiliate.id;
  return {
    location,
    setCookie: taken ? null : affiliateCookie(input.secret, affiliate.id, now, input.secure),
    counted: inserted.length > 0,
  };
}

/** The one self-dealing rule (ADR 0024): a member id that is the affiliate's own account. */
function isAffiliatesOwn(affiliate: { userId: string }, memberId: string | null): boolean {
  return memberId !== null && memberId === affiliate.userId;
}

/**
 * A member signed up with a valid ts_aff cookie: one affiliate per member, never the affiliate
 * themself, and never from the affiliate's own browser (`browserOwnerId`: the member who last signed
 * in there), so a second account made by the affiliate earns nothing. Commissions are recorded only
 * for attributed members, and never on the affiliate's own account (commissions.ts checks it again).
 */
export async function attributeMember(
  deps: Pick<GrowthDeps, "db" | "clock">,
  affiliateId: string,
  userId: string,
  browserOwnerId: string | null = null,
): Promise<boolean> {
  const [affiliate] = await deps.db
    .select()
    .from(affiliates)
    .where(and(eq(affiliates.id, affiliateId), eq(affiliates.status, "active")));
  if (!affiliate) return false;
  const owner = fromTyped(affiliate);
  if (isAffiliatesOwn(owner, userId) || isAffiliatesOwn(owner, browserOwnerId)) return false;
  const rows = await deps.db
    .insert(affiliateAttributions)
    .values({ userId, affiliateId: affiliate.id, at: deps.clock.now() })
    .onConflictDoNothing({ target: affiliateAttributions.userId })
    .returning({ userId: affiliateAttributions.userId });
  return rows.length > 0;
}
