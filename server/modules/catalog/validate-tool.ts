import { z } from "zod";
import { AppError } from "../../platform/errors.ts";
import { controlCharacterIn, controlCharacterMessage } from "../../platform/text.ts";
import { type EditableTool, type ListField, TOOL_STATUSES, TOOL_TIERS } from "./admin-tool-shapes.ts";
import { unescapeExportedCell } from "./import-parse.ts";
import type { ImportWarning } from "./import-shapes.ts";
import { validateRow } from "./import-validate-row.ts";
import { cleanText, neutraliseFormula, PRICING_MODELS, parseHttpUrl } from "./normalize.ts";
import type { PriceInfo, tools } from "./tables.ts";

/**
 * The input of an operator's create or edit of a tool (save-tool.ts) and its validation: the
 * importer's row rules plus the fields the importer does not know.
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

export type ToolValues = Omit<
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
export function validateTool(input: ToolPatch, base: EditableTool): Validated {
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
