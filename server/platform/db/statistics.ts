import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Jobs } from "../jobs/index.ts";
import { type Db, type Engine, queryRows } from "./index.ts";

/**
 * What PostgreSQL's autovacuum does, for PGlite, which has none.
 *
 * Without it an embedded database is never vacuumed and never analysed. Every update leaves the old
 * row version behind, so a table only grows. The seed alone writes each tool about five times (import,
 * enrichment, quality pass, derived figures, quality scores): the seeded `tools` table held 2,658 live
 * rows and 10,599 dead ones in 1,239 pages, and every scan read them all. Measured on the seeded
 * catalogue (PGlite, same process, median of 7): the search's match scan 23.1 → 2.9 ms after one
 * `VACUUM ANALYZE`, a bare `count(*)` of active tools 5.4 → 1.0 ms. Without statistics the planner
 * plans blind too (`status = 'active'` estimated at 37 rows of 2,658; the search's rare-word narrowing
 * reads pg_stats, which stay empty).
 *
 * The seed ends with `VACUUM (FULL, ANALYZE)` on both engines (on PostgreSQL so the first searches do not
 * wait for autovacuum). FULL because a plain vacuum only marks the old versions' space free: the seeded
 * tables kept their size (`tools` 41.8 MB with its indexes, 10.4 MB of rows), and every scan still read
 * the empty pages. Rewritten, `tools` is 11.9 MB (3.0 MB of rows) and the whole database 41.8 MB instead
 * of 74.3 MB; on the seeded catalogue (PGlite, mean of 20) the default order's first page 6.8 → 1.9 ms,
 * a name match 35.1 → 12.2 ms, and opening the seeded snapshot 1.5–2.1 → 0.9–1.2 s. The seed runs before
 * the server listens, so the exclusive lock FULL takes waits for no one. On PGlite this job reads the table counters every ten minutes and, like autovacuum
 * with its default settings, vacuums a table whose dead rows exceed 50 + 20 % of its live rows, and
 * analyses one whose changes since its last analysis exceed 50 + 10 %. A table that was never analysed
 * (a database from before this job, or counters lost in a crash) is vacuumed and analysed on the first
 * run. PGlite answers nothing else while it vacuums: about a second for the whole seeded database,
 * milliseconds for one table a few hundred updates behind.
 */
export const STATISTICS_JOB = "db.statistics";
export const STATISTICS_EVERY_MS = 10 * 60 * 1000;

/** PostgreSQL's defaults: autovacuum_vacuum_threshold / _scale_factor, autovacuum_analyze_* . */
export const VACUUM_THRESHOLD = { base: 50, scale: 0.2 } as const;
export const ANALYZE_THRESHOLD = { base: 50, scale: 0.1 } as const;

/** The seed's last step: the catalogue just written, compacted and measured. */
export async function refreshStatistics(db: Db): Promise<void> {
  await db.execute(sql`VACUUM (FULL, ANALYZE)`);
}

const TableCounters = z.object({
  table: z.string(),
  live: z.number(),
  dead: z.number(),
  changed: z.number(),
  analysed: z.boolean(),
});

export type Maintenance = { vacuumed: string[]; analysed: string[] };

/** Vacuums and analyses the tables of the current schema that autovacuum would; says which. */
export async function maintainTables(db: Db): Promise<Maintenance> {
  // The counters of this session's own last writes reach the shared statistics at the end of its next
  // transaction, at most once a second unless forced: force it, so the reading below sees them.
  await db.execute(sql`SELECT pg_stat_force_next_flush()`);
  const tables = await queryRows(
    db,
    sql`SELECT relname::text AS table, n_live_tup::float8 AS live, n_dead_tup::float8 AS dead,
               n_mod_since_analyze::float8 AS changed,
               (last_analyze IS NOT NULL OR last_autoanalyze IS NOT NULL) AS analysed
          FROM pg_stat_user_tables WHERE schemaname = current_schema() ORDER BY relname`,
    TableCounters,
  );
  const done: Maintenance = { vacuumed: [], analysed: [] };
  for (const t of tables) {
    const vacuum = !t.analysed || t.dead > VACUUM_THRESHOLD.base + VACUUM_THRESHOLD.scale * t.live;
    const analyse = vacuum || t.changed > ANALYZE_THRESHOLD.base + ANALYZE_THRESHOLD.scale * t.live;
    if (!analyse) continue;
    // The name comes from the catalogue of this schema; quoted as an identifier all the same.
    const name = sql.identifier(t.table);
    await db.execute(vacuum ? sql`VACUUM (ANALYZE) ${name}` : sql`ANALYZE ${name}`);
    if (vacuum) done.vacuumed.push(t.table);
    done.analysed.push(t.table);
  }
  return done;
}

export function registerStatisticsJob(deps: { jobs: Jobs; db: Db; engine: Engine }): void {
  if (deps.engine !== "pglite") return;
  deps.jobs.register(STATISTICS_JOB, async () => {
    await maintainTables(deps.db);
  });
  deps.jobs.every(STATISTICS_JOB, STATISTICS_EVERY_MS);
}
