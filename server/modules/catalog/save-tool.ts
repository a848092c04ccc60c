import { and, eq, ne } from "drizzle-orm";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { type Db, isUniqueViolation, transaction } from "../../platform/db/index.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { EDITORS_LABEL } from "../../platform/fact-publish.ts";
import { isUuid } from "../../platform/ids.ts";
import type { ToolServices, ToolStatus } from "./admin-tool-shapes.ts";
import { resolveCategoryKeys } from "./categories.ts";
import { FACT_COLUMNS, type Provenance } from "./fact-fields.ts";
import { applyToolFacts, recordNewTools } from "./facts.ts";
import { editableOf, type ToolRow } from "./get-editable-tool.ts";
import { NEW_TOOL } from "./new-tool.ts";
import { slugify } from "./normalize.ts";
import { providers, tools } from "./tables.ts";
import { refreshTagCatalogue } from "./tags.ts";
import { type SaveToolInput, type ToolValues, validateTool } from "./validate-tool.ts";

/**
 * Operators' tool management: create / edit / archive / feature with every field of a tool. Text,
 * URLs and lists go through the importer's own row validation, so a tool saved here is one the
 * importer would have accepted, and a CSV export of it imports again. Every change writes its audit
 * row in the same transaction.
 */

/** The fields whose change is a change of the tool's facts (sets tools.facts_changed_at). */
const FACT_FIELDS = new Set<keyof ToolValues>([
  "name",
  "description",
  "fullDescription",
  "categoryId",
  "providerId",
  "websiteUrl",
  "pricingModel",
  "pricing",
  "features",
  "useCases",
  "pros",
  "cons",
]);

/** Audit and API field names for the stored columns. */
const FIELD_NAMES: Partial<Record<keyof ToolValues, string>> = {
  slug: "slug",
  name: "name",
  description: "one_line_description",
  fullDescription: "full_description",
  categoryId: "category_id",
  providerId: "provider_id",
  websiteUrl: "website_url",
  sourceUrl: "source_url",
  affiliateUrl: "affiliate_url",
  demoUrl: "demo_url",
  logoUrl: "logo_url",
  previewImageUrl: "preview_image_url",
  pricingModel: "pricing_model",
  pricing: "pricing",
  tags: "tags",
  features: "features",
  useCases: "use_cases",
  pros: "pros",
  cons: "cons",
  alternatives: "alternatives",
  screenshots: "screenshots",
  isFeatured: "is_featured",
  isVerified: "is_verified",
  needsReview: "needs_review",
  status: "status",
  tier: "tier",
  metaTitle: "meta_title",
  metaDescription: "meta_description",
  metaKeywords: "meta_keywords",
};

const FACT_COLUMN_SET = new Set<string>(Object.values(FACT_COLUMNS));

/** An admin's edit: kind `editor`, confirmed by that admin at that moment. */
function editorProvenance(at: Date): Provenance {
  return { kind: "editor", source: EDITORS_LABEL, observedAt: at, verifiedAt: at };
}

export type SavedTool = {
  id: string;
  slug: string;
  name: string;
  status: ToolStatus;
  changed: string[];
  warnings: string[];
};

/** The action an audit row names: the narrowest that describes the change. */
function actionFor(changed: string[], before: Record<string, unknown>, after: Record<string, unknown>): string {
  if (changed.length === 1 && changed[0] === "is_featured") return "tool.feature";
  if (changed.length === 1 && changed[0] === "status") {
    if (after.status === "archived") return "tool.archive";
    if (before.status === "archived") return "tool.restore";
  }
  return "tool.update";
}

/**
 * Creates (id null) or edits a tool. An edit merges the given fields into the stored ones and
 * validates the whole tool; a field set to what it already is changes nothing and records nothing.
 */
/**
 * Creates (id null) or edits a tool. An edit merges the given fields into the stored ones and
 * validates the whole tool; a field set to what it already is changes nothing and records nothing.
 * `provenance`: where the changed facts come from; default: kind `editor`, verified now by the actor.
 */
export async function saveTool(
  services: ToolServices,
  actor: AuditActor,
  input: SaveToolInput,
  options: { provenance?: Provenance } = {},
): Promise<SavedTool> {
  const { id, ...patch } = input;
  const now = services.clock.now();
  try {
    return await transaction(services.db, async (tx) => {
      let current: ToolRow | undefined;
      let currentProvider: string | null = null;
      if (id !== null) {
        if (!isUuid(id)) throw notFound("Tool not found");
        const [row] = await tx
          .select({ tool: tools, provider: providers.name })
          .from(tools)
          .leftJoin(providers, eq(providers.id, tools.providerId))
          .where(eq(tools.id, id))
          .for("update", { of: tools });
        if (!row) throw notFound("Tool not found");
        current = row.tool;
        currentProvider = row.provider;
      }
      const base = current ? editableOf(current, currentProvider) : NEW_TOOL;
      const v = validateTool(patch, base);

      const { ids } = await resolveCategoryKeys(tx, [v.category]);
      const categoryId = ids[0];
      if (categoryId === undefined) throw new AppError("bad_request", `Unknown category '${v.category.slice(0, 80)}'`);
      const providerId = v.provider ? await providerIdFor(tx, v.provider) : null;

      const others = current ? ne(tools.id, current.id) : undefined;
      const [dup] = await tx
        .select({ slug: tools.slug, name: tools.name })
        .from(tools)
        .where(and(eq(tools.nameKey, v.values.nameKey), eq(tools.domainKey, v.values.domainKey), others));
      if (dup) {
        throw new AppError(
          "conflict",
          `'${dup.name}' is already listed with the same name and domain (/tools/${dup.slug})`,
          { existing: dup.slug },
        );
      }
      let slug = v.values.slug;
      const slugTaken = async (s: string) =>
        (
          await tx
            .select({ id: tools.id })
            .from(tools)
            .where(and(eq(tools.slug, s), others))
        ).length > 0;
      if (await slugTaken(slug)) {
        if (v.slugGiven && slug !== current?.slug)
          throw new AppError("conflict", `The slug '${slug}' is taken by another tool`);
        const stem = slug.slice(0, 74);
        for (let n = 2; await slugTaken(slug); n++) slug = `${stem}-${n}`;
      }

      const next: ToolValues = { ...v.values, slug, categoryId, providerId };
      if (!current) {
        const [row] = await tx
          .insert(tools)
          .values({ ...next, publishedAt: next.status === "active" ? now : null, createdAt: now, updatedAt: now })
          .returning({ id: tools.id });
        if (!row) throw new Error("tool insert returned nothing");
        await recordNewTools(tx, [{ toolId: row.id, provenance: options.provenance ?? editorProvenance(now) }], {
          at: now,
          actorUserId: actor.id,
        });
        await recordAudit(tx, {
          actor,
          action: "tool.create",
          targetType: "tool",
          targetId: row.id,
          after: snapshot(next),
          requestId: actor.requestId,
          at: now,
        });
        if (next.status === "active") await refreshTagCatalogue(tx);
        return {
          id: row.id,
          slug,
          name: next.name,
          status: next.status ?? "active",
          changed: Object.keys(snapshot(next)),
          warnings: v.warnings,
        };
      }

      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      const update: Partial<ToolValues> = {};
      for (const key of Object.keys(FIELD_NAMES) as (keyof ToolValues)[]) {
        const was = current[key as keyof ToolRow];
        const is = next[key];
        if (stableJson(was ?? null) === stableJson(is ?? null)) continue;
        const name = FIELD_NAMES[key] as string;
        before[name] = was ?? null;
        after[name] = is ?? null;
        (update as Record<string, unknown>)[key] = is;
      }
      const changed = Object.keys(after);
      if (!changed.length) {
        return {
          id: current.id,
          slug: current.slug,
          name: current.name,
          status: current.status,
          changed,
          warnings: v.warnings,
        };
      }
      // A change of what the tool is or costs is a change of its facts: cards and the tool page
      // show 'Updated …' from it (issue 13). Badges, SEO fields and moderation flags are not facts.
      if (changed.length && (Object.keys(update) as (keyof ToolValues)[]).some((k) => FACT_FIELDS.has(k))) {
        update.factsChangedAt = now;
      }
      // The de-duplication key follows the name and URL.
      update.nameKey = next.nameKey;
      update.domainKey = next.domainKey;
      update.updatedAt = now;
      if (next.status === "active" && !current.publishedAt) update.publishedAt = now;
      // Facts go through the one path that records their provenance and history (issue 20).
      const factSet: Record<string, unknown> = {};
      const also: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(update)) (FACT_COLUMN_SET.has(key) ? factSet : also)[key] = value;
      await applyToolFacts(tx, {
        toolId: current.id,
        set: factSet,
        also,
        provenance: options.provenance ?? editorProvenance(now),
        actorUserId: actor.id,
        at: now,
      });
      await recordAudit(tx, {
        actor,
        action: actionFor(changed, before, after),
        targetType: "tool",
        targetId: current.id,
        before,
        after,
        requestId: actor.requestId,
        at: now,
      });
      if ("tags" in after || "status" in after) await refreshTagCatalogue(tx);
      return {
        id: current.id,
        slug,
        name: next.name,
        status: next.status ?? current.status,
        changed,
        warnings: v.warnings,
      };
    });
  } catch (err) {
    // Two saves racing for one name + domain or slug: the unique index decides, the loser hears why.
    if (isUniqueViolation(err))
      throw new AppError("conflict", "Another tool with the same name and domain or slug was saved at the same time");
    throw err;
  }
}

/** JSON with object keys sorted: jsonb hands back its keys in its own order. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === "object" && !Array.isArray(v) && !(v instanceof Date)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

function snapshot(v: ToolValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, name] of Object.entries(FIELD_NAMES)) {
    const value = v[key as keyof ToolValues];
    if (value !== null && value !== undefined && !(Array.isArray(value) && !value.length)) out[name] = value;
  }
  return out;
}

async function providerIdFor(tx: Db, name: string): Promise<number> {
  const slug = slugify(name);
  await tx.insert(providers).values({ slug, name }).onConflictDoNothing();
  const [row] = await tx.select({ id: providers.id }).from(providers).where(eq(providers.slug, slug));
  if (!row) throw new Error(`provider '${slug}' not found after insert`);
  return row.id;
}
