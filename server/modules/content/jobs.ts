import { SYSTEM_ACTOR } from "../../platform/audit.ts";
import type { Db } from "../../platform/db/index.ts";
import type { Jobs } from "../../platform/jobs/index.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Mailer } from "../../platform/mail.ts";
import { type SiteEnv, siteOrigin } from "../../platform/site-origin.ts";
import { applicationMail } from "./application-mail.ts";
import { BETA_ACK_JOB } from "./apply-to-beta.ts";
import { DIGEST_JOB, runDigest, WEEK_MS } from "./digest.ts";
import { LISTING_WINDOW_JOB, runListingWindowEnd } from "./exclusive.ts";

export type ContentJobDeps = {
  db: Db;
  jobs: Jobs;
  mailer: Mailer;
  logger?: Logger;
  /** links in e-mails come from the site's one origin (platform/site-origin.ts), read when a mail is sent */
  env: SiteEnv;
};

/**
 * Content's durable jobs: the weekly digest (recurring), the beta application acknowledgement and the
 * end of an early-access window (enqueued for its public day with the mark, ADR 0083).
 */
export function registerContentJobs(deps: ContentJobDeps): void {
  deps.jobs.register<{ id?: unknown }>(LISTING_WINDOW_JOB, async (payload, ctx) => {
    await runListingWindowEnd(deps.db, payload, ctx.now, SYSTEM_ACTOR);
  });
  deps.jobs.register(DIGEST_JOB, async (_payload, ctx) => {
    await runDigest(deps, ctx.now);
  });
  deps.jobs.every(DIGEST_JOB, WEEK_MS);
  deps.jobs.register<{ applicationId?: unknown }>(BETA_ACK_JOB, async (payload, ctx) => {
    if (typeof payload.applicationId !== "string") return;
    const mail = await applicationMail(deps.db, payload.applicationId, siteOrigin(deps.env), ctx.now);
    if (!mail) return; // the application or the member is gone
    await deps.mailer.send({ ...mail, tag: "beta-application" });
  });
}
