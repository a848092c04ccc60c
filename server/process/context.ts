import type { Auth, CrawlerCheck } from "../modules/accounts/index.ts";
import type { Tallies } from "../modules/admin/index.ts";
import type { BillingHooks } from "../modules/billing/index.ts";
import type { ToolMergeStep } from "../modules/catalog/index.ts";
import type { GrowthWiring } from "../modules/growth/index.ts";
import type { Activity } from "../platform/activity.ts";
import type { Clock } from "../platform/clock.ts";
import type { Database, DbStats } from "../platform/db/index.ts";
import type { DnsResolver } from "../platform/dns.ts";
import type { Env } from "../platform/env.ts";
import type { JobCounts, Jobs } from "../platform/jobs/index.ts";
import type { Logger } from "../platform/logger.ts";
import type { Mailer } from "../platform/mail.ts";
import type { CacheStats, ResponseCache } from "../platform/response-cache.ts";

/** What every request handler (API and React Router loaders) is given: no module-level singletons. */
export type AppServices = {
  db: Database["db"];
  engine: Database["engine"];
  env: Env;
  /** the time every date-based rule reads (tests move it) */
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  /** reverse and forward DNS (a fake in tests): verifies search engines' crawlers */
  dns: DnsResolver;
  /** which requests are a verified search engine crawler (modules/accounts crawlers.ts) */
  crawlers: CrawlerCheck;
  /** the durable job runner (ADR 0009): register handlers at boot, enqueue inside your transaction */
  jobs: Jobs;
  /** better-auth on our tables (sessions, sign-in, OAuth); see modules/accounts */
  auth: Auth;
  /** referrals and affiliates: billing's grant for the referral reward, the affiliate payout channel */
  growth: GrowthWiring;
  /** per-day counters kept in memory and flushed in batches: search misses, tool views (modules/admin) */
  tallies: Tallies;
  /** cached GET /api/tools answers (per instance, by content version) */
  apiCache: ResponseCache;
  /** counters for metrics: PGlite's queue or PostgreSQL's pool, and the page cache once the app has one */
  stats: {
    db: () => DbStats;
    pageCache: (() => CacheStats) | null;
    /** members' own pages kept rendered (ADR 0059), when the page cache is on */
    memberPageCache?: () => CacheStats;
    jobs: () => Promise<JobCounts>;
  };
  /** other modules' reactions to payments and refunds (affiliate commissions), run in billing's transaction */
  billingHooks: BillingHooks[];
  /** every module's tool-merge steps, in the order a merge runs them (assembled in server.ts; ADR 0033) */
  toolMergeSteps: readonly ToolMergeStep[];
  /** members' contributions as events (badges, points, streaks): emit inside your transaction */
  activity: Activity;
};

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    requestId: string;
    /** the client address the HTTP layer trusts (rate limiting) */
    clientIp: string;
    /** Hands the HTTP layer the cause of a failure React Router caught (logged with the 5xx). */
    reportError(error: unknown): void;
    /** the gate in front of the page cache counted this visitor's tool view: render the public page */
    publicToolView?: boolean;
    /** a search engine's crawler, verified by its address (not only its User-Agent) */
    crawler?: boolean;
    /**
     * A signed-in member's page rendered as the shared page of their tier (ADR 0032): loaders see no
     * viewer (nothing personal is rendered or queried) and use this tier for tier-gated content. The
     * member's own parts arrive through GET /api/me/page-state after hydration.
     */
    audience?: import("../modules/accounts/index.ts").Tier;
  }
}
