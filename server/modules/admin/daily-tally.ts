import type { SQL } from "drizzle-orm";
import type { Clock } from "../../platform/clock.ts";
import { type Db, sql } from "../../platform/db/index.ts";
import type { Logger } from "../../platform/logger.ts";

/**
 * Per-day counters kept in memory and written with one upsert per flush, so the path that counts
 * (a search, a tool page) only bumps a Map entry: no awaited write per request. What an instance
 * holds between flushes (30 s by default) is lost if it dies without a clean shutdown; a clean one
 * flushes. Answers served from a cache (the page cache, the API cache) pass by the code that counts
 * searches, so search misses are a floor ("searches we computed and found nothing for") — enough
 * to rank the catalogue's to-do list. Tool views are counted in front of the page cache.
 */
export type DailyTally = {
  record(key: string): void;
  /** writes what is held; a failed write keeps the counts for the next flush */
  flush(): Promise<number>;
  start(everyMs?: number): void;
  stop(): Promise<void>;
  pending(): number;
};

export type TallyRow = { day: string; key: string; n: number };

/** Keys held in memory at most: a flood of distinct junk cannot grow memory without bound. */
const MAX_KEYS = 5_000;

export function createDailyTally(deps: {
  name: string;
  clock: Clock;
  logger: Logger;
  db: Db;
  /** the upsert for a batch; `rows` is a JSON array of {day, key, n} */
  write: (rows: string) => SQL;
}): DailyTally {
  let counts = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;

  const write = async (): Promise<number> => {
    if (counts.size === 0) return 0;
    const batch = counts;
    counts = new Map();
    const rows: TallyRow[] = [...batch].map(([k, n]) => {
      const i = k.indexOf("|");
      return { day: k.slice(0, i), key: k.slice(i + 1), n };
    });
    try {
      await deps.db.execute(deps.write(JSON.stringify(rows)));
      return rows.length;
    } catch (err) {
      // Put them back, merged with anything counted meanwhile, for the next flush.
      for (const [k, n] of batch) if (counts.size < MAX_KEYS || counts.has(k)) counts.set(k, (counts.get(k) ?? 0) + n);
      deps.logger.warn(`${deps.name}: not written, kept for the next flush`, { err, rows: rows.length });
      return 0;
    }
  };

  let chain: Promise<unknown> = Promise.resolve();
  // One flush at a time: a second caller waits for the running one, then writes what is left.
  const flush = (): Promise<number> => {
    const run = chain.then(write);
    chain = run.catch(() => 0);
    return run;
  };

  return {
    record(key) {
      if (!key) return;
      const k = `${deps.clock.now().toISOString().slice(0, 10)}|${key}`;
      const n = counts.get(k);
      if (n !== undefined) counts.set(k, n + 1);
      else if (counts.size < MAX_KEYS) counts.set(k, 1);
    },
    flush,
    start(everyMs = 30_000) {
      if (timer) return;
      timer = setInterval(() => void flush(), everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
    pending: () => counts.size,
  };
}

export const MAX_MISS_QUERY = 120;

/** Lower-case, single spaces, trimmed, capped: 'ChatGPT  Clone' and 'chatgpt clone' are one row. */
export function normaliseMissQuery(q: string): string {
  return q.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim().slice(0, MAX_MISS_QUERY);
}

export type Tallies = {
  /** searches that found nothing, by normalised query (record with the raw query) */
  searchMisses: { record(query: string): void } & Omit<DailyTally, "record">;
  /** tool page views by slug or id (resolved to the tool when written; unknown keys are dropped) */
  toolViews: DailyTally;
  startAll(everyMs?: number): void;
  stopAll(): Promise<void>;
  flushAll(): Promise<void>;
};

export function createTallies(deps: { db: Db; clock: Clock; logger: Logger }): Tallies {
  const misses = createDailyTally({
    ...deps,
    name: "search misses",
    write: (rows) => sql`
      INSERT INTO search_misses (day, query, count, last_at)
      SELECT r.day::date, r.key, r.n, now()
      FROM jsonb_to_recordset(${rows}::jsonb) AS r(day text, key text, n int)
      ON CONFLICT (day, query) DO UPDATE
        SET count = search_misses.count + EXCLUDED.count, last_at = EXCLUDED.last_at`,
  });
  const views = createDailyTally({
    ...deps,
    name: "tool views",
    write: (rows) => sql`
      INSERT INTO tool_view_days (day, tool_id, count)
      SELECT r.day::date, t.id, sum(r.n)::int
      FROM jsonb_to_recordset(${rows}::jsonb) AS r(day text, key text, n int)
      JOIN tools t ON t.slug = r.key OR t.id::text = r.key
      GROUP BY 1, 2
      ON CONFLICT (day, tool_id) DO UPDATE SET count = tool_view_days.count + EXCLUDED.count`,
  });
  const searchMisses = { ...misses, record: (query: string) => misses.record(normaliseMissQuery(query)) };
  return {
    searchMisses,
    toolViews: views,
    startAll(everyMs) {
      misses.start(everyMs);
      views.start(everyMs);
    },
    async stopAll() {
      await Promise.all([misses.stop(), views.stop()]);
    },
    async flushAll() {
      await Promise.all([misses.flush(), views.flush()]);
    },
  };
}
