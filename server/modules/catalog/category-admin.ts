import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, transaction } from "../../platform/db/index.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { EDITORS_LABEL } from "../../platform/fact-publish.ts";
import { textBlock, textLine } from "../../platform/text.ts";
import { toolSubmissions } from "../submissions/tables.ts";
import { aliasKey } from "./category-definitions.ts";
import { CATEGORY_LIMITS } from "./category-limits.ts";
import { applyToolFacts } from "./facts.ts";
import { HTML_TAG } from "./normalize.ts";
import { categories, categoryAliases, tools } from "./tables.ts";

/**
 * Categories as managed data (issue 21, ADR 0043): operators create, rename, merge and retire them
 * at /admin/categories; imports and submissions never create one. Every change writes its audit row in
 * the same transaction; a tool's category change goes through facts.ts (provenance and history).
 * A rename keeps the old slug as a redirecting alias; a merge moves the tools and every key of the
 * merged category to the target; a retire moves the tools to a category the admin chooses and keeps
 * the row (its name stays taken, its address answers 301 to that category).
 */

const AdminCategoryRow = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  icon: z.string(),
  description: z.string(),
  featured: z.boolean(),
  retired_at: z.string().nullable(),
  replaced_slug: z.string().nullable(),
  replaced_name: z.string().nullable(),
  tool_count: z.number(),
  active_count: z.number(),
  aliases: z.array(z.object({ alias: z.string(), redirects: z.boolean() })).nullable(),
});
const CategoryOwnerRow = z.object({ id: z.number(), name: z.string() });

export type AdminCategory = {
  id: number;
  slug: string;
  name: string;
  icon: string;
  description: string;
  featured: boolean;
  retiredAt: string | null;
  replacedBy: { slug: string; name: string } | null;
  /** tools of every status */
  toolCount: number;
  activeCount: number;
  /** other keys that resolve to it (former slugs and merged names marked) */
  aliases: { alias: string; redirects: boolean }[];
};

/** Every category (retired ones last), with tool counts and aliases, for the admin. */
export async function listCategoriesForAdmin(db: Db): Promise<AdminCategory[]> {
  const rows = await queryRows(
    db,
    sql`SELECT c.id, c.slug, c.name, c.icon, c.description, c.featured, c.retired_at,
          r.slug AS replaced_slug, r.name AS replaced_name,
          (SELECT count(*) FROM ${tools} t WHERE t.category_id = c.id)::int AS tool_count,
          (SELECT count(*) FROM ${tools} t WHERE t.category_id = c.id AND t.status = 'active')::int AS active_count,
          (SELECT json_agg(json_build_object('alias', a.alias, 'redirects', a.redirects) ORDER BY a.alias)
             FROM ${categoryAliases} a WHERE a.category_id = c.id AND a.alias <> c.slug) AS aliases
        FROM ${categories} c LEFT JOIN ${categories} r ON r.id = c.replaced_by_id
        ORDER BY c.retired_at IS NOT NULL, c.sort_order, c.name`,
    AdminCategoryRow,
  );
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    icon: r.icon,
    description: r.description,
    featured: r.featured,
    retiredAt: r.retired_at ? new Date(r.retired_at).toISOString() : null,
    replacedBy: r.replaced_slug && r.replaced_name ? { slug: r.replaced_slug, name: r.replaced_name } : null,
    toolCount: r.tool_count,
    activeCount: r.active_count,
    aliases: r.aliases ?? [],
  }));
}

const noHtml = (label: string) => (v: string) => !HTML_TAG.test(v) || `${label} cannot contain HTML`;
const CategoryName = textLine("Name")
  .pipe(
    z
      .string()
      .min(1, "Enter a name")
      .max(CATEGORY_LIMITS.name, `Name must be at most ${CATEGORY_LIMITS.name} characters`),
  )
  .refine((v) => noHtml("Name")(v) === true, { message: "Name cannot contain HTML" })
  .refine((v) => aliasKey(v) !== "", { message: "Name must contain at least one letter or digit" });
const CategorySlug = z
  .string()
  .trim()
  .max(CATEGORY_LIMITS.slug, `Slug must be at most ${CATEGORY_LIMITS.slug} characters`)
  .regex(/^[a-z0-9-]*$/, "Slug may hold only lower-case letters, digits and hyphens");
const CategoryDescription = textBlock("Description")
  .pipe(
    z
      .string()
      .max(CATEGORY_LIMITS.description, `Description must be at most ${CATEGORY_LIMITS.description} characters`),
  )
  .refine((v) => !HTML_TAG.test(v), { message: "Description cannot contain HTML" });
const CategoryIcon = textLine("Icon").pipe(
  z.string().max(CATEGORY_LIMITS.icon, `Icon must be at most ${CATEGORY_LIMITS.icon} characters`),
);

/** The create and rename forms' fields (shared by the page and the module). */
export const CategoryFields = z.object({
  name: CategoryName,
  slug: CategorySlug.optional(),
  description: CategoryDescription.optional(),
  icon: CategoryIcon.optional(),
});
export type CategoryFieldsInput = z.output<typeof CategoryFields>;

export type CategoryChangeContext = { actor: AuditActor; requestId?: string | null; now: Date };

/** Which category (if any) a key already belongs to: a new name or slug must not shadow another's. */
async function ownerOf(tx: Db, key: string): Promise<{ id: number; name: string } | null> {
  const [row] = await queryRows(
    tx,
    sql`SELECT c.id, c.name FROM ${categoryAliases} a JOIN ${categories} c ON c.id = a.category_id
        WHERE a.alias = ${key}
        UNION ALL SELECT c.id, c.name FROM ${categories} c WHERE c.slug = ${key} OR lower(c.name) = lower(${key})
        LIMIT 1`,
    CategoryOwnerRow,
  );
  return row ?? null;
}

async function refuseTaken(tx: Db, keys: string[], self: number | null, field: "name" | "slug"): Promise<void> {
  for (const key of keys) {
    const owner = await ownerOf(tx, key);
    if (owner && owner.id !== self) {
      throw new AppError("conflict", `'${key}' already leads to the category ${owner.name}`, { field });
    }
  }
}

async function lockCategory(tx: Db, id: number) {
  const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
  if (!row) throw notFound("Category not found");
  return row;
}

export async function createCategory(db: Db, ctx: CategoryChangeContext, input: CategoryFieldsInput) {
  const slug = aliasKey(input.slug || input.name);
  return transaction(db, async (tx) => {
    await refuseTaken(tx, [aliasKey(input.name)], null, "name");
    await refuseTaken(tx, [slug], null, "slug");
    const [row] = await tx
      .insert(categories)
      .values({
        slug,
        name: input.name,
        description: input.description ?? "",
        ...(input.icon ? { icon: input.icon } : {}),
      })
      .returning({ id: categories.id, slug: categories.slug, name: categories.name });
    if (!row) throw new Error("category insert returned nothing");
    await tx
      .insert(categoryAliases)
      .values([...new Set([aliasKey(input.name), slug])].map((alias) => ({ alias, categoryId: row.id })));
    await recordAudit(tx, {
      actor: ctx.actor,
      action: "category.create",
      targetType: "category",
      targetId: String(row.id),
      after: { name: row.name, slug: row.slug },
      requestId: ctx.requestId,
      at: ctx.now,
    });
    return row;
  });
}

/** Renames a category (name, slug, description, icon). A changed slug keeps the old one as a 301. */
export async function renameCategory(db: Db, ctx: CategoryChangeContext, id: number, input: CategoryFieldsInput) {
  return transaction(db, async (tx) => {
    const current = await lockCategory(tx, id);
    if (current.retiredAt) throw new AppError("conflict", "A retired category cannot be renamed");
    const slug = aliasKey(input.slug || current.slug);
    await refuseTaken(tx, [aliasKey(input.name)], id, "name");
    await refuseTaken(tx, [slug], id, "slug");
    const next = {
      name: input.name,
      slug,
      description: input.description ?? current.description,
      icon: input.icon || current.icon,
    };
    await tx
      .update(categories)
      .set({ ...next, updatedAt: ctx.now })
      .where(eq(categories.id, id));
    for (const alias of new Set([aliasKey(input.name), slug])) {
      await tx
        .insert(categoryAliases)
        .values({ alias, categoryId: id, redirects: false })
        .onConflictDoUpdate({ target: categoryAliases.alias, set: { categoryId: id, redirects: false } });
    }
    if (slug !== current.slug) {
      // The old address stays a key of this category and answers 301 to the new one.
      await tx
        .insert(categoryAliases)
        .values({ alias: current.slug, categoryId: id, redirects: true })
        .onConflictDoUpdate({ target: categoryAliases.alias, set: { categoryId: id, redirects: true } });
    }
    const before = { name: current.name, slug: current.slug, description: current.description, icon: current.icon };
    await recordAudit(tx, {
      actor: ctx.actor,
      action: "category.rename",
      targetType: "category",
      targetId: String(id),
      before,
      after: next,
      requestId: ctx.requestId,
      at: ctx.now,
    });
    return { id, ...next, previousSlug: current.slug };
  });
}

export type CategoryMoveResult = { source: string; target: string; targetSlug: string; toolsMoved: number };

/**
 * Moves every tool of `sourceId` to `targetId` (a fact change per tool: provenance "Toolscape editors",
 * a history row each), moves pending submissions, marks the source retired into the target and
 * repoints categories retired into the source. `merge` also hands every key of the source to the
 * target (its names resolve there from now on); a plain retire keeps them on the retired row.
 */
async function moveCategory(
  db: Db,
  ctx: CategoryChangeContext,
  sourceId: number,
  targetId: number,
  mode: "merge" | "retire",
): Promise<CategoryMoveResult> {
  if (sourceId === targetId) {
    throw new AppError("bad_request", "Choose another category to move the tools to", { field: "target" });
  }
  return transaction(db, async (tx) => {
    // Lock both rows in id order so two opposite merges cannot deadlock.
    const [first, second] = sourceId < targetId ? [sourceId, targetId] : [targetId, sourceId];
    const a = await lockCategory(tx, first);
    const b = await lockCategory(tx, second);
    const source = a.id === sourceId ? a : b;
    const target = a.id === targetId ? a : b;
    if (source.retiredAt) throw new AppError("conflict", `${source.name} is already retired`);
    if (target.retiredAt) {
      throw new AppError("bad_request", `${target.name} is retired: choose an active category`, { field: "target" });
    }
    const moving = await tx
      .select({ id: tools.id })
      .from(tools)
      .where(eq(tools.categoryId, sourceId))
      .orderBy(tools.id);
    const note =
      mode === "merge" ? `Category ${source.name} merged into ${target.name}` : `Category ${source.name} retired`;
    for (const t of moving) {
      await applyToolFacts(tx, {
        toolId: t.id,
        set: { categoryId: targetId },
        provenance: {
          kind: "editor",
          source: EDITORS_LABEL,
          observedAt: ctx.now,
          verifiedAt: ctx.now,
        },
        actorUserId: ctx.actor.id,
        note,
        at: ctx.now,
      });
    }
    await tx.update(toolSubmissions).set({ categoryId: targetId }).where(eq(toolSubmissions.categoryId, sourceId));
    if (mode === "merge") {
      await tx
        .update(categoryAliases)
        .set({ categoryId: targetId, redirects: true })
        .where(eq(categoryAliases.categoryId, sourceId));
    }
    await tx
      .update(categories)
      .set({ retiredAt: ctx.now, replacedById: targetId, featured: false, updatedAt: ctx.now })
      .where(eq(categories.id, sourceId));
    // Keep redirects one hop long: what pointed at the source now points at the target.
    await tx
      .update(categories)
      .set({ replacedById: targetId })
      .where(and(eq(categories.replacedById, sourceId)));
    await recordAudit(tx, {
      actor: ctx.actor,
      action: mode === "merge" ? "category.merge" : "category.retire",
      targetType: "category",
      targetId: String(sourceId),
      before: { name: source.name, slug: source.slug, tools: moving.length },
      after: { into: target.name, into_slug: target.slug, into_id: targetId, tools_moved: moving.length },
      requestId: ctx.requestId,
      at: ctx.now,
    });
    return { source: source.name, target: target.name, targetSlug: target.slug, toolsMoved: moving.length };
  });
}

export function mergeCategories(db: Db, ctx: CategoryChangeContext, sourceId: number, targetId: number) {
  return moveCategory(db, ctx, sourceId, targetId, "merge");
}

export function retireCategory(db: Db, ctx: CategoryChangeContext, sourceId: number, targetId: number) {
  return moveCategory(db, ctx, sourceId, targetId, "retire");
}

export const CategorySuggestion = z.object({ slug: z.string(), name: z.string() });
export type CategorySuggestion = z.infer<typeof CategorySuggestion>;

/**
 * The closest active categories to an unknown name, by trigram similarity of its key against every
 * category's names and aliases (pg_trgm, on both engines), best first.
 */
export async function suggestCategories(db: Db, name: string, limit = 3): Promise<CategorySuggestion[]> {
  const key = aliasKey(name).replace(/-/g, " ");
  if (!key) return [];
  return queryRows(
    db,
    sql`SELECT c.slug, c.name FROM (
          SELECT a.category_id AS id,
            greatest(similarity(replace(a.alias, '-', ' '), ${key}), word_similarity(${key}, replace(a.alias, '-', ' '))) AS score
          FROM ${categoryAliases} a
        ) s JOIN ${categories} c ON c.id = s.id AND c.retired_at IS NULL
        WHERE s.score > 0.2
        GROUP BY c.slug, c.name ORDER BY max(s.score) DESC, c.name LIMIT ${limit}`,
    CategorySuggestion,
  );
}
