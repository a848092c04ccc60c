import { sql } from "drizzle-orm";
import { z } from "zod";
import { memoByVersion } from "../../platform/db/content-version.ts";
import { type Db, queryRows } from "../../platform/db/index.ts";
import type { Env } from "../../platform/env.ts";
import { siteUrl } from "../../platform/site-origin.ts";
import {
  FACT_KINDS,
  isLaterChange,
  type Plan,
  PRICING_LABELS,
  planChangeText,
  publicFactSource,
} from "../catalog/index.ts";
import { escapeXml } from "./xml.ts";

/**
 * The public changes feed (issue 22): new tools, pricing changes, tools gone or revived, newest first.
 * Pricing and status changes come from tool_fact_history (every change of a fact is a row there);
 * new tools are the tools listed after the initial catalogue (the seed import is not "news").
 */
export type ChangeKind = "new" | "pricing" | "gone" | "revived";
export type ChangeEntry = {
  id: string;
  kind: ChangeKind;
  at: string;
  tool: { slug: string; name: string; url: string };
  title: string;
  summary: string;
};

export const CHANGE_LABELS: Record<ChangeKind, string> = {
  new: "New tool",
  pricing: "Pricing change",
  gone: "Gone",
  revived: "Back",
};
export const CHANGES_LIMIT = 50;

// Row schema (issue 19): what the driver gives; timestamps come back as PostgreSQL's text.
const Row = z.object({
  id: z.string(),
  kind: z.enum(["new", "pricing", "gone", "revived"]),
  at: z.string(),
  slug: z.string(),
  name: z.string(),
  field: z.string().nullable(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  source: z.string().nullable(),
  source_kind: z.enum(FACT_KINDS).nullable(),
});

const label = (field: string | null, v: string | null): string => {
  if (v === null || v === "") return "not listed";
  if (field === "pricing_model")
    return Object.hasOwn(PRICING_LABELS, v) ? PRICING_LABELS[v as keyof typeof PRICING_LABELS] : v;
  if (field === "pricing") {
    try {
      const p = JSON.parse(v) as { original?: string } | string;
      return typeof p === "string" ? p : (p?.original ?? "not listed");
    } catch {
      return v;
    }
  }
  return v;
};

/**
 * Our own enrichment filling in a value that was not known (issue 36): "Pricing changed from Unknown to
 * Open Source (source: its GitHub address)" is a rule (or the editors' reviewed seed file, no acting
 * person) reading the imported data, not news about the tool. Such rows are left out of the feed and counted once on /changes instead.
 */
function isEnrichment(h: string) {
  const t = sql.raw(h);
  return sql`(${t}.kind IN ('inferred', 'editor') AND ${t}.actor_user_id IS NULL
    AND (${t}.old_value IS NULL OR lower(${t}.old_value #>> '{}') IN ('unknown', '')))`;
}

const EnrichedRow = z.object({ facts: z.number(), tools: z.number() });

/** How many unknown facts our enrichment filled in, and for how many tools (the note on /changes). */
export async function countEnrichment(db: Db): Promise<{ facts: number; tools: number }> {
  const [row] = await memoByVersion(db, "syndication:changes:enrichment", () =>
    queryRows(
      db,
      sql`SELECT count(*)::int AS facts, count(DISTINCT h.tool_id)::int AS tools
          FROM tool_fact_history h WHERE ${isEnrichment("h")} AND h.field IN ('pricing_model', 'category', 'provider')`,
      EnrichedRow,
    ),
  );
  return row ?? { facts: 0, tools: 0 };
}

/** The newest changes of the public catalogue (memoised by content version). */
export async function listChanges(
  db: Db,
  env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">,
  limit = CHANGES_LIMIT,
): Promise<ChangeEntry[]> {
  const rows = await memoByVersion(db, `syndication:changes:${limit}`, () =>
    queryRows(
      db,
      // Price text is a gated field: only free-tier tools' price changes are public; the model is public.
      sql`(SELECT 'h' || h.id AS id,
              CASE WHEN h.field = 'status' AND h.new_value #>> '{}' = 'gone' THEN 'gone'
                   WHEN h.field = 'status' THEN 'revived' ELSE 'pricing' END AS kind,
              h.created_at AS at, t.slug, t.name, h.field,
              CASE WHEN jsonb_typeof(h.old_value) = 'string' THEN h.old_value #>> '{}' ELSE h.old_value::text END AS old_value,
              CASE WHEN jsonb_typeof(h.new_value) = 'string' THEN h.new_value #>> '{}' ELSE h.new_value::text END AS new_value,
              h.source, h.kind::text AS source_kind
            FROM tool_fact_history h JOIN tools t ON t.id = h.tool_id
            WHERE t.status::text IN ('active', 'gone')
              AND ${isLaterChange("h")}
              AND NOT ${isEnrichment("h")}
              AND ((h.field = 'pricing_model')
                OR (h.field IN ('pricing', 'plans') AND t.tier = 'free')
                OR (h.field = 'status' AND (h.new_value #>> '{}' = 'gone'
                    OR (h.old_value #>> '{}' = 'gone' AND h.new_value #>> '{}' = 'active'))))
            ORDER BY h.created_at DESC, h.id DESC LIMIT ${limit})
          UNION ALL
          (SELECT 'n' || t.id AS id, 'new' AS kind, COALESCE(t.published_at, t.created_at) AS at, t.slug, t.name,
              NULL AS field, NULL AS old_value, NULL AS new_value, NULL AS source, NULL AS source_kind
            FROM tools t LEFT JOIN catalog_imports ci ON ci.id = t.import_id
            WHERE t.status = 'active' AND (ci.source IS NULL OR ci.source NOT LIKE 'seed:%')
            ORDER BY COALESCE(t.published_at, t.created_at) DESC, t.id LIMIT ${limit})
          ORDER BY at DESC, id DESC LIMIT ${limit}`,
      Row,
    ),
  );
  return rows.map((r) => {
    const url = siteUrl(env, `/tools/${r.slug}`);
    const tool = { slug: r.slug, name: r.name, url };
    const at = new Date(r.at).toISOString();
    switch (r.kind) {
      case "new":
        return {
          id: r.id,
          kind: r.kind,
          at,
          tool,
          title: `New: ${r.name}`,
          summary: `${r.name} joined the catalogue.`,
        };
      case "gone":
        return {
          id: r.id,
          kind: r.kind,
          at,
          tool,
          title: `Gone: ${r.name}`,
          summary: `${r.name} no longer answers at its website; its page stays with alternatives.`,
        };
      case "revived":
        return { id: r.id, kind: r.kind, at, tool, title: `Back: ${r.name}`, summary: `${r.name} is back online.` };
      default: {
        if (r.field === "plans") {
          const plans = (v: string | null) => (v ? (JSON.parse(v) as Plan[] | null) : null);
          return {
            id: r.id,
            kind: "pricing" as const,
            at,
            tool,
            title: `Plans change: ${r.name}`,
            summary: `${planChangeText(plans(r.old_value), plans(r.new_value))}${r.source ? ` (source: ${r.source})` : ""}.`,
          };
        }
        const what = r.field === "pricing" ? "Price" : "Pricing";
        const from = label(r.field, r.old_value);
        const to = label(r.field, r.new_value);
        const source = r.source && r.source_kind ? publicFactSource(r.source_kind, r.source) : null;
        return {
          id: r.id,
          kind: "pricing" as const,
          at,
          tool,
          title: `${what} change: ${r.name}`,
          summary: `${what} changed from ${from} to ${to}${source ? ` (source: ${source})` : ""}.`,
        };
      }
    }
  });
}

/** /changes.xml: the same entries as an Atom feed. */
export function changesAtom(entries: ChangeEntry[], env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">): string {
  const self = siteUrl(env, "/changes.xml");
  const page = siteUrl(env, "/changes");
  const updated = entries[0]?.at ?? new Date(0).toISOString();
  const items = entries.map((e) =>
    [
      "  <entry>",
      `    <title>${escapeXml(e.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(e.tool.url)}"/>`,
      `    <id>${escapeXml(`${page}#${e.id}`)}</id>`,
      `    <updated>${e.at}</updated>`,
      `    <category term="${e.kind}" label="${escapeXml(CHANGE_LABELS[e.kind])}"/>`,
      `    <summary>${escapeXml(e.summary)}</summary>`,
      "  </entry>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    "  <title>Toolscape catalogue changes</title>",
    "  <subtitle>New AI tools, pricing changes, and tools gone or back, from the Toolscape catalogue.</subtitle>",
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(page)}"/>`,
    `  <id>${escapeXml(page)}</id>`,
    `  <updated>${updated}</updated>`,
    "  <author><name>Toolscape</name></author>",
    ...items,
    "</feed>",
    "",
  ].join("\n");
}
