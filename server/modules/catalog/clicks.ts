import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { UUID } from "../../platform/ids.ts";
import { consumeRateLimit, type RateRule } from "../../platform/rate-limit.ts";
import { parseHttpUrl } from "./normalize.ts";

/**
 * Outbound clicks: `/go/{slug}` and `POST /api/analytics/tool-click` both land here. A click is one
 * `tool_events` row (no personal data: no IP, no user agent, no cookie) plus the tool's `clicks`
 * counter, written together. The destination is always a URL stored on the tool, never one taken
 * from the request, so the redirect cannot be pointed anywhere else.
 *
 * A visitor's repeated clicks on one tool count once per CLICK_REPEAT window: callers pass an
 * opaque `visitor` key (a keyed hash of the address, see accounts' visitorKey), kept only in the
 * rate-limit table for the window. Repeats are still sent on; they just add nothing.
 */

export const CLICK_TARGETS = ["website", "demo", "deal"] as const;
export type ClickTarget = (typeof CLICK_TARGETS)[number];

/** Where on the site a click came from; anything else is recorded as 'unknown'. */
export const CLICK_SOURCES = [
  "detail",
  "card",
  "alternatives",
  "tool-of-the-day",
  "featured",
  "search",
  "category",
  "compare",
  "deals",
  "unknown",
] as const;
export type ClickSource = (typeof CLICK_SOURCES)[number];

const source = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(CLICK_SOURCES))
  .catch("unknown" as ClickSource)
  // A catch has no JSON-schema form of its own: the document says what is read.
  .meta({ type: "string", description: `one of ${CLICK_SOURCES.join(", ")}; anything else is recorded as unknown` });

/** Query of `/go/{slug}`: `to` picks one of the tool's own links (website when absent). */
export const GoParams = z.object({
  to: z
    .enum(CLICK_TARGETS, { message: `to must be one of: ${CLICK_TARGETS.join(", ")}` })
    .optional()
    .transform((v) => v ?? ("website" as ClickTarget)),
  source: source.optional().transform((v) => v ?? ("unknown" as ClickSource)),
});

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/i;
const toolKey = z
  .string({ message: "toolId must be a string" })
  .trim()
  .min(1, "toolId is required")
  .max(200, "toolId is too long")
  .refine((v) => UUID.test(v) || SLUG.test(v), "toolId must be a tool id or slug");

/**
 * Body of `POST /api/analytics/tool-click` (spec section 7), in both spellings clients send:
 * `{toolId, type: 'affiliate'}` and `{tool_id, tool_name, tool_category, destination_url, source}`.
 * Names and categories are accepted for compatibility and ignored: the tool row is the truth.
 */
export const ToolClickInput = z
  .object({
    toolId: toolKey.optional(),
    tool_id: toolKey.optional(),
    type: z.string().max(40, "type is too long").optional(),
    tool_name: z.string().max(300, "tool_name is too long").optional(),
    tool_category: z.string().max(300, "tool_category is too long").optional(),
    destination_url: z.string().max(2_000, "destination_url is too long").optional(),
    source: source.optional(),
  })
  .refine((b) => b.toolId !== undefined || b.tool_id !== undefined, {
    message: "toolId is required",
    path: ["toolId"],
  })
  .transform((b) => ({
    idOrSlug: (b.toolId ?? b.tool_id) as string,
    type: b.type?.trim().toLowerCase(),
    destinationUrl: b.destination_url?.trim(),
    source: b.source ?? ("unknown" as ClickSource),
  }));
export type ToolClick = z.output<typeof ToolClickInput>;

const LinkRow = z.object({
  id: z.string(),
  slug: z.string(),
  website_url: z.string(),
  demo_url: z.string().nullable(),
  affiliate_url: z.string().nullable(),
});
type LinkRow = z.infer<typeof LinkRow>;

export type ClickResult = { toolId: string; slug: string; target: ClickTarget; url: string; counted: boolean };

/** One counted click per visitor and tool in this window. */
export const CLICK_REPEAT: RateRule = { max: 1, windowSec: 600 };

/**
 * The URL a target means for this tool. A demo or deal the tool does not have falls back to its
 * website (the visitor still gets somewhere real); a deal goes through the affiliate link if any.
 */
function resolveTarget(
  tool: LinkRow,
  wanted: ClickTarget,
  dealUrl: string | null = null,
): { target: ClickTarget; url: string } | null {
  const candidates: [ClickTarget, string | null][] =
    wanted === "demo"
      ? [
          ["demo", tool.demo_url],
          ["website", tool.website_url],
        ]
      : wanted === "deal"
        ? [
            ["deal", dealUrl],
            ["deal", tool.affiliate_url],
            ["deal", tool.website_url],
          ]
        : [["website", tool.website_url]];
  for (const [target, raw] of candidates) {
    const url = raw ? parseHttpUrl(raw) : null;
    if (url) return { target, url: url.toString() };
  }
  return null;
}

async function findLinks(db: Db, idOrSlug: string): Promise<LinkRow | null> {
  const key = idOrSlug.trim().toLowerCase();
  if (!key || key.length > 200) return null;
  const match = UUID.test(key) ? sql`id = ${key}::uuid` : sql`slug = ${key}`;
  const [tool] = await queryRows(
    db,
    sql`SELECT id, slug, website_url, demo_url, affiliate_url FROM tools WHERE ${match} AND status = 'active' LIMIT 1`,
    LinkRow,
  );
  return tool ?? null;
}

/**
 * The live deal of a tool, supplied by the caller (deals belong to the content module): its own
 * link wins over the tool's, and `count` adds the click to the deal inside the click's transaction.
 */
export type DealLookup = (toolId: string) => Promise<{ url: string | null; count(tx: Db): Promise<void> } | null>;

async function writeClick(
  db: Db,
  tool: LinkRow,
  wanted: ClickTarget,
  source: ClickSource,
  count: boolean,
  visitor: string | undefined,
  now: Date,
  dealLookup?: DealLookup,
): Promise<ClickResult | null> {
  const deal = wanted === "deal" && dealLookup ? await dealLookup(tool.id) : null;
  const resolved = resolveTarget(tool, wanted, deal?.url ?? null);
  if (!resolved) return null;
  if (count && visitor) {
    count = (await consumeRateLimit(db, `click:${visitor}:${tool.id}`, CLICK_REPEAT, now)).allowed;
  }
  if (count) {
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO tool_events (tool_id, kind, source, destination)
            VALUES (${tool.id}::uuid, 'click', ${source}, ${resolved.url})`,
      );
      await tx.execute(sql`UPDATE tools SET clicks = clicks + 1 WHERE id = ${tool.id}::uuid`);
      if (deal && resolved.target === "deal") await deal.count(tx);
    });
  }
  return { toolId: tool.id, slug: tool.slug, ...resolved, counted: count };
}

/**
 * Records one outbound click on a published tool and returns where to send the visitor; null when
 * there is no such tool (or it has no usable link). With `count: false` (robots, HEAD requests) the
 * destination is resolved but nothing is written.
 */
export async function recordToolClick(
  db: Db,
  input: {
    idOrSlug: string;
    target: ClickTarget;
    source: ClickSource;
    count?: boolean;
    visitor?: string;
    /** the click's time (services.clock.now()): its repeat window */
    now: Date;
    deal?: DealLookup;
  },
): Promise<ClickResult | null> {
  const tool = await findLinks(db, input.idOrSlug);
  return tool
    ? writeClick(db, tool, input.target, input.source, input.count !== false, input.visitor, input.now, input.deal)
    : null;
}

/**
 * A click reported by a client (`POST /api/analytics/tool-click`). The target is the stored link
 * its destination_url names, else 'deal' for the spec's `type: 'affiliate'`, else the website; the
 * URL recorded is always the tool's own.
 */
export async function recordReportedClick(
  db: Db,
  click: ToolClick,
  visitor: string | undefined,
  now: Date,
): Promise<ClickResult | null> {
  const tool = await findLinks(db, click.idOrSlug);
  if (!tool) return null;
  return writeClick(db, tool, reportedTarget(click, tool), click.source, true, visitor, now);
}

function reportedTarget(click: Pick<ToolClick, "type" | "destinationUrl">, tool: LinkRow): ClickTarget {
  const same = (a: string | undefined, b: string | null) =>
    !!a && !!b && a.replace(/\/+$/, "") === b.replace(/\/+$/, "");
  if (same(click.destinationUrl, tool.affiliate_url)) return "deal";
  if (same(click.destinationUrl, tool.demo_url)) return "demo";
  if (click.type === "affiliate" || click.type === "deal") return "deal";
  if (click.type === "demo") return "demo";
  return "website";
}
