import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { SEED_DIR } from "../../../platform/paths.ts";
import { PRICING_MODELS } from "../normalize.ts";

/**
 * The editors' reviewed data (issue 20, ADR 0027): `server/platform/db/seed/editorial.json`. For the featured set, the
 * provider and pricing model the sources left out — only what is well known and checkable on the tool's
 * own site (`checked_at` is that site's address) — and for the featured and most-visited tools a short
 * summary in our own words. Applied as kind `editor`, verified on the file's date.
 */
export const EDITORIAL_FILE = path.join(SEED_DIR, "editorial.json");

const Entry = z.object({
  slug: z.string().min(1),
  checked_at: z.url(),
  provider: z.string().min(1).max(120).optional(),
  pricing_model: z.enum(PRICING_MODELS).exclude(["unknown"]).optional(),
  /** a category for a featured tool the sources left in "Other" */
  category: z.string().min(1).optional(),
  /** our own words: what it does, for whom, how it is priced (2–3 sentences) */
  summary: z.string().min(80).max(600).optional(),
  /** a bundled icon the editors chose where name and domain do not match (e.g. a model's maker's mark) */
  icon: z
    .string()
    .regex(/^(simple-icons|lobehub|iconify-logos):[a-z0-9-]+$/)
    .optional(),
});

const EditorialFile = z.object({
  why: z.string(),
  reviewed: z.iso.date(),
  editor: z.string().min(1),
  tools: z.array(Entry),
});
export type Editorial = z.infer<typeof EditorialFile>;

export function loadEditorial(file = EDITORIAL_FILE): Editorial {
  return EditorialFile.parse(JSON.parse(readFileSync(file, "utf8")));
}
