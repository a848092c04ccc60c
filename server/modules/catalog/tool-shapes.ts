import { z } from "zod";
import { DecisionRow, publishDecision } from "./decision-facts.ts";
import { PRICING_LABELS, PRICING_MODELS } from "./normalize.ts";
import { planSummary, planSummaryLabel } from "./plan-summary.ts";
import { PlanRow } from "./plans.ts";

/**
 * The two public shapes of a tool: a card (lists, search, compare) and the detail page. Field
 * names follow the spec's API (snake_case plus the camelCase aliases older clients read); nothing
 * private (dedupe keys, import ids, search columns) ever leaves the server.
 */

/** Columns a card needs, as SQL select-list text with the table alias t, c (category), p (provider). */
export const CARD_COLUMNS = `t.id, t.slug, t.name, t.description, t.website_url, t.logo_url, t.preview_image_url,
  t.pricing_model, t.tags, t.features, t.pros, t.cons, t.rating, t.rating_score, t.review_count, t.upvotes,
  t.is_featured, t.is_verified, t.tier, t.status, t.created_at, t.updated_at, t.facts_changed_at, t.pricing, t.plans,
  c.id AS category_id, c.name AS category_name, c.slug AS category_slug, p.name AS provider_name, t.editorial_summary,
  EXISTS (SELECT 1 FROM trending_tools tt WHERE tt.tool_id = t.id) AS is_trending`;

export const DETAIL_COLUMNS = `${CARD_COLUMNS}, t.full_description, t.use_cases, t.alternatives, t.screenshots,
  t.source_url, t.affiliate_url, t.demo_url, t.views, t.clicks, t.needs_review, t.last_verified_at,
  t.meta_title, t.meta_description, t.meta_keywords, t.published_at, p.slug AS provider_slug,
  c.icon AS category_icon,
  (SELECT f.verified_at FROM tool_facts f WHERE f.tool_id = t.id AND f.field = 'editorial_summary') AS editorial_summary_verified_at,
  (SELECT f.observed_at FROM tool_facts f WHERE f.tool_id = t.id AND f.field = 'editorial_summary') AS editorial_summary_written_at,
  t.gone_at, t.has_api, t.licence, t.self_hostable, t.data_use`;

/**
 * Timestamps and dates come back as the server's text ("2026-11-26 16:30:07.368+00"): drizzle's
 * `db.execute` leaves timestamptz/date unparsed on both engines.
 */
const TS = z.string();

const PriceInfoSchema = z.object({
  original: z.string().optional(),
  discounted: z.string().optional(),
  discount: z.string().optional(),
  dealEnds: z.string().optional(),
});

/** A row of CARD_COLUMNS. */
export const CardRow = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  website_url: z.string(),
  logo_url: z.string().nullable(),
  preview_image_url: z.string().nullable(),
  pricing_model: z.enum(PRICING_MODELS),
  tags: z.array(z.string()),
  features: z.array(z.string()),
  pros: z.array(z.string()),
  cons: z.array(z.string()),
  rating: z.number(),
  /** the Bayesian score rating sorts use (ranking.ts); null without counted reviews */
  rating_score: z.number().nullable(),
  review_count: z.number(),
  upvotes: z.number(),
  is_featured: z.boolean(),
  is_verified: z.boolean(),
  tier: z.enum(["free", "standard", "expert"]),
  status: z.string(),
  created_at: TS,
  updated_at: TS,
  facts_changed_at: TS.nullable(),
  pricing: PriceInfoSchema.nullable(),
  /** issue 33: the tool's plans (null until a source states them) */
  plans: z.array(PlanRow).nullable(),
  category_id: z.number(),
  category_name: z.string(),
  category_slug: z.string(),
  provider_name: z.string().nullable(),
  /** in the last trending run (community/trending.ts) */
  is_trending: z.boolean().optional(),
  /** issue 20: our editors' summary (ADR 0027); a card shows its first sentence (summaryLine) */
  editorial_summary: z.string().nullable(),
});
export type CardRow = z.infer<typeof CardRow>;

/** A row of DETAIL_COLUMNS. */
export const DetailRow = CardRow.extend({
  full_description: z.string(),
  use_cases: z.array(z.string()),
  alternatives: z.array(z.string()),
  screenshots: z.array(z.string()),
  source_url: z.string().nullable(),
  affiliate_url: z.string().nullable(),
  demo_url: z.string().nullable(),
  views: z.number(),
  clicks: z.number(),
  needs_review: z.boolean(),
  last_verified_at: TS.nullable(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  meta_keywords: z.string().nullable(),
  published_at: TS.nullable(),
  provider_slug: z.string().nullable(),
  category_icon: z.string(),
  /** issue 20: when our editors checked their summary (ADR 0027) */
  editorial_summary_verified_at: TS.nullable(),
  /** issue 36: when it was written; a summary written from the listing is not checked (verified_at null) */
  editorial_summary_written_at: TS.nullable(),
  gone_at: TS.nullable(),
}).extend(DecisionRow.shape);
export type DetailRow = z.infer<typeof DetailRow>;

const NEW_FOR_DAYS = 30;

const SENTENCE = /^.+?(?<!\b(?:e\.g|i\.e|vs|Inc|Ltd|Co|Corp|Dr|Mr|Ms|Mrs|St|No))[.!?](?=\s+["“(]?[A-Z]|$)/s;

/**
 * The first sentence of the editors' summary, the line a card shows when there is one (issue 36): what
 * the tool does, in our words, where the listing's own line is often a tagline or a page title ("Notion
 * – One Workspace. Every Team.", "Your AI Pair Programmer."). A sentence ends at . ! or ? before a
 * capital letter or the end, so "ArtBot.ai makes…" and "1.5 seconds" stay whole, and not after a common
 * abbreviation ("e.g. ChatGPT", "Acme Inc. makes…"). Null without a summary.
 */
export function summaryLine(summary: string | null | undefined): string | null {
  const text = summary?.trim();
  if (!text) return null;
  return SENTENCE.exec(text)?.[0] ?? text;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export function toToolCard(row: CardRow) {
  const company = row.provider_name ?? "Unknown";
  const createdAt = iso(row.created_at) as string;
  // The editors' flag only: a rating never makes a tool Featured (ADR 0029).
  const featured = row.is_featured;
  const summary = planSummary(row.plans);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description || "No description available",
    short_description: row.description,
    /** the first sentence of the editors' summary (null without one): what cards on the site show */
    summary_line: summaryLine(row.editorial_summary),
    category: row.category_name,
    category_id: row.category_id,
    category_slug: row.category_slug,
    website_url: row.website_url,
    url: row.website_url,
    logo_url: row.logo_url,
    preview_image_url: row.preview_image_url,
    pricing_model: PRICING_LABELS[row.pricing_model],
    pricing: row.pricing,
    /** issue 33: "from $X/mo" and whether a free plan exists, from the stated plans; null when none is */
    plan_summary: summary,
    plan_label: planSummaryLabel(summary),
    company_name: company,
    provider: company,
    tags: row.tags,
    features: row.features,
    pros: row.pros,
    cons: row.cons,
    rating: Math.round(row.rating * 10) / 10,
    rating_score: row.rating_score === null ? null : Math.round(Number(row.rating_score) * 100) / 100,
    review_count: row.review_count,
    reviewCount: row.review_count,
    upvotes: row.upvotes,
    is_featured: featured,
    featured,
    is_verified: row.is_verified,
    is_trending: row.is_trending === true,
    is_new: Date.now() - new Date(createdAt).getTime() < NEW_FOR_DAYS * 86_400_000,
    tier: row.tier,
    status: row.status,
    created_at: createdAt,
    updated_at: iso(row.updated_at),
    /** The last real change of the tool's facts (null until one): what "Updated" means on cards and pages. */
    facts_changed_at: iso(row.facts_changed_at),
  };
}

export function toToolDetail(row: DetailRow) {
  return {
    ...toToolCard(row),
    full_description: row.full_description || row.description,
    use_cases: row.use_cases,
    useCases: row.use_cases,
    key_features: row.features,
    /** issue 33: the tool's plans as their source states them; null: none known */
    plans: row.plans,
    alternatives: row.alternatives,
    screenshots: row.screenshots,
    source_url: row.source_url,
    affiliate_url: row.affiliate_url,
    demo_url: row.demo_url,
    views: row.views,
    clicks: row.clicks,
    needs_review: row.needs_review,
    lastVerified: iso(row.last_verified_at),
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    meta_keywords: row.meta_keywords,
    published_at: iso(row.published_at),
    provider_slug: row.provider_slug,
    category_icon: row.category_icon,
    editorial_summary: row.editorial_summary ?? null,
    /** null for a summary written from the listing's sources, not checked on the tool's site (issue 36) */
    editorial_summary_verified_at: iso(row.editorial_summary_verified_at ?? null),
    editorial_summary_written_at: iso(row.editorial_summary_written_at ?? null),
    /** set when the link checker moved the tool to the graveyard (status `gone`) */
    gone_at: iso(row.gone_at),
    /** issue 33: API, licence (SPDX id and class), self-hosting and the data-use card, each with its quote, URL and date; null: not stated */
    decision: publishDecision(row),
  };
}

export type ToolCard = ReturnType<typeof toToolCard>;
export type ToolDetail = ReturnType<typeof toToolDetail>;
