import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { BETA_CATEGORIES, type BetaCategoryKey, type BetaStatus } from "./labels.ts";

/**
 * Beta programmes (spec §2 "Beta programs", §3, §4). Status is computed, never stored:
 * Full when every spot is taken, Starting Soon before the start date, otherwise Open.
 *
 * Early access (the Expert-only `early_access` feature): an Expert may apply while a programme is
 * Starting Soon; everyone else may apply from its start date. A programme is listed until its
 * duration has run out (start + duration weeks) or an admin deactivates it.
 *
 * One use case per file (list-beta-programs.ts, apply-to-beta.ts, create-beta.ts, …); this file holds
 * what several of them share: the card, the rows, the messages, the SQL for "listed" and the row lock.
 */

export const CATEGORY_KEYS = BETA_CATEGORIES.filter((c) => c.key !== "all").map((c) => c.key) as [
  BetaCategoryKey,
  ...BetaCategoryKey[],
];

export const BETA_MESSAGES = {
  full: "Program Full",
  already: "You have already applied to this program",
  notFound: "Beta program not found",
  signIn: "Please sign in to apply",
  notYet: (date: string) =>
    `Applications open on ${date}. Expert members get early access and can apply before the start.`,
  motivation: "Tell the provider in 10 to 500 characters why you want to join",
  tooMany: "Too many applications in a short time. Please try again later.",
  spotsBelowTaken: (n: number) => `Spots cannot be fewer than the ${n} already taken`,
} as const;

export function betaStatus(p: { spots: number; spotsTaken: number; startsAt: string }, now: Date): BetaStatus {
  if (p.spotsTaken >= p.spots) return "full";
  if (Date.parse(p.startsAt) > now.getTime()) return "starting_soon";
  return "open";
}

export type BetaCard = {
  id: string;
  toolId: string;
  toolSlug: string;
  toolName: string;
  logoUrl: string | null;
  provider: string;
  description: string;
  category: BetaCategoryKey;
  spots: number;
  spotsTaken: number;
  spotsLeft: number;
  startsAt: string;
  durationWeeks: number;
  benefits: string[];
  requirements: string[];
  featured: boolean;
  active: boolean;
  status: BetaStatus;
  /** the viewer has applied (false for visitors) */
  applied: boolean;
};

/** Timestamps come back as the server's text (drizzle's db.execute leaves timestamptz unparsed). */
export const Row = z.object({
  id: z.string(),
  tool_id: z.string(),
  slug: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
  provider: z.string(),
  description: z.string(),
  category: z.enum(CATEGORY_KEYS),
  spots: z.number(),
  spots_taken: z.number(),
  starts_at: z.string(),
  duration_weeks: z.number(),
  benefits: z.array(z.string()),
  requirements: z.array(z.string()),
  featured: z.boolean(),
  active: z.boolean(),
  applied: z.boolean(),
});
type Row = z.infer<typeof Row>;

/** A whole beta_programs row (SELECT *), the audit's "before". */
const BetaProgramRow = z.object({
  id: z.string(),
  tool_id: z.string(),
  provider: z.string(),
  description: z.string(),
  category: z.enum(CATEGORY_KEYS),
  spots: z.number(),
  spots_taken: z.number(),
  starts_at: z.string(),
  duration_weeks: z.number(),
  benefits: z.array(z.string()),
  requirements: z.array(z.string()),
  featured: z.boolean(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export function toCard(r: Row, now: Date): BetaCard {
  const startsAt = iso(r.starts_at);
  const spots = Number(r.spots);
  const spotsTaken = Number(r.spots_taken);
  return {
    id: r.id,
    toolId: r.tool_id,
    toolSlug: r.slug,
    toolName: r.name,
    logoUrl: r.logo_url,
    provider: r.provider,
    description: r.description,
    category: r.category,
    spots,
    spotsTaken,
    spotsLeft: Math.max(0, spots - spotsTaken),
    startsAt,
    durationWeeks: Number(r.duration_weeks),
    benefits: r.benefits ?? [],
    requirements: r.requirements ?? [],
    featured: r.featured,
    active: r.active,
    status: betaStatus({ spots, spotsTaken, startsAt }, now),
    applied: Boolean(r.applied),
  };
}

export const SELECT = (userId: string | null) => sql`SELECT b.id, b.tool_id, t.slug, t.name, t.logo_url, b.provider,
      b.description, b.category, b.spots, b.spots_taken, b.starts_at, b.duration_weeks, b.benefits, b.requirements,
      b.featured, b.active,
      ${userId ? sql`EXISTS (SELECT 1 FROM beta_applications a WHERE a.program_id = b.id AND a.user_id = ${userId})` : sql`false`} AS applied
    FROM beta_programs b JOIN tools t ON t.id = b.tool_id`;

/** Listed: active, tool published, and not past its duration. */
export const listed = (now: Date) =>
  sql`b.active AND t.status = 'active'
      AND b.starts_at + make_interval(weeks => b.duration_weeks) > ${now.toISOString()}::timestamptz`;

export async function lockBeta(tx: Db, id: string): Promise<Record<string, unknown>> {
  const [row] = await queryRows(tx, sql`SELECT * FROM beta_programs WHERE id = ${id}::uuid FOR UPDATE`, BetaProgramRow);
  if (!row) throw new AppError("not_found", BETA_MESSAGES.notFound);
  return row;
}
