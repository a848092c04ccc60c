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
 *
 * Two bases (issue 36): `site` (the default) was checked on the tool's own site on `reviewed`; `listing` was
 * written from the listing's own record (its sources' description, category and pricing model) and what
 * is well known, without re-reading the site: it carries only a summary, is dated by its own `reviewed`
 * (when it was written) and is recorded unverified, so no page says it was checked.
 */
export const EDITORIAL_FILE = path.join(SEED_DIR, "editorial.json");

export const EDITORIAL_BASES = ["site", "listing"] as const;
export type EditorialBasis = (typeof EDITORIAL_BASES)[number];

const Entry = z
  .object({
    slug: z.string().min(1),
    /** `site`: checked there on `reviewed`; `listing`: written from the listing, the site is where to check it */
    checked_at: z.url(),
    /** what the entry rests on (absent: `site`) */
    basis: z.enum(EDITORIAL_BASES).optional(),
    /** the day this entry was written or checked, when it is not the file's `reviewed` */
    reviewed: z.iso.date().optional(),
    provider: z.string().min(1).max(120).optional(),
    pricing_model: z.enum(PRICING_MODELS).exclude(["unknown"]).optional(),
    /** a featured tool's category, where the sources left it in "Other" or filed it wrongly */
    category: z.string().min(1).optional(),
    /** our own words: what it does, for whom, how it is priced (2–3 sentences) */
    summary: z.string().min(80).max(600).optional(),
    /** a bundled icon the editors chose where name and domain do not match (e.g. a model's maker's mark) */
    icon: z
      .string()
      .regex(/^(simple-icons|lobehub|iconify-logos):[a-z0-9-]+$/)
      .optional(),
  })
  // A listing-based entry is a summary only: a provider, price model, category or mark is a fact to check on the site.
  .refine((e) => e.basis !== "listing" || (e.summary && !e.provider && !e.pricing_model && !e.category && !e.icon), {
    message: "a listing-based entry carries a summary and nothing else",
  });
export type EditorialEntry = z.infer<typeof Entry>;

/** The entry's basis and day (its own `reviewed`, else the file's). */
export function entryBasis(editorial: Editorial, e: EditorialEntry): { basis: EditorialBasis; reviewed: string } {
  return { basis: e.basis ?? "site", reviewed: e.reviewed ?? editorial.reviewed };
}

/**
 * A tool the editors looked at for a summary and left without one, and why (a thin or contradictory
 * listing, a site that is not the tool's, not an AI tool): the list says which gaps are decisions.
 */
const Withheld = z.object({
  slug: z.string().min(1),
  reviewed: z.iso.date(),
  reason: z.string().min(20).max(300),
});

const EditorialFile = z.object({
  why: z.string(),
  reviewed: z.iso.date(),
  editor: z.string().min(1),
  tools: z.array(Entry),
  withheld: z.array(Withheld).default([]),
});
export type Editorial = z.infer<typeof EditorialFile>;

export function loadEditorial(file = EDITORIAL_FILE): Editorial {
  return EditorialFile.parse(JSON.parse(readFileSync(file, "utf8")));
}
