import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import type { Jobs } from "../../platform/jobs/index.ts";
import type { Mailer } from "../../platform/mail.ts";
import { type SiteEnv, siteOrigin } from "../../platform/site-origin.ts";

/** The maker hears of every decision by e-mail; sent by the job runner, after the decision commits. */
export const DECISION_MAIL_JOB = "submission.decision-mail";
export const DECISION_MAIL_TAG = "submission-decision";

/** the tool, once approved and while it exists (LEFT JOIN) */
const DecisionMailRow = z.object({
  name: z.string(),
  email: z.string(),
  user_name: z.string(),
  slug: z.string().nullable(),
});

type Payload = { submissionId?: unknown; status?: unknown; reason?: unknown; name?: unknown; was?: unknown };

export function registerSubmissionJobs(deps: { db: Db; jobs: Jobs; mailer: Mailer; env: SiteEnv }): void {
  deps.jobs.register<Payload>(DECISION_MAIL_JOB, async (payload) => {
    if (typeof payload.submissionId !== "string") return;
    const [row] = await queryRows(
      deps.db,
      sql`SELECT s.name, u.email, u.name AS user_name, t.slug
          FROM tool_submissions s JOIN users u ON u.id = s.user_id LEFT JOIN tools t ON t.id = s.tool_id
          WHERE s.id = ${payload.submissionId}`,
      DecisionMailRow,
    );
    if (!row) return; // the member or the submission is gone: nobody to tell
    // Always absolute, from the site's one origin (ADR 0025): a mail has no page to be relative to.
    const base = siteOrigin(deps.env);
    const reason = typeof payload.reason === "string" && payload.reason ? payload.reason : null;
    // The name as decided (the maker may have revised it since).
    const name = typeof payload.name === "string" ? payload.name : row.name;
    const message = decisionMessage(String(payload.status), name, reason, {
      was: typeof payload.was === "string" ? payload.was : null,
      tool: row.slug ? `${base}/tools/${row.slug}` : null,
      dashboard: `${base}/dashboard/submissions`,
      edit: `${base}/submit-tool?edit=${payload.submissionId}`,
    });
    if (!message) return;
    // A retry after a crash between sending and completing may send twice: better than never.
    await deps.mailer.send({
      to: row.email,
      subject: message.subject,
      text: `Hello ${row.user_name},\n\n${message.body}\n\n— The Toolscape team`,
      tag: DECISION_MAIL_TAG,
    });
  });
}

function decisionMessage(
  status: string,
  name: string,
  reason: string | null,
  links: { tool: string | null; dashboard: string; edit: string; was: string | null },
): { subject: string; body: string } | null {
  const why = reason ? `\n\nThe moderator's note:\n${reason}` : "";
  if (status === "reopened") {
    // Issue 21: a decision reopened (a mis-ticked reject had already e-mailed the maker).
    const earlier =
      links.was === "approved"
        ? "approval (the listing is off the directory until it is decided again)"
        : links.was === "needs_revision"
          ? "request for changes (no need to change anything for now)"
          : "decision";
    return {
      subject: `Your submission "${name}" is being reviewed again`,
      body: `A moderator reopened our earlier ${earlier} about "${name}". It is back in the review queue, and we will write again when it is decided.${why}\n\nYour submissions: ${links.dashboard}`,
    };
  }
  if (status === "approved") {
    return {
      subject: `${name} is now listed on Toolscape`,
      body: `Good news: your submission "${name}" was approved and is live in the directory${
        links.tool ? `:\n${links.tool}` : "."
      }${why}`,
    };
  }
  if (status === "rejected") {
    return {
      subject: `Your submission "${name}" was not accepted`,
      body: `Thank you for submitting "${name}". After review we decided not to list it.${why}\n\nYour submissions: ${links.dashboard}`,
    };
  }
  if (status === "needs_revision") {
    return {
      subject: `Your submission "${name}" needs a few changes`,
      body: `Thank you for submitting "${name}". Before we can list it, please revise it.${why}\n\nEdit and send it again: ${links.edit}`,
    };
  }
  return null;
}
