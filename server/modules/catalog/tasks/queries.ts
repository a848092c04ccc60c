import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { memoByVersion } from "../../../platform/db/content-version.ts";
import { type Db, queryRows } from "../../../platform/db/index.ts";
import { decisionConditions } from "../decision-filters.ts";
import type { ToolListQuery } from "../query-schema.ts";
import { POPULARITY_PRIOR } from "../search.ts";
import { documentFrequencies } from "../search-relaxed.ts";
import { CARD_COLUMNS, CardRow, type ToolCard, toToolCard } from "../tool-shapes.ts";
import { TASK_PAGE_TOOLS, type TaskPrice } from "./shared-constants.ts";
import { textArray } from "./sql-arrays.ts";
import { contentWords } from "./taxonomy.ts";

/**
 * Reading tasks (issue 32, ADR 0067): the /tasks index, a task's page, the search's "Tasks that
 * match", the MCP tools and the open-data dump. A task's tools are its accepted and proposed pairs
 * (never rejected ones) among active tools, accepted first, then by the rule's score plus the
 * catalogue's popularity prior (ranking.ts), the same prior search ranks by.
 */
export type TaskSummary = { slug: string; name: string; description: string; group: string; tool_count: number };
export type TaskDetail = TaskSummary & { synonyms: string[]; categories: string[]; updated_at: string };
export type TaskTool = ToolCard & { task_status: "accepted" | "proposed" };

const PRICE_MODELS: Record<TaskPrice, string[]> = {
  free: ["free", "open_source"],
  freemium: ["freemium"],
  paid: ["paid", "subscription", "enterprise"],
};

const SummaryRow = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  group: z.string(),
  tool_count: z.number(),
});
const DetailRow = SummaryRow.extend({
  synonyms: z.array(z.string()),
  categories: z.array(z.string()),
  related: z.array(z.string()),
  updated_at: z.string(),
});

const TOOL_COUNT = sql`(SELECT count(*)::int FROM task_tools tt JOIN tools t ON t.id = tt.tool_id
                        WHERE tt.task_slug = k.slug AND tt.status <> 'rejected' AND t.status = 'active')`;

/** Every task with its number of tools, in the taxonomy's order (memoised by content version). */
export async function allTasks(db: Db): Promise<TaskSummary[]> {
  return memoByVersion(db, "catalog:tasks:all", () =>
    queryRows(
      db,
      sql`SELECT k.slug, k.name, k.description, k.group_name AS "group", ${TOOL_COUNT} AS tool_count
          FROM tasks k ORDER BY k.sort_order, k.slug`,
      SummaryRow,
    ),
  );
}

/** Tasks grouped for /tasks, groups in the taxonomy's order. */
export async function taskGroups(db: Db): Promise<{ group: string; tasks: TaskSummary[] }[]> {
  const groups = new Map<string, TaskSummary[]>();
  for (const t of await allTasks(db)) groups.set(t.group, [...(groups.get(t.group) ?? []), t]);
  return [...groups].map(([group, tasks]) => ({ group, tasks }));
}

export async function getTask(db: Db, slug: string): Promise<(TaskDetail & { related: TaskSummary[] }) | null> {
  const [row] = await queryRows(
    db,
    sql`SELECT k.slug, k.name, k.description, k.group_name AS "group", ${TOOL_COUNT} AS tool_count,
               ARRAY(SELECT s.phrase FROM task_synonyms s WHERE s.task_slug = k.slug ORDER BY s.phrase) AS synonyms,
               k.categories, k.related, k.updated_at::text AS updated_at
        FROM tasks k WHERE k.slug = ${slug.toLowerCase().slice(0, 120)}`,
    DetailRow,
  );
  if (!row) return null;
  const all = await allTasks(db);
  const related = row.related.flatMap((s) => all.find((t) => t.slug === s) ?? []);
  const { related: _slugs, ...task } = row;
  return { ...task, related };
}

const TaskToolRow = CardRow.extend({ task_status: z.enum(["accepted", "proposed"]) });

/** A task's tools, best first, optionally of one price band. */
export async function toolsForTask(
  db: Db,
  slug: string,
  options: { price?: TaskPrice; limit?: number; offset?: number; decision?: ToolListQuery["decision"] } = {},
): Promise<{ tools: TaskTool[]; total: number }> {
  const models = options.price ? PRICE_MODELS[options.price] : null;
  const decision = decisionConditions(options.decision).map((c) => sql` AND ${c}`);
  const where = sql`tt.task_slug = ${slug} AND tt.status <> 'rejected' AND t.status = 'active'
    ${models ? sql`AND t.pricing_model::text = ANY (${textArray(models)})` : sql``}${sql.join(decision, sql``)}`;
  const limit = Math.max(1, Math.min(100, options.limit ?? TASK_PAGE_TOOLS));
  const [rows, [count]] = await Promise.all([
    queryRows(
      db,
      sql`SELECT ${sql.raw(CARD_COLUMNS)}, tt.status::text AS task_status
          FROM task_tools tt JOIN tools t ON t.id = tt.tool_id
          JOIN categories c ON c.id = t.category_id LEFT JOIN providers p ON p.id = t.provider_id
          WHERE ${where}
          ORDER BY (tt.status = 'accepted') DESC, tt.score + ${POPULARITY_PRIOR} DESC, lower(t.name), t.id
          LIMIT ${limit} OFFSET ${Math.max(0, options.offset ?? 0)}`,
      TaskToolRow,
    ),
    queryRows(
      db,
      sql`SELECT count(*)::int AS n FROM task_tools tt JOIN tools t ON t.id = tt.tool_id WHERE ${where}`,
      z.object({ n: z.number() }),
    ),
  ]);
  return {
    tools: rows.map((r) => ({ ...toToolCard(r), task_status: r.task_status })),
    total: count?.n ?? 0,
  };
}

type TaskWithSynonyms = TaskSummary & { synonyms: readonly string[] };
/** A phrasing as scoreTasks compares it: its content words (spelling normalised), their stems, the words joined. */
type Phrasing = { words: string[]; stems: string[]; exact: string };
type PreparedTask = { task: TaskWithSynonyms; phrasings: Phrasing[] };

/**
 * Each task's name (first) and phrasings, normalised once per list of tasks (the list is memoised by
 * content version): a search compares its few words with them, never re-reading thousands of phrasings.
 */
const prepared = new WeakMap<object, { tasks: PreparedTask[]; vocabulary: Set<string> }>();
function prepareTasks(tasks: readonly TaskWithSynonyms[]): { tasks: PreparedTask[]; vocabulary: Set<string> } {
  let ready = prepared.get(tasks);
  if (!ready) {
    const list = tasks.map((task) => ({
      task,
      phrasings: [task.name, ...task.synonyms].map((phrase) => {
        const words = contentWords(normaliseSpelling(phrase));
        return { words, stems: words.map(wordStem), exact: words.join(" ") };
      }),
    }));
    ready = { tasks: list, vocabulary: new Set(list.flatMap((t) => t.phrasings.flatMap((p) => p.words))) };
    prepared.set(tasks, ready);
  }
  return ready;
}

/** Tasks whose name or phrasings share words with `query`; every word of a short query must match. */
export function scoreTasks(
  tasks: readonly TaskWithSynonyms[],
  query: string,
  /** words that may be read as a task's word one or two edits away (see correctTypos); none by default */
  misspelt: ReadonlySet<string> = new Set(),
): { task: TaskSummary; score: number }[] {
  const ready = prepareTasks(tasks);
  const typed = contentWords(normaliseSpelling(query));
  const words = [...new Set(correctTypos(typed, ready.vocabulary, misspelt))];
  if (!words.length) return [];
  const stems = words.map(wordStem);
  const exact = words.join(" ");
  const out: { task: TaskSummary; score: number }[] = [];
  for (const { task, phrasings } of ready.tasks) {
    let best = 0;
    for (const [i, mine] of phrasings.entries()) {
      if (!mine.words.length) continue;
      // The very phrasing, in its order ('text to speech' is not 'speech to text').
      if (mine.exact === exact) {
        best = Math.max(best, 3);
        continue;
      }
      let hit = 0;
      for (const [k, w] of words.entries()) if (sharesWord(mine, w, stems[k] as string)) hit++;
      // A phrasing matches when it covers the query (short queries) or the query covers it (long ones).
      const covered = hit / words.length;
      const coverage = hit / mine.words.length;
      const score =
        hit === 0 ? 0 : Math.max(covered === 1 ? 1 + coverage : 0, coverage === 1 ? 0.9 + covered * 0.5 : 0);
      // The task's own name says it best; tasks with more tools break the remaining ties (below).
      if (score > 0 && i === 0) best = Math.max(best, score + 0.1);
      if (score > best) best = score;
    }
    if (best > 0) out.push({ task: stripSynonyms(task), score: best });
  }
  return out.sort(
    (a, b) => b.score - a.score || b.task.tool_count - a.task.tool_count || a.task.name.localeCompare(b.task.name),
  );
}

/** sameWord(m, w) for some word m of the phrasing, with the stems computed ahead. */
function sharesWord(phrasing: Phrasing, word: string, stem: string): boolean {
  for (const [j, m] of phrasing.words.entries()) {
    if (m === word) return true;
    if (stem.length >= 3 && phrasing.stems[j] === stem) return true;
  }
  return false;
}

const stripSynonyms = ({ slug, name, description, group, tool_count }: TaskSummary): TaskSummary => ({
  slug,
  name,
  description,
  group,
  tool_count,
});

const LexizeRow = z.object({ word: z.string(), stems: z.array(z.string()).nullable() });

/**
 * The query's words that may be typos: words no published tool uses (their English stem is not in the
 * catalogue, ts_stat), in a query of two or more words. A single word is left as typed, so a brand
 * the tasks do not name ('claude', 'udio') is never read as a task's word ('clause', 'audio').
 */
export async function misspeltWords(db: Db, query: string): Promise<Set<string>> {
  const words = [...new Set(contentWords(normaliseSpelling(query)))];
  if (words.length < 2) return new Set();
  const [rows, freq] = await Promise.all([
    queryRows(
      db,
      sql`SELECT w AS word, ts_lexize('english_stem', w) AS stems FROM unnest(${textArray(words)}) AS w`,
      LexizeRow,
    ),
    documentFrequencies(db),
  ]);
  return new Set(rows.filter((r) => !(r.stems ?? [r.word]).some((s) => freq.df.has(s))).map((r) => r.word));
}

/** Words this short are not corrected: one edit away lie too many other words. */
const MIN_TYPO_WORD = 4;

/**
 * A word the tasks do not use, one edit (an insertion, deletion, substitution or swap of adjacent
 * letters) from a word they use, read as that word ('subtitel' → subtitle, 'backround' → background,
 * 'presentaion' → presentation); two edits for words of eight letters or more. The closest wins, then
 * the alphabetically first, so the reading is repeatable. Other words stay as typed.
 */
export function correctTypos(
  words: string[],
  vocabulary: ReadonlySet<string>,
  misspelt: ReadonlySet<string>,
): string[] {
  return words.map((w) => {
    if (!misspelt.has(w) || w.length < MIN_TYPO_WORD || /\d/.test(w) || vocabulary.has(w)) return w;
    if ([...vocabulary].some((v) => sameWord(v, w))) return w;
    const allowed = w.length >= 8 ? 2 : 1;
    let best: string | null = null;
    let bestDistance = allowed + 1;
    for (const v of vocabulary) {
      if (Math.abs(v.length - w.length) > allowed || v.length < MIN_TYPO_WORD) continue;
      const d = editDistance(w, v, allowed);
      if (d < bestDistance || (d === bestDistance && best !== null && v < best)) {
        best = v;
        bestDistance = d;
      }
    }
    return best ?? w;
  });
}

/** Optimal string alignment distance (Levenshtein plus adjacent swaps), stopping past `cap`. */
function editDistance(a: string, b: string, cap: number): number {
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (prev2[j - 2] as number) + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > cap) return cap + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length] as number;
}

/** 'summarise' and 'summarize', 'videos' and 'video': one word for matching. */
function normaliseSpelling(s: string): string {
  return s
    .toLowerCase()
    .replace(/(\w{3,})is(e|ed|es|ing|er|ation)\b/g, "$1iz$2")
    .replace(/colour/g, "color");
}
/** A word without its common ending: two words with the same stem of three letters or more are one word. */
function wordStem(w: string): string {
  return w.replace(/(ies|es|s|ed|ing|er|ers|ation)$/, "").replace(/(e|y)$/, "");
}
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const sa = wordStem(a);
  return sa.length >= 3 && sa === wordStem(b);
}

const SynonymRow = z.object({ slug: z.string(), synonyms: z.array(z.string()) });

async function tasksWithSynonyms(db: Db) {
  return memoByVersion(db, "catalog:tasks:synonyms", async () => {
    const [tasks, synonyms] = await Promise.all([
      allTasks(db),
      queryRows(
        db,
        sql`SELECT task_slug AS slug, array_agg(phrase ORDER BY phrase) AS synonyms FROM task_synonyms GROUP BY task_slug`,
        SynonymRow,
      ),
    ]);
    const bySlug = new Map(synonyms.map((s) => [s.slug, s.synonyms]));
    return tasks.map((t) => ({ ...t, synonyms: bySlug.get(t.slug) ?? [] }));
  });
}

export type MatchedTask = TaskSummary & {
  score: number;
  tools: { slug: string; name: string; logo_url: string | null }[];
};

/**
 * The tasks a search query names, with their top tools (the search page's "Tasks that match", and
 * fusion leg (c) of the hybrid search). Stable signature: (services, query, limit). Lexical today;
 * a vector leg joins when the embedding service is merged.
 */
export async function matchTasks(services: { db: Db }, query: string, limit = 3): Promise<MatchedTask[]> {
  const q = query.trim().slice(0, 200);
  if (!q) return [];
  const [all, misspelt] = await Promise.all([tasksWithSynonyms(services.db), misspeltWords(services.db, q)]);
  const scored = scoreTasks(all, q, misspelt).slice(0, Math.max(0, Math.min(20, limit)));
  return Promise.all(
    scored.map(async ({ task, score }) => {
      const { tools } = await toolsForTask(services.db, task.slug, { limit: 3 });
      return {
        ...task,
        score: Math.round(score * 1000) / 1000,
        tools: tools.map((t) => ({ slug: t.slug, name: t.name, logo_url: t.logo_url })),
      };
    }),
  );
}

const TaskLegRow = z.object({ id: z.string(), task_slug: z.string() });

/** How many of the best-matching tasks give their tools to the search's tasks leg. */
export const TASK_LEG_TASKS = 3;
/** A task scoring below this share of the best match's score gives no tools (a weaker reading of the query). */
const TASK_LEG_SHARE = 0.8;

/**
 * The search's tasks leg (issue 32 item 1 (c), ADR 0074): the tools of the tasks the query names
 * (scoreTasks, the same match as "Tasks that match"), under the listing's filters. Tasks in the
 * order of their match, each one's tools in its page's order: accepted by an editor or a test first,
 * then the proposed ones (rules and vectors) by their score and the popularity prior. A tool listed
 * under two matched tasks keeps its better place.
 */
export async function tasksLeg(
  db: Db,
  query: string,
  filters: SQL,
  limit: number,
): Promise<{ ids: string[]; tasks: string[] }> {
  const q = query.trim().slice(0, 200);
  if (!q) return { ids: [], tasks: [] };
  const [all, misspelt] = await Promise.all([tasksWithSynonyms(db), misspeltWords(db, q)]);
  const scored = scoreTasks(all, q, misspelt);
  const best = scored[0]?.score ?? 0;
  const tasks = scored
    .filter((s) => s.score >= best * TASK_LEG_SHARE)
    .slice(0, TASK_LEG_TASKS)
    .map((s) => s.task.slug);
  if (!tasks.length) return { ids: [], tasks: [] };
  const rows = await queryRows(
    db,
    sql`SELECT t.id::text AS id, tt.task_slug FROM task_tools tt JOIN tools t ON t.id = tt.tool_id
        WHERE tt.task_slug = ANY (${textArray(tasks)}) AND tt.status <> 'rejected' AND ${filters}
        ORDER BY (tt.status = 'accepted') DESC, tt.score + ${POPULARITY_PRIOR} DESC, lower(t.name), t.id`,
    TaskLegRow,
  );
  const ids: string[] = [];
  const seen = new Set<string>();
  // Round by round: each matched task's next tool, the better-matching task first.
  const byTask = tasks.map((slug) => rows.filter((r) => r.task_slug === slug).map((r) => r.id));
  for (let i = 0; ids.length < limit && byTask.some((list) => i < list.length); i++) {
    for (const list of byTask) {
      const id = list[i];
      if (id === undefined || seen.has(id)) continue;
      seen.add(id);
      ids.push(id);
    }
  }
  return { ids: ids.slice(0, limit), tasks };
}

/** /tasks and the MCP's list_tasks: optionally narrowed by words or a group, paged. */
export async function listTasks(
  db: Db,
  options: { query?: string; group?: string; limit?: number; offset?: number } = {},
): Promise<{ tasks: TaskSummary[]; total: number; groups: string[] }> {
  const all = await tasksWithSynonyms(db);
  const groups = [...new Set(all.map((t) => t.group))];
  let list: TaskSummary[] = all.map(stripSynonyms);
  if (options.group) list = list.filter((t) => t.group.toLowerCase() === options.group?.toLowerCase());
  if (options.query?.trim()) {
    const allowed = new Set(list.map((t) => t.slug));
    list = scoreTasks(all, options.query)
      .map((s) => s.task)
      .filter((t) => allowed.has(t.slug));
  }
  const offset = Math.max(0, options.offset ?? 0);
  const limit = Math.max(1, Math.min(100, options.limit ?? 50));
  return { tasks: list.slice(offset, offset + limit), total: list.length, groups };
}

/** Task names by slug, for alternatives' reasons. */
export async function taskNames(db: Db): Promise<Record<string, string>> {
  return Object.fromEntries((await allTasks(db)).map((t) => [t.slug, t.name]));
}
