import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { isUuid } from "../../platform/ids.ts";
import type { EditableTool } from "./admin-tool-shapes.ts";
import { providers, tools } from "./tables.ts";

export type ToolRow = typeof tools.$inferSelect;

/** The editable view of a stored tool (the dialogs' initial values). */
export async function getEditableTool(db: Db, id: string): Promise<(EditableTool & { id: string }) | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ tool: tools, provider: providers.name })
    .from(tools)
    .leftJoin(providers, eq(providers.id, tools.providerId))
    .where(eq(tools.id, id));
  return row ? { id: row.tool.id, ...editableOf(row.tool, row.provider) } : null;
}

/** A stored tool as its editable fields (save-tool merges an edit into them). */
export function editableOf(t: ToolRow, provider: string | null): EditableTool {
  return {
    name: t.name,
    slug: t.slug,
    one_line_description: t.description,
    full_description: t.fullDescription,
    category: String(t.categoryId),
    website_url: t.websiteUrl,
    provider: provider ?? "",
    pricing_model: t.pricingModel,
    pricing: {
      original: t.pricing?.original ?? "",
      discounted: t.pricing?.discounted ?? "",
      discount: t.pricing?.discount ?? "",
      deal_ends: t.pricing?.dealEnds ?? "",
    },
    tags: t.tags,
    features: t.features,
    use_cases: t.useCases,
    pros: t.pros,
    cons: t.cons,
    alternatives: t.alternatives,
    screenshots: t.screenshots,
    logo_url: t.logoUrl ?? "",
    demo_url: t.demoUrl ?? "",
    affiliate_url: t.affiliateUrl ?? "",
    source_url: t.sourceUrl ?? "",
    preview_image_url: t.previewImageUrl ?? "",
    is_featured: t.isFeatured,
    is_verified: t.isVerified,
    needs_review: t.needsReview,
    status: t.status,
    tier: t.tier,
    meta_title: t.metaTitle ?? "",
    meta_description: t.metaDescription ?? "",
    meta_keywords: t.metaKeywords ?? "",
  };
}
