import { z } from "zod";
import type { Plan } from "./tables.ts";

export type { Plan };

import { cleanLine } from "../../platform/text.ts";

/**
 * The one schema of a plan (issue 33, ADR 0070): what an editor, a maker, the maker manifest and the
 * pricing observer may write. Numbers are finite and bounded, currencies ISO 4217, units a short word
 * in the tool's own terms. A plan "contact sales" has no price; a free plan is price 0.
 */
const unit = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9 -]{0,29}$/, "a unit is a short word (credits, minutes, images, tokens, seats)");
const amount = z.number().finite().min(0).max(10_000_000);
const count = z.number().int().min(1).max(1_000_000);

export const PlanInput = z
  .object({
    name: z
      .string()
      .transform((s) => cleanLine(s))
      .pipe(z.string().min(1, "a plan needs a name").max(80, "a plan's name is at most 80 characters")),
    price: amount.nullable(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "currency is an ISO 4217 code such as USD")
      .nullable()
      .default(null),
    period: z.enum(["month", "year", "once"]).nullable().default(null),
    per_seat: z.boolean().default(false),
    min_seats: count.nullable().default(null),
    max_seats: count.nullable().default(null),
    contact_sales: z.boolean().default(false),
    quota: z
      .object({ amount: amount.nullable(), unit, period: z.enum(["month", "day"]).default("month") })
      .nullable()
      .default(null),
    overage: z.object({ price: amount, per: count, unit }).nullable().default(null),
    free_tier: z
      .object({
        watermark: z.boolean().nullable().default(null),
        commercial_use: z.boolean().nullable().default(null),
        card_required: z.boolean().nullable().default(null),
      })
      .nullable()
      .default(null),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.contact_sales && p.price !== null)
      ctx.addIssue({ code: "custom", message: `${p.name}: a "contact sales" plan has no price` });
    if (p.price !== null && p.price > 0 && (!p.currency || !p.period))
      ctx.addIssue({ code: "custom", message: `${p.name}: a price needs its currency and billing period` });
    if (p.min_seats !== null && p.max_seats !== null && p.min_seats > p.max_seats)
      ctx.addIssue({ code: "custom", message: `${p.name}: min_seats is above max_seats` });
  });

export const PlansInput = z
  .array(PlanInput)
  .max(20, "at most 20 plans")
  .superRefine((plans, ctx) => {
    const names = new Set<string>();
    for (const p of plans) {
      const key = p.name.toLowerCase();
      if (names.has(key)) ctx.addIssue({ code: "custom", message: `two plans are named ${p.name}` });
      names.add(key);
    }
  });

/** Plans as stored: the schema's output (every key present, so history compares like with like). */
export function normalisePlans(input: unknown): Plan[] {
  return PlansInput.parse(input) as Plan[];
}

/** A stored plan as the database hands it back (row schemas do not transform: ADR 0054). */
export const PlanRow = z.object({
  name: z.string(),
  price: z.number().nullable(),
  currency: z.string().nullable(),
  period: z.enum(["month", "year", "once"]).nullable(),
  per_seat: z.boolean(),
  min_seats: z.number().nullable(),
  max_seats: z.number().nullable(),
  contact_sales: z.boolean(),
  quota: z.object({ amount: z.number().nullable(), unit: z.string(), period: z.enum(["month", "day"]) }).nullable(),
  overage: z.object({ price: z.number(), per: z.number(), unit: z.string() }).nullable(),
  free_tier: z
    .object({
      watermark: z.boolean().nullable(),
      commercial_use: z.boolean().nullable(),
      card_required: z.boolean().nullable(),
    })
    .nullable(),
}) satisfies z.ZodType<Plan>;

/** "What will this cost me" as a query string (the tool page's form, the API): seats and monthly usage. */
export const CostParams = z.object({
  seats: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, "seats must be a whole number from 1 to 10,000")
    .transform(Number)
    .pipe(z.number().int().min(1, "seats must be at least 1").max(10_000, "seats must be at most 10,000"))
    // The document states the whole rule (digits, then the range) as one pattern: what it allows is served.
    .meta({ type: "string", pattern: "^(?:[1-9]\\d{0,3}|10000)$", description: "a whole number from 1 to 10,000" })
    .optional(),
  usage: z
    .string()
    .trim()
    .regex(/^\d{1,10}(\.\d{1,4})?$/, "usage must be a number such as 500")
    .transform(Number)
    .pipe(z.number().min(0).max(1_000_000_000, "usage must be at most 1,000,000,000"))
    .meta({
      type: "string",
      pattern: "^(?:\\d{1,9}(?:\\.\\d{1,4})?|1000000000(?:\\.0{1,4})?)$",
      description: "a number from 0 to 1,000,000,000, at most 4 decimals",
    })
    .optional(),
});
