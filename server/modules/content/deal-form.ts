import { z } from "zod";
import type { Db } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { uuidSchema } from "../../platform/ids.ts";
import { pickTool, TOOL_PICK_MESSAGES, ToolPickText } from "../catalog/index.ts";
import { DEAL_TYPES } from "./labels.ts";
import type { deals } from "./tables.ts";

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
export async function toolIdOf(db: Db, key: string): Promise<string> {
  return (await pickTool(db, key)).id;
}

export function values(d: DealFormData, toolId: string, now: Date) {
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

/** The form's values as the deals table's columns (the insert's and the update's). */
export function dealColumns(v: ReturnType<typeof values>) {
  return {
    toolId: v.tool_id,
    dealType: v.deal_type,
    description: v.description,
    originalPriceCents: v.original_price_cents,
    dealPriceCents: v.deal_price_cents,
    discountPercent: v.discount_percent,
    couponCode: v.coupon_code,
    url: v.url,
    featured: v.featured,
    startsAt: new Date(v.starts_at),
    expiresAt: new Date(v.expires_at),
  } satisfies Partial<typeof deals.$inferInsert>;
}
