import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createApp } from "../edge/app.ts";
import {
  accountsMergeSteps,
  createAuth,
  createCrawlerCheck,
  markVerifiedCrawler,
  type PasswordHashing,
  registerChangeAlertJobs,
  seedDemoAccounts,
} from "../modules/accounts/index.ts";
import { createTallies } from "../modules/admin/index.ts";
import { grantPlanDaysOn, paymentProviders, registerBillingJobs } from "../modules/billing/index.ts";
import {
  catalogJobOwed,
  catalogMergeSteps,
  DOMAIN_REKEY_JOB,
  registerDomainRekeyJob,
  registerDuplicateJobs,
  registerQualityJobs,
  registerTaskJobs,
  registerToolVectorJobs,
  requestDerivedRefresh,
  seedCatalog,
  setSearchWarning,
  setVectorBudget,
} from "../modules/catalog/index.ts";
import {
  communityMergeSteps,
  onActivity,
  registerAmaJobs,
  registerDiscussionJobs,
  registerRatingJobs,
  registerTrendingJobs,
} from "../modules/community/index.ts";
import { contentMergeSteps, registerContentJobs, registerSupportJobs } from "../modules/content/index.ts";
import {
  type GrowthWiring,
  growthBillingHooks,
  onMemberCreated,
  onMemberEmailVerified,
  registerGrowthJobs,
} from "../modules/growth/index.ts";
import { registerRecommendationJobs } from "../modules/insights/index.ts";
import { linkCheckMergeSteps, registerLinkCheckJobs } from "../modules/linkcheck/index.ts";
import { BUNDLED_LOGOS_JOB, bundledLogosOwed, registerLogoJobs } from "../modules/logos/index.ts";
import { makersMergeSteps } from "../modules/makers/index.ts";
import { observerMergeSteps, registerPricingObserverJobs } from "../modules/observer/index.ts";
import { registerSubmissionJobs } from "../modules/submissions/index.ts";
import { registerOpenDataJobs } from "../modules/syndication/index.ts";
import { createActivity } from "../platform/activity.ts";
import { type Clock, systemClock } from "../platform/clock.ts";
import { type Database, openDatabase } from "../platform/db/index.ts";
import { registerStatisticsJob } from "../platform/db/statistics.ts";
import { type DnsResolver, systemDns } from "../platform/dns.ts";
import { type Env, loadEnv } from "../platform/env.ts";
import { createJobs } from "../platform/jobs/index.ts";
import { createLogger, type Logger } from "../platform/logger.ts";
import { createMailer, withFailureLog } from "../platform/mail.ts";
import { createResponseCache } from "../platform/response-cache.ts";
import { closeIfBodyUnread } from "../platform/unread-body.ts";
import type { AppServices } from "./context.ts";
import { drainOnClose } from "./drain.ts";
import { warmUp } from "./warm-up.ts";

export type StartOptions = {
  env?: Env;
  logger?: Logger;
  /** An already-open database (tests); otherwise opened from env. */
  database?: Database;
  build?: ServerBuild | (() => Promise<ServerBuild>);
  mode?: "production" | "development";
  /** Runs before Hono for every request (Vite's dev middleware). */
  before?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** the service clock (tests pass a TestClock) */
  clock?: Clock;
  /**
   * Migrate, seed and create the demo accounts (default). Extra workers of a cluster skip it: the
   * first worker has done it before they start (platform/cluster.ts).
   */
  setup?: boolean;
  /** growth's outside parts (billing's grant, the payout provider); tests may pass their own */
  growth?: Partial<GrowthWiring>;
  /** tests only: a cheaper password hash than better-auth's scrypt (ADR 0053) */
  passwordHashing?: PasswordHashing;
  /** DNS for verifying search engines' crawlers: the system resolver unless given (tests give a fake) */
  dns?: DnsResolver;
};

export type RunningServer = {
  url: string;
  port: number;
  server: Server;
  services: AppServices;
  close(): Promise<void>;
};

/** Opens the database, migrates, seeds on first run, and serves. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const env = options.env ?? loadEnv();
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  const started = performance.now();
  const database =
    options.database ??
    (env.DATABASE_URL
      ? await openDatabase({ url: env.DATABASE_URL })
      : await openDatabase({ pgliteDir: env.pgliteDir }));
  const setup = options.setup !== false;
  let seededNow = false;
  let derivedOwed = false;
  if (!options.database && setup) {
    await database.migrate();
    if (env.SEED_ON_START) {
      const {
        seeded,
        report,
        enrichment,
        derivedOwed: owed,
      } = await seedCatalog(database.db, options.clock ?? systemClock);
      derivedOwed = owed === true;
      if (seeded && report) {
        seededNow = true;
        logger.info("catalogue seeded", {
          added: report.added.length,
          duplicates: report.duplicates.length,
          errors: report.errors.length,
          enrichment,
        });
      }
    }
  }
  const mailer = withFailureLog(
    createMailer({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR, from: env.MAIL_FROM }),
    database.db,
    logger,
  );
  // The hook needs the finished services; it only runs on requests, after they exist.
  let ready: AppServices | null = null;
  const auth = createAuth({
    db: database.db,
    env,
    logger,
    mailer,
    onUserCreated: async (user, headers) => {
      if (ready) await onMemberCreated(ready, user, headers);
    },
    onEmailVerified: async (user) => {
      if (ready) await onMemberEmailVerified(ready, user);
    },
    passwordHashing: options.passwordHashing,
  });
  database.configureQueue({ maxQueued: env.PGLITE_MAX_QUEUE, maxWaitMs: env.PGLITE_MAX_WAIT_MS });
  const clock = options.clock ?? systemClock;
  const jobs = createJobs({ db: database.db, clock, logger, pollMs: env.JOBS_POLL_MS });
  // Searches with no results and tool views: counted in memory, written every 30 s and at shutdown.
  const tallies = createTallies({ db: database.db, clock, logger });
  tallies.startAll();
  const dns = options.dns ?? systemDns();
  const services: AppServices = {
    db: database.db,
    engine: database.engine,
    env,
    clock,
    logger,
    mailer,
    dns,
    crawlers: createCrawlerCheck(dns),
    jobs,
    auth,
    // The referral reward is billing's grant; payouts are set from the provider selection below.
    growth: { grantPlanDays: grantPlanDaysOn(clock), payouts: null, ...options.growth },
    tallies,
    apiCache: createResponseCache({ maxBytes: env.API_CACHE_MB * 1024 * 1024 }),
    stats: { db: () => database.stats(), pageCache: null, jobs: () => jobs.counts() },
    // Affiliate commissions follow payments and refunds, inside billing's transaction.
    billingHooks: [growthBillingHooks({ jobs, logger })],
    // Merging duplicate tools: every module's steps, in the order they run (ADR 0033). A table that points
    // at tools(id) and is named by no step fails tests/integration/merge-coverage.db.test.ts.
    toolMergeSteps: [
      ...catalogMergeSteps,
      ...accountsMergeSteps,
      ...communityMergeSteps,
      ...contentMergeSteps,
      ...linkCheckMergeSteps,
      ...makersMergeSteps,
      ...observerMergeSteps,
    ],
    // Listeners (badges, points) are registered below with the job handlers.
    activity: createActivity(),
  };
  ready = services;
  if (env.NODE_ENV === "production" && !env.PUBLIC_URL) {
    logger.warn("PUBLIC_URL is not set: sign-in works on localhost only; set it to the site's public origin");
  }
  // Every job handler is registered here, before the runner starts (ADR 0009).
  registerBillingJobs(services);
  // Badges and points follow members' contributions, inside the transaction that made them (issue 11).
  services.activity.on(onActivity);
  registerGrowthJobs(services);
  registerSubmissionJobs(services);
  registerTrendingJobs(services);
  registerRatingJobs(services);
  registerAmaJobs(services);
  // Discussions (ADR 0076): followers hear of new answers by e-mail.
  registerDiscussionJobs(services);
  // The daily open-data dump (issue 22, ADR 0031): first run at boot when there is no fresh one.
  registerOpenDataJobs(services);
  registerLinkCheckJobs(services);
  registerPricingObserverJobs(services);
  // Duplicate candidates (issue 21): precomputed, so /admin/duplicates reads a table.
  registerDuplicateJobs(services);
  registerQualityJobs(services);
  // Tasks' tools and every tool's alternatives (issue 32): watched every few minutes; recomputed in full
  // when the taxonomy file changed or the database predates them (the backfill), off the boot path.
  registerTaskJobs(services);
  if (derivedOwed) await requestDerivedRefresh(jobs);
  registerToolVectorJobs(services);
  // The planner's statistics on PGlite, which has no autovacuum (PostgreSQL's own keeps them there).
  registerStatisticsJob(services);
  // A search waits this long for its query's embedding (ADR 0066), then answers from the other legs.
  setVectorBudget(env.SEARCH_VECTOR_BUDGET_MS);
  setSearchWarning((message, fields) => logger.warn(message, fields));
  // Bundled brand marks (ADR 0028): rasterised by a job right after the first seed, not before listening.
  registerLogoJobs(services);
  // Also on a catalogue this process did not seed that never had them (a restored dump, the tests' snapshot).
  const ownDatabase = !options.database && setup;
  if (seededNow || (ownDatabase && (await bundledLogosOwed(database.db))))
    await jobs.enqueue({ type: BUNDLED_LOGOS_JOB, key: "seed" });
  // De-duplication keys by the Public Suffix List (issue 31): existing rows re-keyed once.
  registerDomainRekeyJob(services);
  if (ownDatabase && (await catalogJobOwed(database.db, DOMAIN_REKEY_JOB)))
    await jobs.enqueue({ type: DOMAIN_REKEY_JOB, key: "psl" });
  // The weekly newsletter digest and beta acknowledgements link back to the site.
  registerContentJobs(services);
  registerSupportJobs(services);
  // Change alerts on saved tools (issue 20): links from siteUrl(env).
  registerChangeAlertJobs({ ...services, env });
  // Expert's weekly e-mail of new tools that fit (issue 34 item 4, ADR 0080).
  registerRecommendationJobs({ ...services, env });
  const payments = paymentProviders(services);
  if (options.growth?.payouts === undefined) services.growth.payouts = payments.payouts;
  logger.info(payments.summary);
  for (const warning of payments.warnings) logger.warn(warning);
  if (env.DEMO_MODE && setup) await seedDemoAccounts(auth, database.db, logger);
  const app = createApp({
    services,
    build: options.build,
    mode: options.mode,
    serveAssets: options.mode !== "development",
  });
  // Every recurring job is registered by now. JOBS_DEFER naming a type no module runs here (a typo, or a
  // job of the other engine) would put off nothing: the server does not start.
  const unknownDeferred = env.JOBS_DEFER.filter((type) => !jobs.recurringTypes().includes(type));
  if (unknownDeferred.length) {
    await tallies.stopAll();
    if (!options.database) await database.close();
    throw new Error(
      `JOBS_DEFER names job types this server does not run: ${unknownDeferred.join(", ")} (it runs ${jobs.recurringTypes().join(", ")})`,
    );
  }
  // Pages are rendered once before the port opens (ADR 0062): a load balancer's connection (or its
  // readiness probe) finds a warm instance, and a refused connection sends visitors elsewhere meanwhile.
  let warmUpMs: number | undefined;
  if (env.WARM_UP && options.build && options.mode !== "development") {
    // The warm-up is this process, not a visitor: its requests are marked as a known crawler, so no view
    // is counted (a bot User-Agent alone no longer says so, issue 31).
    const report = await warmUp(
      (request) => {
        markVerifiedCrawler(request);
        return app.fetch(request);
      },
      {
        origin: env.PUBLIC_URL ?? "http://localhost",
        logger,
      },
    );
    warmUpMs = report.ms;
    logger.info("warmed up", { ms: report.ms, pages: report.pages.length, skipped: report.skipped });
  }
  const listener = getRequestListener(app.fetch);
  const server = createServer((req, res) => {
    closeIfBodyUnread(req, res);
    if (options.before) options.before(req, res, () => listener(req, res));
    else listener(req, res);
  });
  server.keepAliveTimeout = 65_000;
  // Kept-alive and never-used connections are closed as they turn idle; what is still running after 10 s is cut.
  const drain = drainOnClose(server, { forceMs: 10_000 });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  // PORT=0 (tests) asks the system for a free port: the site's origin (platform/site-origin.ts, every
  // link in every e-mail) must name the one really bound.
  if (env.PORT === 0) env.PORT = port;
  const host = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  const url = `http://${host}:${port}`;
  logger.info("listening", { url, db: database.engine, bootMs: Math.round(performance.now() - started), warmUpMs });
  // Handlers are registered by now (modules do it while the app is built); due work starts after listen.
  for (const type of env.JOBS_DEFER) {
    // The runner adds a recurring job's row only when none with its key is pending: this one is.
    await jobs.enqueue({ type, key: type, runAt: new Date("9999-01-01T00:00:00Z") });
  }
  if (env.JOBS_ENABLED) jobs.start();

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      // Stop accepting; let in-flight requests finish (bounded), then close the database.
      await drain();
      // A running job finishes (bounded) before the database closes; one cut off runs again after its lease.
      await jobs.stop();
      await tallies.stopAll();
      if (!options.database) await database.close();
    })();
    return closing;
  };
  return { url, port, server, services, close };
}

/** Graceful shutdown on SIGTERM/SIGINT for the long-running process. */
export function handleSignals(running: RunningServer, logger: Logger): void {
  const stop = (signal: string) => {
    logger.info("shutting down", { signal });
    running
      .close()
      .then(() => process.exit(0))
      .catch((err) => {
        logger.error("shutdown failed", { err });
        process.exit(1);
      });
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}
