import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "../../platform/audit.ts";
import { recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { uuidSchema } from "../../platform/ids.ts";
import type { Jobs } from "../../platform/jobs/index.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import { pickTool, ToolPickText } from "../catalog/index.ts";
import { BETA_CATEGORIES, type BetaCategoryKey, type BetaStatus } from "./labels.ts";

/**
 * Beta programmes (spec §2 "Beta programs", §3, §4). Status is computed, never stored:
 * Full when every spot is taken, Starting Soon before the start date, otherwise Open.
 *
 * Early access (the Expert-only `early_access` feature): an Expert may apply while a programme is
 * Starting Soon; everyone else may apply from its start date. A programme is listed until its
 * duration has run out (start + duration weeks) or an admin deactivates it.
 */

const CATEGORY_KEYS = BETA_CATEGORIES.filter((c) => c.key !== "all").map((c) => c.key) as [
  BetaCategoryKey,
  ...BetaCategoryKey[],
];
export const BetaQuery = z.object({ category: z.enum(["all", ...CATEGORY_KEYS]).catch("all") });

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
const Row = z.object({
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

const SpotsRow = z.object({ spots: z.number(), spots_taken: z.number() });
const IdRow = z.object({ id: z.string() });
const MyApplicationRow = z.object({
  id: z.string(),
  program_id: z.string(),
  name: z.string(),
  slug: z.string(),
  provider: z.string(),
  starts_at: z.string(),
  duration_weeks: z.number(),
  created_at: z.string(),
});
const ApplicationMailRow = z.object({
  email: z.string(),
  user_name: z.string(),
  tool: z.string(),
  provider: z.string(),
  starts_at: z.string(),
  duration_weeks: z.number(),
});
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

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

function toCard(r: Row, now: Date): BetaCard {
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

const SELECT = (userId: string | null) => sql`SELECT b.id, b.tool_id, t.slug, t.name, t.logo_url, b.provider,
      b.description, b.category, b.spots, b.spots_taken, b.starts_at, b.duration_weeks, b.benefits, b.requirements,
      b.featured, b.active,
      ${userId ? sql`EXISTS (SELECT 1 FROM beta_applications a WHERE a.program_id = b.id AND a.user_id = ${userId})` : sql`false`} AS applied
    FROM beta_programs b JOIN tools t ON t.id = b.tool_id`;

/** Listed: active, tool published, and not past its duration. */
const listed = (now: Date) =>
  sql`b.active AND t.status = 'active'
      AND b.starts_at + make_interval(weeks => b.duration_weeks) > ${now.toISOString()}::timestamptz`;

export async function listBetaPrograms(
  db: Db,
  options: { now: Date; category?: BetaCategoryKey | "all"; userId?: string | null },
): Promise<BetaCard[]> {
  const cat = options.category && options.category !== "all" ? sql`AND b.category = ${options.category}` : sql``;
  const rows = await queryRows(
    db,
    sql`${SELECT(options.userId ?? null)} WHERE ${listed(options.now)} ${cat}
        ORDER BY b.featured DESC, b.starts_at ASC, b.id LIMIT 200`,
    Row,
  );
  return rows.map((r) => toCard(r, options.now));
}

/* ------------------------------------------- applying ------------------------------------------- */

export const BetaApplyForm = z.object({
  programId: uuidSchema(BETA_MESSAGES.notFound),
  motivation: z.string().trim().min(10, BETA_MESSAGES.motivation).max(500, BETA_MESSAGES.motivation),
});

export const BETA_ACK_JOB = "beta.application-mail";
/** A member may send this many applications per hour (across programmes). */
const APPLY_RATE = { max: 10, windowSec: 3_600 };

export type BetaApplicant = { userId: string; canApplyEarly: boolean };

/**
 * Takes one spot atomically and records the application, in one transaction: the conditional
 * UPDATE (spots_taken < spots) holds the programme's row lock until commit, so concurrent applicants
 * queue on it and re-check the condition; never more applications than spots. A second application
 * by the same member hits the unique index and rolls the spot back. The acknowledgement e-mail is a
 * job enqueued in the same transaction (it exists iff the application does).
 */
export async function applyToBeta(
  db: Db,
  jobs: Jobs,
  applicant: BetaApplicant,
  input: z.output<typeof BetaApplyForm>,
  now: Date,
): Promise<{ applicationId: string; spotsLeft: number }> {
  const [program] = await queryRows(
    db,
    sql`${SELECT(applicant.userId)} WHERE b.id = ${input.programId}::uuid AND ${listed(now)}`,
    Row,
  );
  if (!program) throw new AppError("not_found", BETA_MESSAGES.notFound);
  const card = toCard(program, now);
  if (card.applied) throw new AppError("conflict", BETA_MESSAGES.already);
  if (card.status === "full") throw new AppError("conflict", BETA_MESSAGES.full);
  if (card.status === "starting_soon" && !applicant.canApplyEarly) {
    throw new AppError("forbidden", BETA_MESSAGES.notYet(card.startsAt.slice(0, 10)));
  }
  const rate = await consumeRateLimit(db, `beta-apply:user:${applicant.userId}`, APPLY_RATE, now);
  if (!rate.allowed) throw new AppError("rate_limited", BETA_MESSAGES.tooMany, { retryAfterSec: rate.retryAfterSec });

  return db.transaction(async (tx) => {
    const [taken] = await queryRows(
      tx,
      sql`UPDATE beta_programs SET spots_taken = spots_taken + 1, updated_at = ${now.toISOString()}::timestamptz
          WHERE id = ${input.programId}::uuid AND active AND spots_taken < spots
          RETURNING spots, spots_taken`,
      SpotsRow,
    );
    if (!taken) throw new AppError("conflict", BETA_MESSAGES.full);
    const [application] = await queryRows(
      tx,
      sql`INSERT INTO beta_applications (program_id, user_id, motivation, created_at)
          VALUES (${input.programId}::uuid, ${applicant.userId}, ${input.motivation}, ${now.toISOString()}::timestamptz)
          ON CONFLICT (program_id, user_id) DO NOTHING RETURNING id`,
      IdRow,
    );
    // Throwing rolls the spot back too.
    if (!application) throw new AppError("conflict", BETA_MESSAGES.already);
    await jobs.enqueue(
      { type: BETA_ACK_JOB, payload: { applicationId: application.id }, key: `beta-ack:${application.id}` },
      tx,
    );
    return { applicationId: application.id, spotsLeft: Number(taken.spots) - Number(taken.spots_taken) };
  });
}

export type MyBetaApplication = {
  id: string;
  programId: string;
  toolName: string;
  toolSlug: string;
  provider: string;
  startsAt: string;
  durationWeeks: number;
  appliedAt: string;
};

/** The member's applications for the dashboard, newest first. */
export async function listMyBetaApplications(db: Db, userId: string): Promise<MyBetaApplication[]> {
  const rows = await queryRows(
    db,
    sql`SELECT a.id, a.program_id, t.name, t.slug, b.provider, b.starts_at, b.duration_weeks, a.created_at
        FROM beta_applications a JOIN beta_programs b ON b.id = a.program_id JOIN tools t ON t.id = b.tool_id
        WHERE a.user_id = ${userId} ORDER BY a.created_at DESC LIMIT 100`,
    MyApplicationRow,
  );
  return rows.map((r) => ({
    id: r.id,
    programId: r.program_id,
    toolName: r.name,
    toolSlug: r.slug,
    provider: r.provider,
    startsAt: iso(r.starts_at),
    durationWeeks: Number(r.duration_weeks),
    appliedAt: iso(r.created_at),
  }));
}

/** The acknowledgement e-mail's content (the job in jobs.ts sends it). */
export async function applicationMail(
  db: Db,
  applicationId: string,
  origin: string,
  now: Date,
): Promise<{ to: string; subject: string; text: string } | null> {
  const [row] = await queryRows(
    db,
    sql`SELECT u.email, u.name AS user_name, t.name AS tool, b.provider, b.starts_at, b.duration_weeks
        FROM beta_applications a JOIN users u ON u.id = a.user_id JOIN beta_programs b ON b.id = a.program_id
        JOIN tools t ON t.id = b.tool_id WHERE a.id = ${applicationId}::uuid`,
    ApplicationMailRow,
  );
  if (!row) return null;
  const start = iso(row.starts_at).slice(0, 10);
  return {
    to: row.email,
    subject: `Your application to the ${row.tool} beta is in`,
    text: [
      `Hello ${row.user_name},`,
      "",
      `Thank you for applying to the ${row.tool} beta program by ${row.provider}. Your spot is reserved.`,
      `${new Date(row.starts_at) <= now ? `The program started on ${start}` : `The program starts on ${start}`} and runs for ${row.duration_weeks} ${row.duration_weeks === 1 ? "week" : "weeks"}. The provider will contact you with access details.`,
      "",
      `Your applications: ${origin}/dashboard#beta`,
      "",
      "— The Toolscape team",
    ].join("\n"),
  };
}

/* --------------------------------------------- admin --------------------------------------------- */

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
async function toolOf(db: Db, key: string): Promise<{ id: string; provider: string }> {
  const tool = await pickTool(db, key);
  return { id: tool.id, provider: tool.provider ?? tool.name };
}

function betaValues(d: BetaFormData, tool: { id: string; provider: string }) {
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

const textArray = (items: string[]) =>
  items.length
    ? sql`ARRAY[${sql.join(
        items.map((i) => sql`${i}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

export async function createBeta(db: Db, actor: Actor, input: BetaFormData, now: Date): Promise<string> {
  const v = betaValues(input, await toolOf(db, input.tool));
  return db.transaction(async (tx) => {
    const [row] = await queryRows(
      tx,
      sql`INSERT INTO beta_programs (tool_id, provider, description, category, spots, starts_at, duration_weeks,
            benefits, requirements, featured, created_at, updated_at)
          VALUES (${v.tool_id}::uuid, ${v.provider}, ${v.description}, ${v.category}, ${v.spots},
            ${v.starts_at}::timestamptz, ${v.duration_weeks}, ${textArray(v.benefits)}, ${textArray(v.requirements)},
            ${v.featured}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          RETURNING id`,
      IdRow,
    );
    if (!row) throw new Error("beta program was not stored");
    await recordAudit(tx, {
      actor,
      action: "beta.create",
      targetType: "beta_program",
      targetId: row.id,
      after: v,
      requestId: actor.requestId,
      at: now,
    });
    return row.id;
  });
}

async function lockBeta(tx: Db, id: string): Promise<Record<string, unknown>> {
  const [row] = await queryRows(tx, sql`SELECT * FROM beta_programs WHERE id = ${id}::uuid FOR UPDATE`, BetaProgramRow);
  if (!row) throw new AppError("not_found", BETA_MESSAGES.notFound);
  return row;
}

export async function updateBeta(db: Db, actor: Actor, id: string, input: BetaFormData, now: Date): Promise<void> {
  const v = betaValues(input, await toolOf(db, input.tool));
  await db.transaction(async (tx) => {
    const before = await lockBeta(tx, id);
    const taken = Number(before.spots_taken);
    if (v.spots < taken) throw new AppError("bad_request", BETA_MESSAGES.spotsBelowTaken(taken));
    await tx.execute(
      sql`UPDATE beta_programs SET tool_id = ${v.tool_id}::uuid, provider = ${v.provider}, description = ${v.description},
            category = ${v.category}, spots = ${v.spots}, starts_at = ${v.starts_at}::timestamptz,
            duration_weeks = ${v.duration_weeks}, benefits = ${textArray(v.benefits)},
            requirements = ${textArray(v.requirements)}, featured = ${v.featured},
            updated_at = ${now.toISOString()}::timestamptz
          WHERE id = ${id}::uuid`,
    );
    await recordAudit(tx, {
      actor,
      action: "beta.update",
      targetType: "beta_program",
      targetId: id,
      before,
      after: v,
      requestId: actor.requestId,
      at: now,
    });
  });
}

/** Deactivates (hides, closes applications) or reactivates a programme. */
export async function setBetaActive(db: Db, actor: Actor, id: string, active: boolean, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockBeta(tx, id);
    if (before.active === active) return;
    await tx.execute(
      sql`UPDATE beta_programs SET active = ${active}, updated_at = ${now.toISOString()}::timestamptz WHERE id = ${id}::uuid`,
    );
    await recordAudit(tx, {
      actor,
      action: active ? "beta.activate" : "beta.deactivate",
      targetType: "beta_program",
      targetId: id,
      before: { active: before.active },
      after: { active },
      requestId: actor.requestId,
      at: now,
    });
  });
}

export async function deleteBeta(db: Db, actor: Actor, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockBeta(tx, id);
    await tx.execute(sql`DELETE FROM beta_programs WHERE id = ${id}::uuid`);
    await recordAudit(tx, {
      actor,
      action: "beta.delete",
      targetType: "beta_program",
      targetId: id,
      before,
      requestId: actor.requestId,
      at: now,
    });
  });
}

/** Every programme for the admin page (including inactive and past ones), newest first. */
export async function listBetaForAdmin(db: Db, now: Date): Promise<BetaCard[]> {
  const rows = await queryRows(db, sql`${SELECT(null)} ORDER BY b.created_at DESC, b.id LIMIT 500`, Row);
  return rows.map((r) => toCard(r, now));
}
