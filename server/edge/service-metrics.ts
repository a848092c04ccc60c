import type { JobCounts } from "../platform/jobs/index.ts";
import type { Metrics } from "../platform/metrics.ts";
import type { AppServices } from "../process/context.ts";
/** The caches' and the database's figures, read at scrape time. */
export function registerServiceMetrics(metrics: Metrics, services: AppServices): void {
  const api = () => services.apiCache.stats();
  metrics.counterFrom("toolscape_api_cache_hits_total", "GET /api/tools answers served from memory", () => api().hits);
  metrics.counterFrom(
    "toolscape_api_cache_misses_total",
    "Cacheable API requests that were computed",
    () => api().misses,
  );
  metrics.gaugeFrom("toolscape_api_cache_entries", "Answers held in the API cache", () => api().entries);
  metrics.gaugeFrom("toolscape_api_cache_bytes", "Memory held by the API cache", () => api().bytes);
  // One count query per scrape; both gauges share it.
  let jobCounts: Promise<JobCounts> | null = null;
  const jobs = () => {
    jobCounts ??= services.stats.jobs().finally(() => {
      jobCounts = null;
    });
    return jobCounts;
  };
  metrics.gaugeFrom("toolscape_jobs_pending", "Background jobs waiting to run", async () => (await jobs()).pending);
  metrics.gaugeFrom(
    "toolscape_jobs_failed",
    "Background jobs that gave up (kept until pruned)",
    async () => (await jobs()).failed,
  );
  const db = services.stats.db;
  const first = db();
  if (first.engine === "pglite") {
    const q = () => {
      const s = db();
      return s.engine === "pglite" ? s : null;
    };
    metrics.gaugeFrom("toolscape_db_queue_active", "Embedded database operations running", () => q()?.active ?? 0);
    metrics.gaugeFrom("toolscape_db_queue_waiting", "Embedded database operations waiting", () => q()?.queued ?? 0);
    metrics.counterFrom(
      "toolscape_db_queue_rejected_total",
      "Operations refused because the embedded database's queue was full (answered 503)",
      () => q()?.rejected ?? 0,
    );
    metrics.counterFrom(
      "toolscape_db_queue_timed_out_total",
      "Operations that waited longer than PGLITE_MAX_WAIT_MS (answered 503)",
      () => q()?.timedOut ?? 0,
    );
  } else {
    const p = () => {
      const s = db();
      return s.engine === "postgres" ? s : null;
    };
    metrics.gaugeFrom("toolscape_db_pool_connections", "PostgreSQL connections open", () => p()?.totalCount ?? 0);
    metrics.gaugeFrom("toolscape_db_pool_idle", "PostgreSQL connections idle", () => p()?.idleCount ?? 0);
    metrics.gaugeFrom(
      "toolscape_db_pool_waiting",
      "Queries waiting for a PostgreSQL connection",
      () => p()?.waitingCount ?? 0,
    );
  }
}
