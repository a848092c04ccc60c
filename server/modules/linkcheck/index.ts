/**
 * The link checker (issue 13): tools' websites checked on a schedule, logos and previews fetched
 * and re-encoded by us, suggestions for admins. See docs/decisions/0017-link-checker.md.
 */
import { eq } from "drizzle-orm";
import type { Clock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db/index.ts";
import type { Jobs } from "../../platform/jobs/types.ts";
import type { Logger } from "../../platform/logger.ts";
import type { ToolMergeStep } from "../catalog/index.ts";
import { LINK_CHECK_EVERY_MS, runLinkCheckBatch } from "./batch.ts";
import { linkReviewItems, toolImages, toolSuggestions } from "./tables.ts";

export { checkToolNow, type LinkCheckDeps, mediaUrl, runLinkCheckBatch } from "./batch.ts";
export { createHttpFetcher, FetchError, type Fetcher, isPrivateAddress } from "./fetcher.ts";
export { GONE_FAILURE_DAYS, GONE_SPAN_MS, LINK_CHECKER_SOURCE, listGraveyard } from "./graveyard.ts";
export { mediaFile } from "./media.ts";
export {
  decideReviewItem,
  decideSuggestion,
  linkCheckAlert,
  linkHealth,
  listReviewItems,
  listSuggestions,
  ReviewDecision,
  reviewCounts,
  SuggestionDecision,
} from "./review.ts";

const LINK_CHECK_JOB = "linkcheck.batch";

type LinkCheckServices = {
  db: Db;
  clock: Clock;
  logger: Logger;
  jobs: Jobs;
  env: { PUBLIC_URL?: string; LINK_CHECK_ENABLED: boolean; LINK_CHECK_ALLOW_PRIVATE: boolean };
};

/** The batch job on the one runner (ADR 0009); registered on every instance, scheduled when enabled. */
export function registerLinkCheckJobs(services: LinkCheckServices): void {
  const deps = {
    db: services.db,
    clock: services.clock,
    logger: services.logger,
    publicUrl: services.env.PUBLIC_URL,
    allowPrivateAddresses: services.env.LINK_CHECK_ALLOW_PRIVATE,
  };
  services.jobs.register(LINK_CHECK_JOB, async () => {
    if (!services.env.LINK_CHECK_ENABLED) return;
    await runLinkCheckBatch(deps);
  });
  if (services.env.LINK_CHECK_ENABLED) services.jobs.every(LINK_CHECK_JOB, LINK_CHECK_EVERY_MS);
}

// Merging tool A into B: A's findings describe A's old site; B keeps its own logo and findings.
const findingsMergeStep: ToolMergeStep = {
  name: "linkcheck.findings",
  tables: ["link_review_items", "tool_suggestions", "tool_images"],
  async run(tx, fromToolId) {
    const a = await tx
      .delete(linkReviewItems)
      .where(eq(linkReviewItems.toolId, fromToolId))
      .returning({ id: linkReviewItems.id });
    const b = await tx
      .delete(toolSuggestions)
      .where(eq(toolSuggestions.toolId, fromToolId))
      .returning({ id: toolSuggestions.id });
    const c = await tx.delete(toolImages).where(eq(toolImages.toolId, fromToolId)).returning({ id: toolImages.toolId });
    return { moved: 0, dropped: a.length + b.length + c.length };
  },
};

/** The link checker's merge steps (assembled at startup with the others: ADR 0033). */
export const linkCheckMergeSteps: readonly ToolMergeStep[] = [findingsMergeStep];
