import { z } from "@hono/zod-openapi";
import { ToolListParams } from "../modules/catalog/index.ts";
import { ErrorBody } from "./doc.ts";

/**
 * The read API's request and answer shapes, once: the route definitions validate requests with
 * them and /api/openapi.json is generated from them (ADR 0022), so the two cannot drift.
 * Answer schemas name the documented fields; answers may carry more (spec section 7's aliases).
 */

/** The listing filters as sent (the handler maps them to the listing query with ToolListParams). */
export const ToolListQuery = ToolListParams.in;

export { ErrorBody };

export const ToolCard = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string().openapi({ description: "the listing's one-line description, from its source" }),
    summary_line: z.string().nullable().openapi({
      description:
        "the first sentence of our editors' summary (null when none is written): what cards on the site show",
    }),
    category: z.string().nullable(),
    website_url: z.string().nullable(),
    logo_url: z.string().nullable(),
    pricing_model: z.string(),
    tags: z.array(z.string()),
    rating: z.number(),
    review_count: z.number(),
    is_featured: z.boolean(),
    tier: z.string(),
    created_at: z.string(),
    updated_at: z.string().nullable(),
  })
  .passthrough()
  .openapi("ToolCard");

export const Pagination = z
  .object({ page: z.number(), limit: z.number(), total: z.number(), totalPages: z.number(), hasMore: z.boolean() })
  .openapi("Pagination");

export const ToolList = z
  .object({ success: z.literal(true), tools: z.array(ToolCard), pagination: Pagination })
  .passthrough();

const FactKindEnum = z.enum(["dataset", "maker", "community", "editor", "observed", "inferred"]);

export const FactProvenance = z
  .object({
    kind: FactKindEnum.openapi({
      description:
        "dataset (an open source dataset), maker (claimed by the tool's maker), community (a member's correction verified by an admin), editor (Toolscape editors), observed (read from the tool's own site by the link checker), inferred (a rule, with its confidence)",
    }),
    source: z.string().openapi({ description: "the dataset's name, 'Correction #…', the rule, the editor" }),
    source_url: z.string().nullable(),
    licence: z.string().nullable(),
    confidence: z.number().nullable().openapi({ description: "inferred facts only, 0..1" }),
    observed_at: z.string().openapi({ description: "when the fact was read at its source (ISO 8601)" }),
    verified_at: z
      .string()
      .nullable()
      .openapi({ description: "when a person last confirmed it; null for unverified kinds" }),
  })
  .openapi("FactProvenance");

export const FactHistoryEntry = z
  .object({
    id: z.number(),
    field: z.string().openapi({ description: "the API's field name (pricing_model, category, provider, …)" }),
    old_value: z.unknown().openapi({ description: "null for the import that first brought the tool" }),
    new_value: z.unknown(),
    kind: FactKindEnum,
    source: z.string(),
    source_url: z.string().nullable(),
    note: z.string().nullable(),
    at: z.string(),
  })
  .openapi("FactHistoryEntry");

export const ToolHistoryAnswer = z
  .object({
    success: z.literal(true),
    history: z.array(FactHistoryEntry).openapi({ description: "every change of the tool's facts, newest first" }),
    locked: z
      .object({ reason: z.literal("tier"), requiredTier: z.string(), message: z.string() })
      .optional()
      .openapi({ description: "Present when the tool is above the caller's tier: only the overview's facts." }),
  })
  .openapi("ToolHistory");

export const ToolAnswer = z
  .object({
    success: z.literal(true),
    tool: ToolCard,
    provenance: z.partialRecord(z.string(), FactProvenance).openapi({
      description:
        "where each fact comes from and when it was observed and verified, keyed by the tool's field names (pricing_model, category, description, provider, logo_url, …)",
    }),
    locked: z
      .object({ reason: z.literal("tier"), requiredTier: z.string(), message: z.string() })
      .optional()
      .openapi({ description: "Present when the tool is above the caller's tier: the tool is its overview only." }),
  })
  .passthrough();

/** The tool of the day: the tool with today's notes (whyToday, challenge) and its facts' provenance. */
export const ToolOfTheDayAnswer = z
  .object({
    success: z.literal(true),
    tool: ToolCard.extend({ whyToday: z.string(), challenge: z.string() }),
    provenance: ToolAnswer.shape.provenance,
  })
  .passthrough()
  .openapi("ToolOfTheDay");

export const ToolParams = z.object({
  idOrSlug: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: "idOrSlug", in: "path" }, example: "chatgpt" }),
});

export const Category = z
  .object({
    id: z.number(),
    slug: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    toolCount: z.number(),
  })
  .passthrough()
  .openapi("Category");

export const CategoryList = z.object({ success: z.literal(true), categories: z.array(Category) });

export const TrendingQuery = z.object({
  limit: z
    .string()
    .regex(/^\d+$/, "limit must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(1, "limit must be between 1 and 50").max(50, "limit must be between 1 and 50"))
    // Sent as text, checked as the integer it stands for: the document says so (issue 31).
    .meta({ type: "integer", minimum: 1, maximum: 50 })
    .optional(),
});
export const TrendingAnswer = z.object({
  success: z.literal(true),
  trendingTools: z.array(
    z
      .object({
        toolId: z.string(),
        slug: z.string(),
        name: z.string(),
        reason: z.enum(["saves", "views", "clicks", "reviews"]),
        context: z.string(),
        score: z.number(),
      })
      .openapi("TrendingTool"),
  ),
  /** when the ranking was last computed (hourly); null before the first run */
  computedAt: z.string().nullable(),
});

export const TopListsQuery = z.object({
  limit: TrendingQuery.shape.limit,
  page: z
    .string()
    .regex(/^\d+$/, "page must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(1, "page must be at least 1").max(10_000, "page must be at most 10000"))
    .meta({ type: "integer", minimum: 1, maximum: 10_000 })
    .optional(),
});
export const TopListsAnswer = z.object({
  success: z.literal(true),
  // The spec's shape (title, author, tools) plus the list's own fields.
  topLists: z.array(
    z
      .object({
        id: z.string(),
        slug: z.string(),
        title: z.string(),
        description: z.string(),
        editorial: z.boolean(),
        author: z.string(),
        authorHandle: z.string().nullable(),
        tools: z.array(z.string()),
        toolCount: z.number(),
        updatedAt: z.string(),
      })
      .openapi("TopList"),
  ),
  total: z.number(),
  pagination: z.object({
    page: z.number(),
    limit: z.number(),
    total: z.number(),
    totalPages: z.number(),
    hasMore: z.boolean(),
  }),
});

/** The errors every read operation may answer (the key-specific ones only with a key). */
export const readErrors = {
  400: { description: "Invalid parameters", content: { "application/json": { schema: ErrorBody } } },
  401: { description: "Unknown or revoked API key", content: { "application/json": { schema: ErrorBody } } },
  403: {
    description: "The key's owner is not on the Expert plan",
    content: { "application/json": { schema: ErrorBody } },
  },
  429: {
    description: "Rate limit exceeded (see Retry-After and RateLimit-* headers)",
    content: { "application/json": { schema: ErrorBody } },
  },
} as const;
