import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import type { Jobs } from "../../platform/jobs/index.ts";
import type { Mailer } from "../../platform/mail.ts";
import { type SiteEnv, siteOrigin } from "../../platform/site-origin.ts";
import { amaFollowers } from "./gathering-tables.ts";

export const AMA_REMINDER_JOB = "community.ama-reminder";
export const AMA_REMINDER_TAG = "ama-reminder";

const AmaRow = z.object({ title: z.string(), tool_name: z.string(), starts_at: z.string() });
const RecipientRow = z.object({ user_id: z.string(), email: z.string(), name: z.string() });

/**
 * The reminder before an AMA starts (enqueued when it is scheduled, keyed by the AMA): one e-mail to
 * each follower (askers follow when they ask) not reminded yet. A cancelled AMA, or one whose tool
 * left the directory, sends nothing. Each recipient is marked as they are sent, so a retry after a
 * crash does not write to them twice.
 */
export function registerAmaJobs(deps: { db: Db; jobs: Jobs; mailer: Mailer; env: SiteEnv }): void {
  deps.jobs.register<{ amaId?: unknown }>(AMA_REMINDER_JOB, async (payload, ctx) => {
    const amaId = payload.amaId;
    if (typeof amaId !== "string" || !/^[0-9a-f-]{36}$/i.test(amaId)) return;
    const [ama] = await queryRows(
      deps.db,
      sql`SELECT a.title, t.name AS tool_name, a.starts_at FROM amas a JOIN tools t ON t.id = a.tool_id AND t.status = 'active'
          WHERE a.id = ${amaId}::uuid AND a.cancelled_at IS NULL AND a.ends_at > ${ctx.now.toISOString()}::timestamptz`,
      AmaRow,
    );
    if (!ama) return;
    const recipients = await queryRows(
      deps.db,
      sql`SELECT f.user_id, u.email, u.name FROM ama_followers f JOIN users u ON u.id = f.user_id
          WHERE f.ama_id = ${amaId}::uuid AND f.reminded_at IS NULL AND u.suspended_at IS NULL ORDER BY f.created_at`,
      RecipientRow,
    );
    const link = `${siteOrigin(deps.env)}/community/amas/${amaId}`;
    const starts = new Date(ama.starts_at).toISOString().replace("T", " ").slice(0, 16);
    for (const r of recipients) {
      await deps.mailer.send({
        to: r.email,
        subject: `Starting soon: ${ama.title} (AMA with ${ama.tool_name})`,
        text: `Hello ${r.name || "there"},\n\nThe AMA "${ama.title}" with the makers of ${ama.tool_name} starts at ${starts} UTC.\nRead the questions and answers here:\n${link}\n\nYou get this because you asked a question or chose to be reminded.\n\n— The Toolscape team`,
        tag: AMA_REMINDER_TAG,
      });
      const { db } = deps;
      await db
        .update(amaFollowers)
        .set({ remindedAt: ctx.now })
        .where(and(eq(amaFollowers.amaId, amaId), eq(amaFollowers.userId, r.user_id)));
    }
  });
}
