import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, transaction } from "../../../platform/db/index.ts";
import { floatArray, textArray } from "./sql-arrays.ts";
import type { TaskDefinition } from "./taxonomy.ts";

/**
 * Rules that propose tools for a task (issue 32, ADR 0067). Every phrasing of the task (its name and
 * synonyms, each also in American spelling) becomes one full-text query: all its words must occur in
 * the tool's indexed text, the longer stems as prefixes ('summar:*' finds 'summary', 'summarize' and
 * 'summaries', which English stemming keeps apart). A tool's score is the sum of its rank over the
 * phrasings it matches (name > tags and category > one-line description > long text), plus a little
 * for a tool in a category the task belongs near. A proposal is only a proposal: pages show it, but an
 * editor's or the committed accepted set's decision is never overwritten by a recomputation.
 */
export const PROPOSE_RULES = {
  /** tools kept per task (the page shows fewer; the rest wait for an editor) */
  maxPerTask: 40,
  minScore: 0.12,
  /** added when the tool sits in one of the task's categories */
  nearCategory: 0.15,
  /** ts_rank weights for D (long text), C (one-line description), B (tags, category), A (name) */
  rankWeights: "{0.05,0.3,0.6,1.0}",
  /** stems at least this long match as prefixes */
  prefixFrom: 5,
} as const;
export const RULE_SOURCE = "rules:v1";

/** British → American spellings the catalogue's (mostly American) text uses. */
const SPELLINGS: [RegExp, string][] = [
  [/(\w{3,})is(e|ed|es|ing|er|ers|ation|ations)\b/g, "$1iz$2"],
  [/(\w{3,})ys(e|ed|es|ing|er|ers)\b/g, "$1yz$2"],
  [/colour/g, "color"],
  [/practis/g, "practic"],
  [/\bcv\b/g, "resume"],
];
/** Stems whose prefix means something else ('product' would find 'productivity'). */
const NO_PREFIX = ["product'", "present'", "market'", "person'"];
/** Words every listing carries, which would make a phrasing match everything. */
const NOISE = /\b(ai|a\.i\.|artificial intelligence|tool|tools|app|online|free|best)\b/g;

export function phrasingsOf(task: Pick<TaskDefinition, "name" | "synonyms">): string[] {
  const out = new Set<string>();
  for (const raw of [task.name, ...task.synonyms]) {
    const base = raw.toLowerCase().replace(NOISE, " ").replace(/\s+/g, " ").trim();
    if (!base) continue;
    out.add(base);
    out.add(SPELLINGS.reduce((s, [re, to]) => s.replace(re, to), base));
  }
  return [...out];
}

const ScoreRow = z.object({ id: z.string(), score: z.number() });

/** The rule's scores for one task: tool id → score, best first, at most maxPerTask. */
export async function ruleScores(
  db: Db,
  task: Pick<TaskDefinition, "name" | "synonyms" | "categories">,
  onlyTools?: readonly string[],
): Promise<{ id: string; score: number }[]> {
  const phrases = phrasingsOf(task);
  if (!phrases.length) return [];
  const R = PROPOSE_RULES;
  return queryRows(
    db,
    sql`WITH qs AS MATERIALIZED (
          SELECT regexp_replace(q::text, ${`'((?!${NO_PREFIX.join("|")})[^']{${R.prefixFrom},})'`}, '''\\1'':*', 'g')::tsquery AS q
          -- 'speech to text' is not 'text to speech': a phrasing naming a conversion keeps its order.
          FROM (SELECT CASE WHEN p ~ '\\mto\\M' THEN phraseto_tsquery('english', unaccent(p))
                            ELSE plainto_tsquery('english', unaccent(p)) END AS q
                FROM unnest(${textArray(phrases)}) AS p) x
          WHERE q::text <> ''
        )
        SELECT t.id::text AS id,
               (sum(ts_rank(${R.rankWeights}::float4[], t.search_vector, qs.q))
                + CASE WHEN c.slug = ANY (${textArray(task.categories)}) THEN ${R.nearCategory}::float8 ELSE 0 END)::float8 AS score
        FROM tools t JOIN qs ON t.search_vector @@ qs.q JOIN categories c ON c.id = t.category_id
        WHERE t.status = 'active' ${onlyTools ? sql`AND t.id::text = ANY (${textArray(onlyTools)})` : sql``}
        GROUP BY t.id, c.slug
        HAVING sum(ts_rank(${R.rankWeights}::float4[], t.search_vector, qs.q)) > 0
        ORDER BY score DESC, t.id
        LIMIT ${R.maxPerTask}`,
    ScoreRow,
  ).then((rows) => rows.filter((r) => r.score >= R.minScore));
}

/**
 * Replaces one task's rule proposals (of `onlyTools` when given: the watch job's tools that changed): new scores written, proposals the rules no longer make removed.
 * Accepted and rejected rows keep their status (an editor decided); only their score follows the rules.
 */
export async function proposeForTask(
  db: Db,
  task: TaskDefinition,
  now: Date,
  onlyTools?: readonly string[],
): Promise<number> {
  const scores = await ruleScores(db, task, onlyTools);
  await transaction(db, async (tx) => {
    const ids = scores.map((s) => s.id);
    await tx.execute(
      sql`DELETE FROM task_tools WHERE task_slug = ${task.slug} AND status = 'proposed' AND method = 'rule'
            AND NOT (tool_id::text = ANY (${textArray(ids)}))
            ${onlyTools ? sql`AND tool_id::text = ANY (${textArray(onlyTools)})` : sql``}`,
    );
    if (!scores.length) return;
    await tx.execute(
      sql`INSERT INTO task_tools (task_slug, tool_id, status, score, method, source, updated_at)
          SELECT ${task.slug}, s.id::uuid, 'proposed', s.score, 'rule', ${RULE_SOURCE}, ${now.toISOString()}::timestamptz
          FROM unnest(${textArray(ids)}, ${floatArray(scores.map((s) => s.score))}) AS s(id, score)
          ON CONFLICT (task_slug, tool_id) DO UPDATE SET score = excluded.score
          WHERE task_tools.score IS DISTINCT FROM excluded.score`,
    );
  });
  return scores.length;
}
