import type { Db } from "../../platform/db/index.ts";
import type { Jobs } from "../../platform/jobs/index.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Mailer } from "../../platform/mail.ts";
import { applicationMail, BETA_ACK_JOB } from "./beta.ts";
import { DIGEST_JOB, runDigest, WEEK_MS } from "./digest.ts";

export type ContentJobDeps = {
  db: Db;
  jobs: Jobs;
  mailer: Mailer;
  logger?: Logger;
  /** the site's origin for links in e-mails (PUBLIC_URL, else the local server) */
  origin: string;
};

/** Content's durable jobs: the weekly digest (recurring) and the beta application acknowledgement. */
export function registerContentJobs(deps: ContentJobDeps): void {
  deps.jobs.register(DIGEST_JOB, async (_payload, ctx) => {
    await runDigest(deps, ctx.now);
  });
  deps.jobs.every(DIGEST_JOB, WEEK_MS);
  deps.jobs.register<{ applicationId?: unknown }>(BETA_ACK_JOB, async (payload, ctx) => {
    if (typeof payload.applicationId !== "string") return;
    const mail = await applicationMail(deps.db, payload.applicationId, deps.origin, ctx.now);
    if (!mail) return; // the application or the member is gone
    await deps.mailer.send({ ...mail, tag: "beta-application" });
  });
}
