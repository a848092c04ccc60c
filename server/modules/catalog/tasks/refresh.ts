import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, transaction } from "../../../platform/db/index.ts";
import { asOneContentChange } from "../../../platform/db/versions.ts";
import type { Jobs } from "../../../platform/jobs/index.ts";
import { refreshAlternatives } from "../alternatives-store.ts";
import type { FactField } from "../fact-fields.ts";
import { proposeForTask } from "./propose.ts";
import { textArray } from "./sql-arrays.ts";
import { applyAcceptedSet, ensureTasks } from "./store.ts";
import { loadTaxonomy } from "./taxonomy.ts";

/**
 * Keeping the derived rows (task proposals, alternatives) in step with the catalogue (ADR 0067).
 * - `refreshDerived`: everything from scratch — the taxonomy, every task's proposals, the accepted
 *   set, every tool's alternatives. After the first seed, for a database from before issue 32 (the
 *   backfill) and when the taxonomy file changed.
 * - `watchDerived` (every few minutes): only tools whose facts changed since the last run (their
 *   tool_fact_history rows), tools without alternatives (new, restored), and the tools that list a
 *   changed one. A quiet catalogue costs one query.
 */
export const TASKS_REFRESH_JOB = "catalog.tasks.refresh";
export const TASKS_WATCH_JOB = "catalog.tasks.watch";
export const TASKS_WATCH_EVERY_MS = 5 * 60_000;

/**
 * Facts that neither a task's proposals (the search text, the category, the status) nor a tool's
 * alternatives (name, category, pricing model, tags, named alternatives) read: a change of one alone
 * leaves the derived rows as they are. The bundled logos' first pass writes ~280 logo facts, which made
 * the next watch recompute those tools and every list that shows them (15 s on the embedded engine).
 * A fact not listed here (a new one too) is recomputed after, as before.
 */
const NOT_DERIVED_FROM: readonly FactField[] = [
  "pricing",
  "plans",
  "website_url",
  "logo_url",
  "has_api",
  "licence",
  "self_hostable",
  "data_use",
];

const SeenRow = z.object({ seen: z.number(), latest: z.number() });
const IdRow = z.object({ id: z.string() });

async function historyMarks(db: Db) {
  const [row] = await queryRows(
    db,
    sql`SELECT (SELECT fact_history_seen FROM derived_refresh_state WHERE id = 1)::float8 AS seen,
               coalesce((SELECT max(id) FROM tool_fact_history), 0)::float8 AS latest`,
    SeenRow,
  );
  return row ?? { seen: 0, latest: 0 };
}

async function markSeen(db: Db, latest: number, now: Date) {
  await db.execute(
    sql`UPDATE derived_refresh_state SET fact_history_seen = greatest(fact_history_seen, ${latest}::bigint),
          refreshed_at = ${now.toISOString()}::timestamptz WHERE id = 1`,
  );
}

export function refreshDerived(db: Db, now: Date): Promise<{ proposals: number; alternatives: number }> {
  // Hundreds of transactions, one change of what pages show: the caches are emptied once, at the end.
  return asOneContentChange(db, async (db) => {
    const { latest } = await historyMarks(db);
    const defs = loadTaxonomy();
    await ensureTasks(db, now, defs);
    let proposals = 0;
    for (const task of defs) proposals += await proposeForTask(db, task, now);
    await transaction(db, (tx) => applyAcceptedSet(tx, now));
    const alternatives = await refreshAlternatives(db, now);
    await markSeen(db, latest, now);
    return { proposals, alternatives };
  });
}

export async function watchDerived(db: Db, now: Date): Promise<{ tools: number }> {
  const { seen, latest } = await historyMarks(db);
  const changed = await queryRows(
    db,
    sql`SELECT DISTINCT h.tool_id::text AS id FROM tool_fact_history h WHERE h.id > ${seen}::bigint AND h.id <= ${latest}::bigint
          AND h.field <> ALL (${textArray(NOT_DERIVED_FROM)})
        UNION
        SELECT t.id::text FROM tools t WHERE t.status = 'active'
          AND NOT EXISTS (SELECT 1 FROM tool_alternatives a WHERE a.tool_id = t.id)`,
    IdRow,
  );
  if (!changed.length) {
    if (latest > seen) await markSeen(db, latest, now);
    return { tools: 0 };
  }
  const ids = changed.map((r) => r.id);
  // As in refreshDerived: one move of the content version for the whole run (a backfill of new tools is
  // a few hundred transactions; a quiet catalogue returned above and moves nothing).
  return asOneContentChange(db, async (db) => {
    for (const task of loadTaxonomy()) await proposeForTask(db, task, now, ids);
    // Lists that show a changed tool carry its old reasons (cheaper, open source): they are recomputed too.
    const listing = await queryRows(
      db,
      sql`SELECT DISTINCT a.tool_id::text AS id FROM tool_alternatives a
        WHERE a.alternative_id::text IN (SELECT x FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) AS x)`,
      IdRow,
    );
    const all = [...new Set([...ids, ...listing.map((r) => r.id)])];
    await refreshAlternatives(db, now, all);
    await markSeen(db, latest, now);
    return { tools: ids.length };
  });
}

/** Whether this database has never had its derived rows computed (before issue 32, or a fresh seed). */
export async function derivedOwed(db: Db): Promise<boolean> {
  const [row] = await queryRows(
    db,
    sql`SELECT NOT EXISTS (SELECT 1 FROM task_tools) OR NOT EXISTS (SELECT 1 FROM tool_alternatives) AS owed`,
    z.object({ owed: z.boolean() }),
  );
  return row?.owed ?? false;
}

export function registerTaskJobs(deps: { db: Db; jobs: Jobs }): void {
  deps.jobs.register(TASKS_REFRESH_JOB, async (_payload, ctx) => {
    await refreshDerived(deps.db, ctx.now);
  });
  deps.jobs.register(TASKS_WATCH_JOB, async (_payload, ctx) => {
    await watchDerived(deps.db, ctx.now);
  });
  deps.jobs.every(TASKS_WATCH_JOB, TASKS_WATCH_EVERY_MS);
}

/** Asks for a full recomputation soon (one pending at a time): boot after a taxonomy change, the admin's button. */
export async function requestDerivedRefresh(jobs: Jobs): Promise<void> {
  await jobs.enqueue({ type: TASKS_REFRESH_JOB, key: "now" });
}
