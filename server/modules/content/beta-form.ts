import { z } from "zod";
import type { Db } from "../../platform/db/index.ts";
import { uuidSchema } from "../../platform/ids.ts";
import { pickTool, ToolPickText } from "../catalog/index.ts";
import { BETA_MESSAGES, CATEGORY_KEYS } from "./beta-rows.ts";

const lines = (message: string) =>
  z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .refine((l) => l.length <= 12 && l.every((x) => x.length <= 200), message);

export const BetaForm = z.object({
  tool: ToolPickText,
  provider: z.string().trim().max(120, "Provider is up to 120 characters").optional(),
  description: z
    .string()
    .trim()
    .min(1, "Description is required (up to 600 characters)")
    .max(600, "Description is required (up to 600 characters)"),
  category: z.enum(CATEGORY_KEYS, { message: "Choose a category" }),
  spots: z.coerce
    .number({ message: "Spots must be a whole number from 1 to 10000" })
    .int("Spots must be a whole number from 1 to 10000")
    .min(1, "Spots must be a whole number from 1 to 10000")
    .max(10_000, "Spots must be a whole number from 1 to 10000"),
  startsOn: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Start date is in the form YYYY-MM-DD")
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Start date is in the form YYYY-MM-DD"),
  durationWeeks: z.coerce
    .number({ message: "Duration is a whole number of weeks from 1 to 52" })
    .int("Duration is a whole number of weeks from 1 to 52")
    .min(1, "Duration is a whole number of weeks from 1 to 52")
    .max(52, "Duration is a whole number of weeks from 1 to 52"),
  benefits: lines("Up to 12 benefits, one per line, each up to 200 characters"),
  requirements: lines("Up to 12 requirements, one per line, each up to 200 characters"),
  featured: z
    .union([z.literal("on"), z.literal("true"), z.literal("1"), z.literal(""), z.boolean()])
    .optional()
    .transform((v) => v === true || v === "on" || v === "true" || v === "1"),
});
export type BetaFormData = z.output<typeof BetaForm>;
export const BetaTarget = z.object({ id: uuidSchema(BETA_MESSAGES.notFound) });

/** The published tool the admin named (id, slug or name) and its provider (else its own name). */
export async function toolOf(db: Db, key: string): Promise<{ id: string; provider: string }> {
  const tool = await pickTool(db, key);
  return { id: tool.id, provider: tool.provider ?? tool.name };
}

export function betaValues(d: BetaFormData, tool: { id: string; provider: string }) {
  return {
    tool_id: tool.id,
    provider: d.provider || tool.provider,
    description: d.description,
    category: d.category,
    spots: d.spots,
    starts_at: `${d.startsOn}T00:00:00.000Z`,
    duration_weeks: d.durationWeeks,
    benefits: d.benefits,
    requirements: d.requirements,
    featured: d.featured,
  };
}

/** The programme's columns as Drizzle names, for the insert and the update alike. */
export function betaColumns(v: ReturnType<typeof betaValues>) {
  return {
    toolId: v.tool_id,
    provider: v.provider,
    description: v.description,
    category: v.category,
    spots: v.spots,
    startsAt: new Date(v.starts_at),
    durationWeeks: v.duration_weeks,
    benefits: v.benefits,
    requirements: v.requirements,
    featured: v.featured,
  };
}
