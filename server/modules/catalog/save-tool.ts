import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { type Db, isUniqueViolation, transaction } from "../../platform/db/index.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { EDITORS_LABEL } from "../../platform/fact-publish.ts";
import { isUuid } from "../../platform/ids.ts";
import { controlCharacterIn, controlCharacterMessage } from "../../platform/text.ts";
import {
  type EditableTool,
  type ListField,
  TOOL_STATUSES,
  TOOL_TIERS,
  type ToolServices,
  type ToolStatus,
} from "./admin-tool-shapes.ts";
import { resolveCategoryKeys } from "./categories.ts";
import { FACT_COLUMNS, type Provenance } from "./fact-fields.ts";
import { applyToolFacts, recordNewTools } from "./facts.ts";
import { editableOf, type ToolRow } from "./get-editable-tool.ts";
import { unescapeExportedCell } from "./import-parse.ts";
import type { ImportWarning } from "./import-shapes.ts";
import { validateRow } from "./import-validate-row.ts";
import { NEW_TOOL } from "./new-tool.ts";
import { cleanText, neutraliseFormula, PRICING_MODELS, parseHttpUrl, slugify } from "./normalize.ts";
import { type PriceInfo, providers, tools } from "./tables.ts";
import { refreshTagCatalogue } from "./tags.ts";

/**
 * Operators' tool management: create / edit / archive / feature with every field of a tool. Text,
 * URLs and lists go through the importer's own row validation, so a tool saved here is one the
 * importer would have accepted, and a CSV export of it imports again. Every change writes its audit
 * row in the same transaction.
 */

const EDIT_LIMITS = { metaTitle: 200, metaDescription: 500, metaKeywords: 500, price: 100 } as const;

/** A list: an array of strings, or text with one item per line (or ';' / '|' separated, as in the CSV). */
const ListInput = z
  .union([
    z.array(z.string().max(20_000, "list items must be 20,000 characters or less")).max(500, "at most 500 items"),
    z.string().max(200_000, "lists must be 200,000 characters or less"),
  ])
  .transform((v) => (typeof v === "string" ? v : JSON.stringify(v)));
const TextInput = (max: number) => z.string().max(max, `must be ${max.toLocaleString("en")} characters or less`);
const Flag = z.union([
  z.boolean(),
  z
    .enum(["on", "true", "1", "yes", "off", "false", "0", "no", ""])
    .transform((v) => ["on", "true", "1", "yes"].includes(v)),
]);
const PriceField = z.string().max(1_000);

/**
 * Input of a create or an edit (JSON or a form): any subset of the editable fields. Gross sizes
 * are capped here; the importer's row rules then check and normalise the content.
 */
export const ToolPatch = z.object({
  name: TextInput(1_000).optional(),
  slug: TextInput(1_000).optional(),
  one_line_description: TextInput(20_000).optional(),
  description: TextInput(20_000).optional(),
  full_description: TextInput(100_000).optional(),
  category: TextInput(200).optional(),
  website_url: TextInput(4_096).optional(),
  url: TextInput(4_096).optional(),
  provider: TextInput(1_000).optional(),
  pricing_model: z
    .string()
    .max(40)
    .refine((v) => v === "" || (PRICING_MODELS as readonly string[]).includes(v), {
      message: `pricing_model must be one of ${PRICING_MODELS.join(", ")}`,
    })
    .optional(),
  pricing: z
    .object({
      original: PriceField.optional(),
      discounted: PriceField.optional(),
      discount: PriceField.optional(),
      deal_ends: PriceField.optional(),
    })
    .nullable()
    .optional(),
  tags: ListInput.optional(),
  features: ListInput.optional(),
  use_cases: ListInput.optional(),
  pros: ListInput.optional(),
  cons: ListInput.optional(),
  alternatives: ListInput.optional(),
  screenshots: ListInput.optional(),
  logo_url: TextInput(4_096).nullable().optional(),
  demo_url: TextInput(4_096).nullable().optional(),
  affiliate_url: TextInput(4_096).nullable().optional(),
  source_url: TextInput(4_096).nullable().optional(),
  preview_image_url: TextInput(4_096).nullable().optional(),
  is_featured: Flag.optional(),
  is_verified: Flag.optional(),
  needs_review: Flag.optional(),
  status: z.enum(TOOL_STATUSES, { message: `status must be one of ${TOOL_STATUSES.join(", ")}` }).optional(),
  tier: z.enum(TOOL_TIERS, { message: "tier must be free, standard or expert" }).optional(),
  meta_title: TextInput(5_000).nullable().optional(),
  meta_description: TextInput(5_000).nullable().optional(),
  meta_keywords: TextInput(5_000).nullable().optional(),
});
export type ToolPatch = z.output<typeof ToolPatch>;

/** A create (`id` null) or an edit of the tool `id`: the body's fields (ToolPatch) and the tool from the address. */
export const SaveToolInput = ToolPatch.extend({ id: z.string().nullable() });
export type SaveToolInput = z.output<typeof SaveToolInput>;

/** Lists in a text field: one item per line; a single line may use the CSV's ';' or '|' separators. */
function listCell(value: string): string {
  if (value.trim().startsWith("[")) return value;
  return value.includes("\n") ? JSON.stringify(value.split(/\r?\n/)) : value;
}

type ToolValues = Omit<
  typeof tools.$inferInsert,
  "id" | "searchVector" | "searchName" | "createdAt" | "rating" | "reviewCount" | "upvotes" | "views" | "clicks"
>;

type Validated = {
  values: Omit<ToolValues, "categoryId" | "providerId" | "publishedAt" | "updatedAt" | "importId">;
  category: string;
  provider: string | null;
  slugGiven: boolean;
  warnings: string[];
};

/** Checks merged input with the importer's row rules plus the fields the importer does not know. */
function validateTool(input: ToolPatch, base: EditableTool): Validated {
  const cell = (v: string | null | undefined, fallback: string) => (v === undefined ? fallback : (v ?? ""));
  const list = (field: ListField) => {
    const v = input[field];
    return v === undefined ? JSON.stringify(base[field]) : listCell(v);
  };
  const raw: Record<string, string> = {
    name: cell(input.name, base.name),
    slug: cell(input.slug, base.slug),
    one_line_description: cell(input.one_line_description ?? input.description, base.one_line_description),
    full_description: cell(input.full_description, base.full_description),
    category: cell(input.category, base.category),
    official_url: cell(input.website_url ?? input.url, base.website_url),
    provider: cell(input.provider, base.provider),
    pricing_model: cell(input.pricing_model, base.pricing_model),
    logo_url: cell(input.logo_url, base.logo_url),
    demo_url: cell(input.demo_url, base.demo_url),
    affiliate_url: cell(input.affiliate_url, base.affiliate_url),
    source_url: cell(input.source_url, base.source_url),
    tags: list("tags"),
    features: list("features"),
    use_cases: list("use_cases"),
    pros: list("pros"),
    cons: list("cons"),
    alternatives: list("alternatives"),
    screenshots: list("screenshots"),
  };
  const warnings: ImportWarning[] = [];
  const { tool, errors } = validateRow(raw, 0, warnings);
  if (!raw.category?.trim()) errors.unshift("Category is required");

  // The importer's cleaning for the fields it does not know: no formula prefix, no control characters.
  const extraText = (value: string | null | undefined, fallback: string, label: string, max: number) => {
    const v = cleanText(neutraliseFormula(unescapeExportedCell(cell(value, fallback))).value);
    const control = controlCharacterIn(cell(value, fallback), { multiline: true });
    if (control) errors.push(controlCharacterMessage(label, control));
    if (v.length > max) errors.push(`${label} must be at most ${max} characters (got ${v.length})`);
    return v || null;
  };
  const previewRaw = cell(input.preview_image_url, base.preview_image_url).trim();
  const ownPreview = /^\/media\/previews\/[A-Za-z0-9._-]{1,200}(?:\?v=[A-Za-z0-9_-]{1,128})?$/.test(previewRaw);
  const preview = previewRaw && !ownPreview ? (previewRaw.length <= 2_048 ? parseHttpUrl(previewRaw) : null) : null;
  if (previewRaw && !ownPreview && !preview) errors.push("Preview image URL must be an http(s) URL");
  const metaTitle = extraText(input.meta_title, base.meta_title, "Meta title", EDIT_LIMITS.metaTitle);
  const metaDescription = extraText(
    input.meta_description,
    base.meta_description,
    "Meta description",
    EDIT_LIMITS.metaDescription,
  );
  const metaKeywords = extraText(input.meta_keywords, base.meta_keywords, "Meta keywords", EDIT_LIMITS.metaKeywords);
  const p = input.pricing === undefined ? base.pricing : (input.pricing ?? {});
  const price = (v: string | undefined, label: string) => extraText(v, "", label, EDIT_LIMITS.price) ?? undefined;
  const pricing: PriceInfo = {
    original: price(p.original, "Original price"),
    discounted: price(p.discounted, "Discounted price"),
    discount: price(p.discount, "Discount"),
    dealEnds: price(p.deal_ends, "Deal end"),
  };
  for (const k of Object.keys(pricing) as (keyof PriceInfo)[]) if (pricing[k] === undefined) delete pricing[k];

  if (errors.length || !tool) {
    throw new AppError("bad_request", errors.join("; "), { errors });
  }
  return {
    category: raw.category ?? "",
    provider: tool.providerName,
    slugGiven: input.slug !== undefined && input.slug.trim() !== "",
    warnings: warnings.map((w) => w.message),
    values: {
      slug: tool.slug,
      name: tool.name,
      description: tool.description,
      fullDescription: tool.fullDescription,
      websiteUrl: tool.websiteUrl,
      domainKey: tool.domainKey,
      nameKey: tool.nameKey,
      sourceUrl: tool.sourceUrl,
      affiliateUrl: tool.affiliateUrl,
      demoUrl: tool.demoUrl,
      logoUrl: tool.logoUrl,
      previewImageUrl: ownPreview ? previewRaw : (preview?.toString() ?? null),
      pricingModel: tool.pricingModel,
      pricing: Object.keys(pricing).length ? pricing : null,
      tags: tool.tags,
      features: tool.features,
      useCases: tool.useCases,
      pros: tool.pros,
      cons: tool.cons,
      alternatives: tool.alternatives,
      screenshots: tool.screenshots,
      isFeatured: input.is_featured ?? base.is_featured,
      isVerified: input.is_verified ?? base.is_verified,
      needsReview: input.needs_review ?? base.needs_review,
      status: input.status ?? base.status,
      tier: input.tier ?? base.tier,
      metaTitle,
      metaDescription,
      metaKeywords,
    },
  };
}

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
