import type { Clock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db/index.ts";
import type { Jobs } from "../../platform/jobs/index.ts";
import type { Logger } from "../../platform/logger.ts";
import type { ToolMergeStep } from "../catalog/index.ts";
import { createHttpFetcher } from "../linkcheck/index.ts";
import { runPricingObserver } from "./observe.ts";

export {
  ConfirmProposalInput,
  confirmProposal,
  EnterFactInput,
  enterFact,
  factQueue,
  type QueueItem,
} from "./fact-queue.ts";
export { manifestConflictsFor } from "./manifest.ts";
export { MANIFEST_SCHEMA_PATH, ManifestInput, manifestJsonSchema } from "./manifest-schema.ts";
export { type ObserverDeps, runPricingObserver } from "./observe.ts";

export const PRICING_OBSERVER_JOB = "pricing.observe";
const DAY_MS = 24 * 3_600_000;

type ObserverServices = {
  db: Db;
  clock: Clock;
  logger: Logger;
  jobs: Jobs;
  env: { PUBLIC_URL?: string; LINK_CHECK_ENABLED: boolean; LINK_CHECK_ALLOW_PRIVATE: boolean };
};

/**
 * Registered on every instance; scheduled daily where the link checker is enabled (the same switch:
 * both reach tools' own sites, and neither can run offline).
 */
export function registerPricingObserverJobs(services: ObserverServices): void {
  const origin = (services.env.PUBLIC_URL ?? "http://localhost:3000").replace(/\/$/, "");
  const deps = {
    db: services.db,
    clock: services.clock,
    logger: services.logger,
    fetcher: createHttpFetcher({ allowPrivateAddresses: services.env.LINK_CHECK_ALLOW_PRIVATE }),
    userAgent: `Toolscape-PricingObserver/1.0 (+${origin}/how-we-test)`,
  };
  services.jobs.register(PRICING_OBSERVER_JOB, async () => {
    if (!services.env.LINK_CHECK_ENABLED) return;
    await runPricingObserver(deps);
  });
  if (services.env.LINK_CHECK_ENABLED) services.jobs.every(PRICING_OBSERVER_JOB, DAY_MS);
}

/** Merging A into B: A's reading describes A's page; B keeps its own (its row cascades with nothing moved). */
export const observerMergeSteps: readonly ToolMergeStep[] = [
  { name: "observer.pricing_watch", tables: ["pricing_watch"], keep: "the archived tool keeps its last reading" },
  { name: "observer.maker_manifests", tables: ["maker_manifests"], keep: "the archived tool keeps its last manifest" },
];
