import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, isUniqueViolation, queryRows } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID } from "../../platform/ids.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import type { Viewer } from "../accounts/index.ts";
import { domainKey, nameKey, PRICING_MODELS, resolveCategoryKeys } from "../catalog/index.ts";
import { categories, tools } from "../catalog/tables.ts";
import { SUBMISSION_MESSAGES, type SubmissionInput } from "./forms.ts";
import { toolSubmissions } from "./tables.ts";

/** A member may send this many submissions per UTC day window, and have this many waiting at once. */
export const SUBMISSION_RULES = { perDay: 5, maxOpen: 10 } as const;
export const OPEN_STATUSES = ["pending", "needs_revision"] as const;
export const SUBMISSION_STATUSES = ["pending", "approved", "rejected", "needs_revision"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** What the maker sees of their own submission (no admin notes). */
export type MySubmission = {
  id: string;
  name: string;
  description: string;
  url: string;
  category: string;
  category_id: number;
  provider_name: string | null;
  pricing_model: string;
  tags: string[];
  logo_url: string | null;
  maker_relation: string | null;
  status: SubmissionStatus;
  reason: string | null;
  decided_at: string | null;
  submitted_at: string;
  updated_at: string;
  revisions: number;
  tool_slug: string | null;
};

/** "Already listed": the catalogue has this tool (same normalised name and registrable domain). */
export type ListedTool = { slug: string; name: string; status: string };

export function dedupKeyOf(name: string, url: string): string {
  return `${nameKey(name)}|${domainKey(url)}`;
}

/** Resolves the form's category (id, slug, name or alias) and pricing label; 400 with the field's message. */
async function resolveFields(db: Db, input: SubmissionInput): Promise<{ categoryId: number; pricing: string }> {
  const { ids } = await resolveCategoryKeys(db, [input.category]);
  const categoryId = ids[0];
  if (categoryId === undefined) {
    throw new AppError("bad_request", SUBMISSION_MESSAGES.categoryUnknown, { field: "category" });
  }
  const pricing = input.pricing_model ?? "unknown";
  if (!(PRICING_MODELS as readonly string[]).includes(pricing)) {
    throw new AppError("bad_request", SUBMISSION_MESSAGES.pricingUnknown, { field: "pricing_model" });
  }
  if (!domainKey(input.url)) throw new AppError("bad_request", SUBMISSION_MESSAGES.urlRequired, { field: "url" });
  return { categoryId, pricing };
}

/** The catalogue's tool with this de-duplication key, if any. */
export async function findListedTool(db: Db, key: string): Promise<ListedTool | null> {
  const [nk = "", dk = ""] = key.split("|");
  const [row] = await db
    .select({ slug: tools.slug, name: tools.name, status: tools.status })
    .from(tools)
    .where(and(eq(tools.nameKey, nk), eq(tools.domainKey, dk)))
    .limit(1);
  return row ?? null;
}

async function isOwnTool(db: Db, submissionId: string, key: string): Promise<boolean> {
  const [nk = "", dk = ""] = key.split("|");
  const [row] = await db
    .select({ id: tools.id })
    .from(toolSubmissions)
    .innerJoin(tools, eq(tools.id, toolSubmissions.toolId))
    .where(and(eq(toolSubmissions.id, submissionId), eq(tools.nameKey, nk), eq(tools.domainKey, dk)))
    .limit(1);
  return Boolean(row);
}

function alreadyListed(tool: ListedTool): AppError {
  return new AppError(
    "conflict",
    tool.status === "active"
      ? `${tool.name} is already listed in the directory.`
      : `${tool.name} is already in our catalogue (not published at the moment).`,
    { listed: tool },
  );
}

async function refuseDuplicates(db: Db, key: string, exceptId?: string): Promise<void> {
  const listed = await findListedTool(db, key);
  // A resubmission's own tool (approved, then reopened and sent back for revision) is not a duplicate.
  if (listed && !(exceptId && (await isOwnTool(db, exceptId, key)))) throw alreadyListed(listed);
  const open = await db
    .select({ id: toolSubmissions.id })
    .from(toolSubmissions)
    .where(
      and(
        eq(toolSubmissions.dedupKey, key),
        inArray(toolSubmissions.status, [...OPEN_STATUSES]),
        exceptId ? ne(toolSubmissions.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (open.length) throw new AppError("conflict", SUBMISSION_MESSAGES.pendingDuplicate);
}

function rowValues(input: SubmissionInput, fields: { categoryId: number; pricing: string }, key: string) {
  return {
    name: input.name,
    description: input.description,
    url: input.url,
    categoryId: fields.categoryId,
    providerName: input.provider_name,
    pricingModel: fields.pricing as (typeof PRICING_MODELS)[number],
    tags: input.tags,
    logoUrl: input.logo_url,
    makerRelation: input.maker_relation,
    dedupKey: key,
  };
}

/**
 * A member's new submission, pending review. Refused when the catalogue lists the tool (409 with
 * the tool), when it is already waiting in the queue (409), past the daily limit (429) or the cap
 * on open submissions (400).
 */
const CountRow = z.object({ n: z.number() });

export async function createSubmission(
  db: Db,
  viewer: Viewer,
  input: SubmissionInput,
  now: Date,
): Promise<MySubmission> {
  const fields = await resolveFields(db, input);
  const key = dedupKeyOf(input.name, input.url);
  await refuseDuplicates(db, key);
  const [open] = await queryRows(
    db,
    sql`SELECT count(*)::int AS n FROM tool_submissions
        WHERE user_id = ${viewer.user.id} AND status IN ('pending', 'needs_revision')`,
    CountRow,
  );
  if ((open?.n ?? 0) >= SUBMISSION_RULES.maxOpen) {
    throw new AppError("bad_request", SUBMISSION_MESSAGES.openCap(open?.n ?? 0));
  }
  // Counted only for submissions that would be stored, so a typo does not use up the day.
  const rate = await consumeRateLimit(
    db,
    `submission:user:${viewer.user.id}`,
    { max: SUBMISSION_RULES.perDay, windowSec: 86_400 },
    now,
  );
  if (!rate.allowed) {
    throw new AppError("rate_limited", SUBMISSION_MESSAGES.perDay(SUBMISSION_RULES.perDay), {
      retryAfterSec: rate.retryAfterSec,
    });
  }
  let id: string | undefined;
  try {
    const [row] = await db
      .insert(toolSubmissions)
      .values({ ...rowValues(input, fields, key), userId: viewer.user.id, submittedAt: now, updatedAt: now })
      .returning({ id: toolSubmissions.id });
    id = row?.id;
  } catch (err) {
    // Two makers sending the same tool at once: the partial unique index keeps one.
    if (isUniqueViolation(err)) throw new AppError("conflict", SUBMISSION_MESSAGES.pendingDuplicate);
    throw err;
  }
  const mine = id ? await getMySubmission(db, viewer.user.id, id) : null;
  if (!mine) throw new Error("submission insert returned nothing");
  return mine;
}

/** The maker edits a submission sent back for revision; it returns to the queue as pending. */
export async function resubmitSubmission(
  db: Db,
  viewer: Viewer,
  id: string,
  input: SubmissionInput,
  now: Date,
): Promise<MySubmission> {
  const current = await getMySubmission(db, viewer.user.id, id);
  if (!current) throw new AppError("not_found", "Submission not found");
  if (current.status !== "needs_revision") {
    throw new AppError("conflict", "Only a submission that needs revision can be edited and sent again.");
  }
  const fields = await resolveFields(db, input);
  const key = dedupKeyOf(input.name, input.url);
  await refuseDuplicates(db, key, id);
  try {
    const updated = await db
      .update(toolSubmissions)
      .set({
        ...rowValues(input, fields, key),
        status: "pending",
        revisions: sql`${toolSubmissions.revisions} + 1`,
        updatedAt: now,
      })
      .where(
        and(
          eq(toolSubmissions.id, id),
          eq(toolSubmissions.userId, viewer.user.id),
          eq(toolSubmissions.status, "needs_revision"),
        ),
      )
      .returning({ id: toolSubmissions.id });
    if (!updated.length) {
      throw new AppError("conflict", "Only a submission that needs revision can be edited and sent again.");
    }
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("conflict", SUBMISSION_MESSAGES.pendingDuplicate);
    throw err;
  }
  const mine = await getMySubmission(db, viewer.user.id, id);
  if (!mine) throw new AppError("not_found", "Submission not found");
  return mine;
}

export function isSubmissionId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

const MyRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  category: z.string(),
  category_id: z.number(),
  provider_name: z.string().nullable(),
  pricing_model: z.string(),
  tags: z.array(z.string()),
  logo_url: z.string().nullable(),
  maker_relation: z.string().nullable(),
  status: z.enum(SUBMISSION_STATUSES),
  decision_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  submitted_at: z.string(),
  updated_at: z.string(),
  revisions: z.number(),
  /** only while its tool is live (LEFT JOIN) */
  tool_slug: z.string().nullable(),
});
type MyRow = z.infer<typeof MyRow>;

const iso = (v: string) => new Date(v).toISOString();

function toMine(r: MyRow): MySubmission {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    url: r.url,
    category: r.category,
    category_id: r.category_id,
    provider_name: r.provider_name,
    pricing_model: r.pricing_model,
    tags: r.tags ?? [],
    logo_url: r.logo_url,
    maker_relation: r.maker_relation,
    status: r.status,
    reason: r.decision_reason,
    decided_at: r.decided_at ? iso(r.decided_at) : null,
    submitted_at: iso(r.submitted_at),
    updated_at: iso(r.updated_at),
    revisions: r.revisions,
    tool_slug: r.tool_slug,
  };
}

function mineQuery(userId: string, id?: string) {
  return sql`SELECT s.id, s.name, s.description, s.url, c.name AS category, s.category_id, s.provider_name,
        s.pricing_model::text AS pricing_model, s.tags, s.logo_url, s.maker_relation::text AS maker_relation,
        s.status::text AS status, s.decision_reason, s.decided_at, s.submitted_at, s.updated_at, s.revisions,
        t.slug AS tool_slug
      FROM tool_submissions s
      JOIN categories c ON c.id = s.category_id
      LEFT JOIN tools t ON t.id = s.tool_id AND t.status = 'active'
      WHERE s.user_id = ${userId} ${id ? sql`AND s.id = ${id}` : sql``}
      ORDER BY s.submitted_at DESC, s.id
      LIMIT 200`;
}

/** The member's own submissions, newest first. */
export async function listMySubmissions(db: Db, userId: string): Promise<MySubmission[]> {
  return (await queryRows(db, mineQuery(userId), MyRow)).map(toMine);
}

/** One of the member's own submissions (null for anyone else's: no enumeration). */
export async function getMySubmission(db: Db, userId: string, id: string): Promise<MySubmission | null> {
  if (!isSubmissionId(id)) return null;
  const [row] = await queryRows(db, mineQuery(userId, id), MyRow);
  return row ? toMine(row) : null;
}

/** Category choices for the form, in the catalogue's order. */
export async function submissionCategories(db: Db): Promise<{ id: number; name: string }[]> {
  return (
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      // A retired category is not offered (its names still resolve to its replacement, issue 31).
      .where(isNull(categories.retiredAt))
      .orderBy(categories.sortOrder, categories.name)
  );
}
