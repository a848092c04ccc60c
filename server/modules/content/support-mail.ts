import type { Db } from "../../platform/db/index.ts";
import type { Jobs } from "../../platform/jobs/index.ts";
import type { Mailer } from "../../platform/mail.ts";
import { type SiteEnv, siteOrigin } from "../../platform/site-origin.ts";

/** Support and contact mail leaves the request: written in the transaction, sent by the job runner. */
export const SUPPORT_MAIL_JOB = "support.mail";

type Payload = { to?: unknown; subject?: unknown; text?: unknown; tag?: unknown };

export function registerSupportJobs(deps: { jobs: Jobs; mailer: Mailer }): void {
  deps.jobs.register<Payload>(SUPPORT_MAIL_JOB, async (p) => {
    if (typeof p.to !== "string" || typeof p.subject !== "string" || typeof p.text !== "string") return;
    await deps.mailer.send({
      to: p.to,
      subject: p.subject,
      text: p.text,
      tag: typeof p.tag === "string" ? p.tag : "support",
    });
  });
}

/** Where support mail goes: SUPPORT_EMAIL, else the address inside MAIL_FROM. */
export function supportAddress(env: { SUPPORT_EMAIL?: string; MAIL_FROM: string }): string {
  if (env.SUPPORT_EMAIL) return env.SUPPORT_EMAIL;
  const m = /<([^>]+)>/.exec(env.MAIL_FROM);
  return (m?.[1] ?? env.MAIL_FROM).trim();
}

/** What support writes need: the database, the job queue, where mail goes and the site's address. */
export function supportDepsFrom(
  services: { db: Db; jobs: Jobs; env: SiteEnv & { SUPPORT_EMAIL?: string; MAIL_FROM: string } },
  requestId?: string | null,
) {
  return {
    db: services.db,
    jobs: services.jobs,
    supportEmail: supportAddress(services.env),
    // Links in support mail: the site's one origin, never the request's Host (ADR 0025).
    siteUrl: siteOrigin(services.env),
    requestId: requestId ?? null,
  };
}
