import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { nameKey, slugify } from "./normalize.ts";
import { taskNames } from "./tasks/queries.ts";
import { type AlternativeReasonData, alternativeReasonText } from "./tasks/shared-constants.ts";
import { CARD_COLUMNS, CardRow, type ToolCard, toToolCard } from "./tool-shapes.ts";

/**
 * Alternatives to a tool. First the stored ones (alternatives-store.ts, issue 32: computed for every
 * active tool from the listing, shared tasks, tags, category and pricing, with their reasons); past
 * those, or for a tool without stored ones (a gone tool, a database mid-backfill), from the live catalogue:
 * 1. tools the listing itself names in `alternatives` (any category), in the listing's order;
 * 2. then tools of the same category ranked by similarity: shared tags (a rare tag counts for more
 *    than 'Web' or 'API', using the tag catalogue's counts), full-text rank of the tool's description
 *    words against each candidate's indexed search vector, and trigram similarity of the names.
 *    Ties fall back to rating, then name, then id, so the order is deterministic.
 */

export const DEFAULT_ALTERNATIVES = 6;
export const MAX_ALTERNATIVES = 24;
const CANDIDATES = 400;

export type Alternative = ToolCard & {
  /** Tags this tool shares with the one it is an alternative to. */
  shared_tags: string[];
  /** True when the tool's own listing names it as an alternative. */
  named: boolean;
  /** why it is an alternative, as data and as the line the tool page shows */
  reasons: AlternativeReasonData;
  reason: string;
};

const StoredRow = CardRow.extend({ reasons: z.record(z.string(), z.unknown()) });
const ReasonsShape = z.object({
  tasks: z.array(z.string()),
  same_category: z.boolean(),
  named: z.boolean(),
  cheaper: z.boolean(),
  open_source: z.boolean(),
  shared_tags: z.array(z.string()),
});

async function storedAlternatives(db: Db, toolId: string, max: number): Promise<Alternative[]> {
  const rows = await queryRows(
    db,
    sql`SELECT ${sql.raw(CARD_COLUMNS)}, a.reasons
        FROM tool_alternatives a JOIN ${FROM} ON t.id = a.alternative_id
        WHERE a.tool_id = ${toolId}::uuid AND t.status = 'active'
        ORDER BY a.rank LIMIT ${max}`,
    StoredRow,
  );
  if (!rows.length) return [];
  const names = await taskNames(db);
  return rows.map((row) => {
    const reasons = ReasonsShape.parse(row.reasons);
    return {
      ...toToolCard(row),
      shared_tags: reasons.shared_tags,
      named: reasons.named,
      reasons,
      reason: alternativeReasonText(reasons, names),
    };
  });
}

/** Reasons for an alternative found live (no stored row): what the live ranking knows. */
function liveReasons(named: boolean, sharedTags: string[], sameCategory: boolean) {
  const reasons: AlternativeReasonData = {
    tasks: [],
    same_category: sameCategory,
    named,
    cheaper: false,
    open_source: false,
    shared_tags: sharedTags,
  };
  return { reasons, reason: alternativeReasonText(reasons, {}) };
}

const AltRow = CardRow.extend({ shared_tags: z.array(z.string()).nullable() });
const SourceRow = z.object({ id: z.string(), tags: z.array(z.string()), alternatives: z.array(z.string()) });
const NamedRow = CardRow.extend({ name_key: z.string() });

const FROM = sql.raw(`tools t JOIN categories c ON c.id = t.category_id LEFT JOIN providers p ON p.id = t.provider_id`);

export async function getAlternatives(db: Db, toolId: string, limit = DEFAULT_ALTERNATIVES): Promise<Alternative[]> {
  const max = Math.max(0, Math.min(MAX_ALTERNATIVES, Math.floor(limit)));
  if (max === 0) return [];
  const [source] = await queryRows(
    db,
    // A gone tool (the graveyard) keeps its alternatives: they are its successors (ADR 0029).
    sql`SELECT id, tags, alternatives FROM tools WHERE id = ${toolId}::uuid AND status IN ('active', 'gone')`,
    SourceRow,
  );
  if (!source) return [];

  const stored = await storedAlternatives(db, source.id, max);
  const out: Alternative[] = [...stored];
  if (out.length >= max) return out;
  const named = await namedAlternatives(db, source.id, source.tags, source.alternatives);
  for (const n of named) if (out.length < max && !out.some((o) => o.id === n.id)) out.push(n);
  if (out.length >= max) return out;

  const exclude = [source.id, ...out.map((t) => t.id)];
  // Rank on the narrow columns first, then read card columns for the few winners only.
  const rows = await queryRows(
    db,
    sql`WITH src AS MATERIALIZED (
          SELECT id, category_id, search_name,
                 ARRAY(SELECT DISTINCT lower(x) FROM unnest(tags) x) AS tags,
                 -- The description's words (stemmed, stop words dropped, quoted by Postgres) as one OR query.
                 nullif(regexp_replace(plainto_tsquery('english', unaccent(description))::text,
                                       ' (&|<->|<[0-9]+>) ', ' | ', 'g'), '')::tsquery AS words
          FROM tools WHERE id = ${source.id}::uuid
        ),
        weights AS MATERIALIZED (
          -- A tag shared by few tools says more about similarity than one most tools carry.
          SELECT tag, 1.0 / ln(2.0 + coalesce(g.tool_count, 1)) AS w
          FROM src, unnest(src.tags) AS tag
          LEFT JOIN tags g ON g.slug = trim(both '-' from regexp_replace(tag, '[^a-z0-9]+', '-', 'g'))
        ),
        -- Score only plausible candidates (a shared tag or a description word, both index-backed),
        -- at most CANDIDATES of them, so a large category costs the same as a small one.
        candidates AS MATERIALIZED (
          SELECT t.id FROM tools t, src, tools s
          WHERE s.id = src.id AND t.status = 'active' AND t.category_id = src.category_id
            AND (t.tags && s.tags OR t.search_vector @@ src.words)
          ORDER BY t.rating DESC, t.id
          LIMIT ${CANDIDATES}
        ),
        ranked AS MATERIALIZED (
          SELECT t.id,
                 coalesce((SELECT sum(w.w) FROM weights w WHERE w.tag = ANY (lower(t.tags::text)::text[])), 0) * 2
                 + coalesce(ts_rank(t.search_vector, src.words), 0) * 3
                 + similarity(t.search_name, src.search_name) AS score
          FROM candidates k JOIN tools t ON t.id = k.id CROSS JOIN src
          WHERE t.id NOT IN (${sql.join(
            exclude.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          ORDER BY score DESC, t.rating DESC, lower(t.name) ASC, t.id
          LIMIT ${max - out.length}
        )
        SELECT ${sql.raw(CARD_COLUMNS)},
               ARRAY(SELECT x FROM unnest(t.tags) x WHERE lower(x) IN (SELECT tag FROM weights) ORDER BY x) AS shared_tags
        FROM ranked r JOIN ${FROM} ON t.id = r.id
        ORDER BY r.score DESC, t.rating DESC, lower(t.name) ASC, t.id`,
    AltRow,
  );
  for (const row of rows)
    out.push({
      ...toToolCard(row),
      shared_tags: row.shared_tags ?? [],
      named: false,
      ...liveReasons(false, row.shared_tags ?? [], true),
    });
  if (out.length < max) {
    // Nothing similar enough: fill with the category's best-rated tools, still deterministic.
    const taken = [source.id, ...out.map((t) => t.id)];
    const fill = await queryRows(
      db,
      sql`SELECT ${sql.raw(CARD_COLUMNS)} FROM ${FROM}
          WHERE t.status = 'active' AND t.category_id = (SELECT category_id FROM tools WHERE id = ${source.id}::uuid)
            AND t.id NOT IN (${sql.join(
              taken.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})
          ORDER BY t.rating DESC, lower(t.name), t.id
          LIMIT ${max - out.length}`,
      CardRow,
    );
    for (const row of fill)
      out.push({ ...toToolCard(row), shared_tags: [], named: false, ...liveReasons(false, [], true) });
  }
  return out;
}

/** Active tools the listing names as alternatives, matched by name (case and punctuation aside) or slug. */
async function namedAlternatives(db: Db, sourceId: string, sourceTags: string[], names: string[]) {
  const wanted = names.map((n) => ({ key: nameKey(n), slug: slugify(n) })).filter((n) => n.key);
  if (!wanted.length) return [];
  const keys = [...new Set(wanted.map((w) => w.key))];
  const slugs = [...new Set(wanted.map((w) => w.slug))];
  const rows = await queryRows(
    db,
    sql`SELECT ${sql.raw(CARD_COLUMNS)}, t.name_key
        FROM ${FROM}
        WHERE t.status = 'active' AND t.id <> ${sourceId}::uuid
          AND (t.name_key IN (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )}) OR t.slug IN (${sql.join(
            slugs.map((s) => sql`${s}`),
            sql`, `,
          )}))
        ORDER BY t.rating DESC, lower(t.name), t.id`,
    NamedRow,
  );
  const lowerTags = new Set(sourceTags.map((t) => t.toLowerCase()));
  const out: Alternative[] = [];
  const seen = new Set<string>();
  // The listing's own order decides; one name may match a tool by key or by slug.
  for (const w of wanted) {
    const row = rows.find((r) => !seen.has(r.id) && (r.name_key === w.key || r.slug === w.slug));
    if (!row) continue;
    seen.add(row.id);
    const shared = row.tags.filter((t: string) => lowerTags.has(t.toLowerCase()));
    out.push({ ...toToolCard(row), shared_tags: shared, named: true, ...liveReasons(true, shared, false) });
  }
  return out;
}
