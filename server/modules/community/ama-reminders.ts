import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import type { Jobs } from "../../platform/jobs/index.ts";
import type { Mailer } from "../../platform/mail.ts";
import { type SiteEnv, siteOrigin } from "../../platform/site-origin.ts";
import { users } from "../accounts/tables.ts";
import { tools } from "../catalog/tables.ts";
import { amaFollowers, amas } from "./gathering-tables.ts";

export const AMA_REMINDER_JOB = "community.ama-reminder";
export const AMA_REMINDER_TAG = "ama-reminder";

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
    const { db } = deps;
    const [ama] = await db
      .select({ title: amas.title, tool_name: tools.name, starts_at: amas.startsAt })
      .from(amas)
      .innerJoin(tools, and(eq(tools.id, amas.toolId), eq(tools.status, "active")))
      .where(and(eq(amas.id, amaId), isNull(amas.cancelledAt), gt(amas.endsAt, ctx.now)));
    if (!ama) return;
    const f = amaFollowers;
    const recipients = await db
      .select({ user_id: f.userId, email: users.email, name: users.name })
      .from(f)
      .innerJoin(users, eq(users.id, f.userId))
      .where(and(eq(f.amaId, amaId), isNull(f.remindedAt), isNull(users.suspendedAt)))
      .orderBy(asc(f.createdAt));
    const link = `${siteOrigin(deps.env)}/community/amas/${amaId}`;
    const starts = ama.starts_at.toISOString().replace("T", " ").slice(0, 16);
    for (const r of recipients) {
      await deps.mailer.send({
        to: r.email,
        subject: `Starting soon: ${ama.title} (AMA with ${ama.tool_name})`,
        text: `Hello ${r.name || "there"},\n\nThe AMA "${ama.title}" with the makers of ${ama.tool_name} starts at ${starts} UTC.\nRead the questions and answers here:\n${link}\n\nYou get this because you asked a question or chose to be reminded.\n\n— The Toolscape team`,
        tag: AMA_REMINDER_TAG,
      });
      await db
        .update(amaFollowers)
        .set({ remindedAt: ctx.now })
        .where(and(eq(amaFollowers.amaId, amaId), eq(amaFollowers.userId, r.user_id)));
    }
  });
}
