import { z } from "@hono/zod-openapi";
import { ToolListParams } from "../modules/catalog/index.ts";

/**
 * The read API's request and answer shapes, once: the route definitions validate requests with
 * them and /api/openapi.json is generated from them (ADR 0022), so the two cannot drift.
 * Answer schemas name the documented fields; answers may carry more (spec section 7's aliases).
 */

/** The listing filters as sent (the handler maps them to the listing query with ToolListParams). */
export const ToolListQuery = ToolListParams.in;

export const ErrorBody = z.object({ success: z.literal(false), error: z.string() }).openapi("Error");

export const ToolCard = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
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

export const ToolAnswer = z
  .object({
    success: z.literal(true),
    tool: ToolCard,
    locked: z
      .object({ reason: z.literal("tier"), requiredTier: z.string(), message: z.string() })
      .optional()
      .openapi({ description: "Present when the tool is above the caller's tier: the tool is its overview only." }),
  })
  .passthrough();

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
