import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Actor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { uuidSchema } from "../../platform/ids.ts";
import { pickTool, TOOL_PICK_MESSAGES, ToolPickText } from "../catalog/index.ts";
import { LISTING_FEATURE } from "./exclusive.ts";
import {
  DEAL_CATEGORIES,
  DEAL_TYPES,
  type DealCategoryKey,
  type DealType,
  LISTING_KINDS,
  type ListingKind,
} from "./labels.ts";

/**
 * Deals (spec §2 "Deals", §3 "Deal"): rows admins manage. A deal is live while started, not ended
 * and not expired by the service clock: every read filters on `now`, so an expired deal vanishes
 * from /deals, the tool page and the digest on its own, with no job to hide it.
 */

const DEAL_CATEGORY_KEYS = DEAL_CATEGORIES.map((c) => c.key) as [DealCategoryKey, ...DealCategoryKey[]];

/**
 * `/deals?category=`: a catalogue category's slug (the page's pills, issue 36) or one of the spec's
 * groups of categories (older links); anything else shows all deals.
 */
export const DealsQuery = z.object({
  category: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .max(60)
    .catch("all"),
});

/** The catalogue categories a group key stands for, or the category itself. */
function dealCategorySlugs(category: string): readonly string[] {
  if (category === "all") return [];
  const group = DEAL_CATEGORY_KEYS.includes(category as DealCategoryKey)
    ? DEAL_CATEGORIES.find((c) => c.key === category)
    : undefined;
  return group ? group.slugs : [category];
}

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
const PUBLIC: CanSee = () => false;

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

function forViewer(card: DealCard, can: CanSee): DealCard {
  if (!card.access || can(LISTING_FEATURE[card.access.kind])) return card;
  return lockedDeal(card);
}

/** A row of cardSelect (timestamps as the server's text: drizzle's db.execute leaves timestamptz unparsed). */
const CardRow = z.object({
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
const AdminDealDbRow = CardRow.extend({
  starts_at: z.string(),
  ended_at: z.string().nullable(),
  url: z.string().nullable(),
  clicks: z.number(),
});
const DealLinkRow = z.object({ id: z.string(), url: z.string().nullable() });
const IdRow = z.object({ id: z.string() });
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

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

function toCard(r: CardRow): DealCard {
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
const live = (now: Date) =>
  sql`d.starts_at <= ${now.toISOString()}::timestamptz AND d.expires_at > ${now.toISOString()}::timestamptz
      AND d.ended_at IS NULL AND t.status = 'active'`;

/** The deal's mark in force at `now` (an early window past its public day no longer locks). */
const markJoin = (now: Date) =>
  sql`LEFT JOIN listing_access x ON x.deal_id = d.id AND x.ended_at IS NULL
        AND (x.kind = 'exclusive' OR x.public_from > ${now.toISOString()}::timestamptz)`;

const cardSelect = (
  now: Date,
) => sql`SELECT d.id, d.tool_id, t.slug, t.name, t.logo_url, p.name AS provider, c.name AS category, c.slug AS category_slug,
      t.rating, t.review_count, d.deal_type, d.description, d.original_price_cents, d.deal_price_cents,
      d.discount_percent, d.coupon_code, d.featured, d.expires_at, x.kind AS lock_kind, x.public_from AS lock_public_from
    FROM deals d JOIN tools t ON t.id = d.tool_id JOIN categories c ON c.id = t.category_id
    LEFT JOIN providers p ON p.id = t.provider_id ${markJoin(now)}`;

/**
 * Live deals, featured first, then the soonest to expire (the most urgent). A marked deal comes whole
 * to a viewer whose `can` opens it, as its overview to others (default: the public), and not at all
 * with `publicOnly` (the digest e-mail goes to everyone).
 */
export async function listLiveDeals(
  db: Db,
  options: { now: Date; category?: string; limit?: number; can?: CanSee; publicOnly?: boolean },
): Promise<DealCard[]> {
  const slugs = dealCategorySlugs(options.category ?? "all");
  const inCategory = slugs.length
    ? sql`AND c.slug IN (${sql.join(
        slugs.map((s) => sql`${s}`),
        sql`, `,
      )})`
    : sql``;
  const rows = await queryRows(
    db,
    sql`${cardSelect(options.now)} WHERE ${live(options.now)} ${inCategory} ${options.publicOnly ? sql`AND x.id IS NULL` : sql``}
        ORDER BY d.featured DESC, d.expires_at ASC, d.id LIMIT ${options.limit ?? 200}`,
    CardRow,
  );
  return rows.map((r) => forViewer(toCard(r), options.can ?? PUBLIC));
}

/** Whether the viewer may open a deal with this mark (the SQL side of forViewer). */
const opens = (can: CanSee) =>
  sql`(x.id IS NULL ${can("exclusive_listings") ? sql`OR x.kind = 'exclusive'` : sql``}
        ${can("early_access") ? sql`OR x.kind = 'early_access'` : sql``})`;

/**
 * The tool page's side card: the tool's live deal this viewer may open (featured first, then the best
 * discount). A marked deal the viewer cannot open is not offered (default: the public's view).
 */
export async function liveDealForTool(
  db: Db,
  toolId: string,
  now: Date,
  can: CanSee = PUBLIC,
): Promise<DealCard | null> {
  const [row] = await queryRows(
    db,
    sql`${cardSelect(now)} WHERE d.tool_id = ${toolId}::uuid AND ${live(now)} AND ${opens(can)}
        ORDER BY d.featured DESC, d.discount_percent DESC NULLS LAST, d.expires_at ASC LIMIT 1`,
    CardRow,
  );
  return row ? toCard(row) : null;
}

/** Whether the tool has a live deal this viewer may not open (the tool page names the plan for it). */
export async function hasLockedDeal(db: Db, toolId: string, now: Date, can: CanSee = PUBLIC): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`SELECT d.id FROM deals d JOIN tools t ON t.id = d.tool_id ${markJoin(now)}
        WHERE d.tool_id = ${toolId}::uuid AND ${live(now)} AND x.id IS NOT NULL AND NOT ${opens(can)} LIMIT 1`,
    IdRow,
  );
  return rows.length > 0;
}

/**
 * Where /go/{tool}?to=deal sends the visitor: the live deal's own link (affiliate or coupon page),
 * null when the tool has no live deal with a link of its own (the caller falls back to the tool's).
 */
export async function liveDealLink(
  db: Db,
  toolId: string,
  now: Date,
  can: CanSee = PUBLIC,
): Promise<{ id: string; url: string | null } | null> {
  const [row] = await queryRows(
    db,
    sql`SELECT d.id, d.url FROM deals d JOIN tools t ON t.id = d.tool_id ${markJoin(now)}
        WHERE d.tool_id = ${toolId}::uuid AND ${live(now)} AND ${opens(can)}
        ORDER BY d.featured DESC, d.discount_percent DESC NULLS LAST, d.expires_at ASC LIMIT 1`,
    DealLinkRow,
  );
  return row ?? null;
}

/** Counts one outbound click on a deal (inside the caller's click transaction). */
export async function countDealClick(tx: Db, dealId: string): Promise<void> {
  await tx.execute(sql`UPDATE deals SET clicks = clicks + 1 WHERE id = ${dealId}::uuid`);
}

/* ---------------------------------------------- admin ---------------------------------------------- */

export const DEAL_MESSAGES = {
  tool: TOOL_PICK_MESSAGES.required,
  description: "Description is required (up to 500 characters)",
  price: "Prices are amounts in US dollars, e.g. 29 or 19.99",
  priceOrder: "The deal price must be lower than the original price",
  discount: "Discount must be a whole percentage from 1 to 100",
  discountOrPrice: "Give the original and deal prices, or a discount percentage",
  expiry: "Expiry must be a date after the start date",
  date: "Dates are in the form YYYY-MM-DD",
  url: "The link must be a full http(s) URL",
  coupon: "Coupon codes are up to 40 letters, digits, dashes or underscores",
  notFound: "Deal not found",
} as const;

const money = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v.replace(/^\$/, "") : ""))
  .refine((v) => v === "" || /^\d{1,6}(\.\d{1,2})?$/.test(v), DEAL_MESSAGES.price)
  .transform((v) => (v === "" ? null : Math.round(Number(v) * 100)));

const day = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), message);

/** The admin deal form (the same schema checks the page's form and the server). */
export const DealForm = z
  .object({
    tool: ToolPickText,
    dealType: z.enum(DEAL_TYPES, { message: "Choose a deal type" }),
    description: z.string().trim().min(1, DEAL_MESSAGES.description).max(500, DEAL_MESSAGES.description),
    originalPrice: money,
    dealPrice: money,
    discountPercent: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || /^(100|[1-9]\d?)$/.test(v), DEAL_MESSAGES.discount)
      .transform((v) => (v ? Number(v) : null)),
    couponCode: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || /^[\w-]{1,40}$/.test(v), DEAL_MESSAGES.coupon)
      .transform((v) => v || null),
    url: z
      .string()
      .trim()
      .max(2_000, DEAL_MESSAGES.url)
      .optional()
      .refine((v) => !v || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), DEAL_MESSAGES.url)
      .transform((v) => v || null),
    featured: z
      .union([z.literal("on"), z.literal("true"), z.literal("1"), z.literal(""), z.boolean()])
      .optional()
      .transform((v) => v === true || v === "on" || v === "true" || v === "1"),
    startsOn: day(DEAL_MESSAGES.date).optional().or(z.literal("")),
    expiresOn: day(DEAL_MESSAGES.date),
  })
  .superRefine((d, ctx) => {
    if ((d.originalPrice === null) !== (d.dealPrice === null) && d.discountPercent === null) {
      ctx.addIssue({ code: "custom", message: DEAL_MESSAGES.discountOrPrice, path: ["dealPrice"] });
    }
    if (d.originalPrice !== null && d.dealPrice !== null && d.dealPrice >= d.originalPrice) {
      ctx.addIssue({ code: "custom", message: DEAL_MESSAGES.priceOrder, path: ["dealPrice"] });
    }
    if (d.originalPrice === null && d.dealPrice === null && d.discountPercent === null && d.dealType === "discount") {
      ctx.addIssue({ code: "custom", message: DEAL_MESSAGES.discountOrPrice, path: ["discountPercent"] });
    }
  });
export type DealFormData = z.output<typeof DealForm>;

export const DealTarget = z.object({ id: uuidSchema(DEAL_MESSAGES.notFound) });

/** Consistent discount: from the two prices when both exist, else the admin's percentage. */
function discountOf(d: DealFormData): number | null {
  if (d.originalPrice !== null && d.dealPrice !== null && d.originalPrice > 0) {
    return Math.round((1 - d.dealPrice / d.originalPrice) * 100);
  }
  return d.discountPercent;
}

function dealWindow(d: DealFormData, now: Date): { startsAt: Date; expiresAt: Date } {
  const startsAt = d.startsOn ? new Date(`${d.startsOn}T00:00:00Z`) : now;
  // An expiry date means "through that day" (UTC).
  const expiresAt = new Date(`${d.expiresOn}T23:59:59.999Z`);
  if (expiresAt <= startsAt) throw new AppError("bad_request", DEAL_MESSAGES.expiry);
  return { startsAt, expiresAt };
}

/** The published tool the admin named (id, slug or name); a miss suggests the closest ones. */
async function toolIdOf(db: Db, key: string): Promise<string> {
  return (await pickTool(db, key)).id;
}

function values(d: DealFormData, toolId: string, now: Date) {
  const { startsAt, expiresAt } = dealWindow(d, now);
  return {
    tool_id: toolId,
    deal_type: d.dealType,
    description: d.description,
    original_price_cents: d.originalPrice,
    deal_price_cents: d.dealPrice,
    discount_percent: discountOf(d),
    coupon_code: d.couponCode,
    url: d.url,
    featured: d.featured,
    starts_at: startsAt.toISOString(),
    expires_at: expiresAt.toISOString(),
  };
}

export async function createDeal(db: Db, actor: Actor, input: DealFormData, now: Date): Promise<string> {
  const toolId = await toolIdOf(db, input.tool);
  const v = values(input, toolId, now);
  return db.transaction(async (tx) => {
    const [row] = await queryRows(
      tx,
      sql`INSERT INTO deals (tool_id, deal_type, description, original_price_cents, deal_price_cents, discount_percent,
            coupon_code, url, featured, starts_at, expires_at, created_at, updated_at)
          VALUES (${v.tool_id}::uuid, ${v.deal_type}, ${v.description}, ${v.original_price_cents}, ${v.deal_price_cents},
            ${v.discount_percent}, ${v.coupon_code}, ${v.url}, ${v.featured}, ${v.starts_at}::timestamptz,
            ${v.expires_at}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          RETURNING id`,
      IdRow,
    );
    if (!row) throw new Error("deal was not stored");
    await recordAudit(tx, {
      actor,
      action: "deal.create",
      targetType: "deal",
      targetId: row.id,
      after: v,
      requestId: actor.requestId,
      at: now,
    });
    return row.id;
  });
}

async function lockDeal(tx: Db, id: string): Promise<Record<string, unknown>> {
  const [row] = await queryRows(tx, sql`SELECT * FROM deals WHERE id = ${id}::uuid FOR UPDATE`, DealDbRow);
  if (!row) throw new AppError("not_found", DEAL_MESSAGES.notFound);
  return row;
}

export async function updateDeal(db: Db, actor: Actor, id: string, input: DealFormData, now: Date): Promise<void> {
  const toolId = await toolIdOf(db, input.tool);
  const v = values(input, toolId, now);
  await db.transaction(async (tx) => {
    const before = await lockDeal(tx, id);
    await tx.execute(
      sql`UPDATE deals SET tool_id = ${v.tool_id}::uuid, deal_type = ${v.deal_type}, description = ${v.description},
            original_price_cents = ${v.original_price_cents}, deal_price_cents = ${v.deal_price_cents},
            discount_percent = ${v.discount_percent}, coupon_code = ${v.coupon_code}, url = ${v.url},
            featured = ${v.featured}, starts_at = ${v.starts_at}::timestamptz, expires_at = ${v.expires_at}::timestamptz,
            updated_at = ${now.toISOString()}::timestamptz
          WHERE id = ${id}::uuid`,
    );
    await recordAudit(tx, {
      actor,
      action: "deal.update",
      targetType: "deal",
      targetId: id,
      before,
      after: v,
      requestId: actor.requestId,
      at: now,
    });
  });
}

/** Ends a deal now (it stays in the admin list as ended; the public never sees it again). */
export async function endDeal(db: Db, actor: Actor, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockDeal(tx, id);
    if (before.ended_at) return;
    await tx.execute(
      sql`UPDATE deals SET ended_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
          WHERE id = ${id}::uuid`,
    );
    await recordAudit(tx, {
      actor,
      action: "deal.end",
      targetType: "deal",
      targetId: id,
      before: { ended_at: null },
      after: { ended_at: now.toISOString() },
      requestId: actor.requestId,
      at: now,
    });
  });
}

export async function deleteDeal(db: Db, actor: Actor, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockDeal(tx, id);
    await tx.execute(sql`DELETE FROM deals WHERE id = ${id}::uuid`);
    await recordAudit(tx, {
      actor,
      action: "deal.delete",
      targetType: "deal",
      targetId: id,
      before,
      requestId: actor.requestId,
      at: now,
    });
  });
}

export type AdminDealRow = DealCard & {
  status: "scheduled" | "live" | "expired" | "ended";
  startsAt: string;
  url: string | null;
  clicks: number;
};

/** Every deal for the admin page, newest first, with its state at `now`. */
export async function listDealsForAdmin(db: Db, now: Date): Promise<AdminDealRow[]> {
  const rows = await queryRows(
    db,
    sql`SELECT d.id, d.tool_id, t.slug, t.name, t.logo_url, p.name AS provider, c.name AS category, c.slug AS category_slug, t.rating,
          t.review_count, d.deal_type, d.description, d.original_price_cents, d.deal_price_cents, d.discount_percent,
          d.coupon_code, d.featured, d.expires_at, d.starts_at, d.ended_at, d.url, d.clicks,
          x.kind AS lock_kind, x.public_from AS lock_public_from
        FROM deals d JOIN tools t ON t.id = d.tool_id JOIN categories c ON c.id = t.category_id
        LEFT JOIN providers p ON p.id = t.provider_id LEFT JOIN listing_access x ON x.deal_id = d.id AND x.ended_at IS NULL
        ORDER BY d.created_at DESC, d.id LIMIT 500`,
    AdminDealDbRow,
  );
  return rows.map((r) => {
    const startsAt = iso(r.starts_at);
    const status = r.ended_at
      ? "ended"
      : Date.parse(iso(r.expires_at)) <= now.getTime()
        ? "expired"
        : Date.parse(startsAt) > now.getTime()
          ? "scheduled"
          : "live";
    return { ...toCard(r), status, startsAt, url: r.url, clicks: Number(r.clicks) };
  });
}
