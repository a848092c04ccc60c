import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { DEAL_MESSAGES } from "./deal-form.ts";
import { LISTING_FEATURE } from "./exclusive.ts";
import { DEAL_TYPES, type DealType, LISTING_KINDS, type ListingKind } from "./labels.ts";

/**
 * Deals (spec §2 "Deals", §3 "Deal"): rows admins manage. A deal is live while started, not ended
 * and not expired by the service clock: every read filters on `now`, so an expired deal vanishes
 * from /deals, the tool page and the digest on its own, with no job to hide it.
 *
 * One use case per file (list-live-deals.ts, create-deal.ts, …); this file holds what several of them
 * share: the card, the rows, the SQL for "live" and the mark, and the row lock.
 */

export type DealCard = {
  id: string;
  toolId: string;
  toolSlug: string;
  toolName: string;
  logoUrl: string | null;
  provider: string | null;
  category: string;
  categorySlug: string;
  rating: number;
  reviewCount: number;
  dealType: DealType;
  description: string;
  originalPriceCents: number | null;
  dealPriceCents: number | null;
  discountPercent: number | null;
  couponCode: string | null;
  featured: boolean;
  expiresAt: string;
  /**
   * An editor's mark (ADR 0083): Expert-only, or early access until `publicFrom`. `locked`: this
   * viewer lacks the feature, so the card is the deal's overview (no prices, text, code or link).
   */
  access: { kind: ListingKind; publicFrom: string | null; locked: boolean } | null;
};

/** What may open a marked deal: the viewer's entitlement check (a visitor, the digest: nothing). */
export type CanSee = (feature: "exclusive_listings" | "early_access") => boolean;
export const PUBLIC: CanSee = () => false;

/**
 * A marked deal as a viewer without the feature sees it: an allow-list of the overview fields (the
 * tool, its category, the kind of deal and when it ends); description, prices, discount and coupon
 * never leave the server.
 */
export function lockedDeal(card: DealCard): DealCard {
  return {
    id: card.id,
    toolId: card.toolId,
    toolSlug: card.toolSlug,
    toolName: card.toolName,
    logoUrl: card.logoUrl,
    provider: card.provider,
    category: card.category,
    categorySlug: card.categorySlug,
    rating: card.rating,
    reviewCount: card.reviewCount,
    dealType: card.dealType,
    description: "",
    originalPriceCents: null,
    dealPriceCents: null,
    discountPercent: null,
    couponCode: null,
    featured: card.featured,
    expiresAt: card.expiresAt,
    access: card.access ? { ...card.access, locked: true } : null,
  };
}

export function forViewer(card: DealCard, can: CanSee): DealCard {
  if (!card.access || can(LISTING_FEATURE[card.access.kind])) return card;
  return lockedDeal(card);
}

/** A row of cardSelect (timestamps as the server's text: drizzle's db.execute leaves timestamptz unparsed). */
export const CardRow = z.object({
  id: z.string(),
  tool_id: z.string(),
  slug: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
  provider: z.string().nullable(),
  category: z.string(),
  category_slug: z.string(),
  rating: z.number(),
  review_count: z.number(),
  deal_type: z.enum(DEAL_TYPES),
  description: z.string(),
  original_price_cents: z.number().nullable(),
  deal_price_cents: z.number().nullable(),
  discount_percent: z.number().nullable(),
  coupon_code: z.string().nullable(),
  featured: z.boolean(),
  expires_at: z.string(),
  lock_kind: z.enum(LISTING_KINDS).nullable(),
  lock_public_from: z.string().nullable(),
});
type CardRow = z.infer<typeof CardRow>;

export const IdRow = z.object({ id: z.string() });
/** A whole deals row (SELECT *), the audit's "before". */
const DealDbRow = z.object({
  id: z.string(),
  tool_id: z.string(),
  deal_type: z.enum(DEAL_TYPES),
  description: z.string(),
  original_price_cents: z.number().nullable(),
  deal_price_cents: z.number().nullable(),
  discount_percent: z.number().nullable(),
  coupon_code: z.string().nullable(),
  url: z.string().nullable(),
  featured: z.boolean(),
  starts_at: z.string(),
  expires_at: z.string(),
  ended_at: z.string().nullable(),
  clicks: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export function toCard(r: CardRow): DealCard {
  return {
    id: r.id,
    toolId: r.tool_id,
    toolSlug: r.slug,
    toolName: r.name,
    logoUrl: r.logo_url,
    provider: r.provider,
    category: r.category,
    categorySlug: r.category_slug,
    rating: Number(r.rating),
    reviewCount: Number(r.review_count),
    dealType: r.deal_type,
    description: r.description,
    originalPriceCents: r.original_price_cents,
    dealPriceCents: r.deal_price_cents,
    discountPercent: r.discount_percent,
    couponCode: r.coupon_code,
    featured: r.featured,
    expiresAt: iso(r.expires_at),
    access: r.lock_kind
      ? { kind: r.lock_kind, publicFrom: r.lock_public_from ? iso(r.lock_public_from) : null, locked: false }
      : null,
  };
}

/** The one definition of "live" every reader shares. */
export const live = (now: Date) =>
  sql`d.starts_at <= ${now.toISOString()}::timestamptz AND d.expires_at > ${now.toISOString()}::timestamptz
      AND d.ended_at IS NULL AND t.status = 'active'`;

/** The deal's mark in force at `now` (an early window past its public day no longer locks). */
export const markJoin = (now: Date) =>
  sql`LEFT JOIN listing_access x ON x.deal_id = d.id AND x.ended_at IS NULL
        AND (x.kind = 'exclusive' OR x.public_from > ${now.toISOString()}::timestamptz)`;

export const cardSelect = (
  now: Date,
) => sql`SELECT d.id, d.tool_id, t.slug, t.name, t.logo_url, p.name AS provider, c.name AS category, c.slug AS category_slug,
      t.rating, t.review_count, d.deal_type, d.description, d.original_price_cents, d.deal_price_cents,
      d.discount_percent, d.coupon_code, d.featured, d.expires_at, x.kind AS lock_kind, x.public_from AS lock_public_from
    FROM deals d JOIN tools t ON t.id = d.tool_id JOIN categories c ON c.id = t.category_id
    LEFT JOIN providers p ON p.id = t.provider_id ${markJoin(now)}`;

/** Whether the viewer may open a deal with this mark (the SQL side of forViewer). */
export const opens = (can: CanSee) =>
  sql`(x.id IS NULL ${can("exclusive_listings") ? sql`OR x.kind = 'exclusive'` : sql``}
        ${can("early_access") ? sql`OR x.kind = 'early_access'` : sql``})`;

export async function lockDeal(tx: Db, id: string): Promise<Record<string, unknown>> {
  const [row] = await queryRows(tx, sql`SELECT * FROM deals WHERE id = ${id}::uuid FOR UPDATE`, DealDbRow);
  if (!row) throw new AppError("not_found", DEAL_MESSAGES.notFound);
  return row;
}
