import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import type { Env } from "../../platform/env.ts";
import { AppError } from "../../platform/errors.ts";
import { isLaterChange, publicFactSource } from "../../platform/fact-publish.ts";
import { isUuid } from "../../platform/ids.ts";
import type { Jobs } from "../../platform/jobs/index.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Mailer } from "../../platform/mail.ts";
import { siteUrl } from "../../platform/site-origin.ts";
import { type Plan, planChangeText, type ToolMergeStep } from "../catalog/index.ts";
import { toolChangeAlerts } from "./alert-tables.ts";
import { savedTools } from "./tables.ts";
import { requireEntitlement, type Viewer } from "./viewer.ts";

/**
 * Change alerts (issue 20): a member who saved a tool asks to hear when its pricing or status
 * changes — at once, or in a weekly round-up. Who may is data (entitlement `change_alerts`,
 * migration 0030: Standard and Expert); Free members see what they would get. Jobs read the fact
 * history (server/modules/catalog/facts.ts), claim each (change, member) in
 * tool_change_alert_sends before mailing, and drop the claim only when the send fails: a retried
 * or repeated run never mails a change twice.
 */
export const CHANGE_ALERT_FEATURE = "change_alerts";
export const CHANGE_ALERT_FREQUENCIES = ["immediate", "weekly"] as const;
export type ChangeAlertFrequency = (typeof CHANGE_ALERT_FREQUENCIES)[number];
/** The facts an alert is about (the API's field names). */
export const ALERT_FIELDS = ["pricing_model", "pricing", "plans", "status"] as const;

export const CHANGE_ALERT_IMMEDIATE_JOB = "alerts.changes.immediate";
export const CHANGE_ALERT_WEEKLY_JOB = "alerts.changes.weekly";
const IMMEDIATE_EVERY_MS = 5 * 60_000;
const WEEK_MS = 7 * 24 * 3_600_000;

/** The tool page's form: a frequency, or "off". */
export const ChangeAlertForm = z.object({
  frequency: z.enum([...CHANGE_ALERT_FREQUENCIES, "off"], { message: "frequency must be immediate, weekly or off" }),
});

export const CHANGE_ALERT_TEXT = {
  upsell: "Standard and Expert members get an e-mail when a saved tool's pricing or status changes.",
  needsSave: "Save this tool first to be told when its pricing or status changes.",
} as const;

export async function changeAlertFor(db: Db, userId: string, toolId: string): Promise<ChangeAlertFrequency | null> {
  const [row] = await db
    .select({ frequency: toolChangeAlerts.frequency })
    .from(toolChangeAlerts)
    .where(and(eq(toolChangeAlerts.userId, userId), eq(toolChangeAlerts.toolId, toolId)));
  return row?.frequency ?? null;
}

/** Sets (or with "off" removes) a member's alert on a tool they saved. Free members get the upgrade message. */
export async function setChangeAlert(
  db: Db,
  viewer: Viewer | null,
  toolId: string,
  frequency: ChangeAlertFrequency | "off",
  now: Date,
): Promise<ChangeAlertFrequency | null> {
  const v = requireEntitlement(viewer, CHANGE_ALERT_FEATURE);
  if (!isUuid(toolId)) throw new AppError("not_found", "Tool not found");
  if (frequency === "off") {
    await db
      .delete(toolChangeAlerts)
      .where(and(eq(toolChangeAlerts.userId, v.user.id), eq(toolChangeAlerts.toolId, toolId)));
    return null;
  }
  const saved = await db
    .select({ n: sql<number>`1` })
    .from(savedTools)
    .where(and(eq(savedTools.userId, v.user.id), eq(savedTools.toolId, toolId)))
    .limit(1);
  if (!saved.length) throw new AppError("conflict", CHANGE_ALERT_TEXT.needsSave);
  await db
    .insert(toolChangeAlerts)
    .values({ userId: v.user.id, toolId, frequency, createdAt: now })
    .onConflictDoUpdate({
      target: [toolChangeAlerts.userId, toolChangeAlerts.toolId],
      set: { frequency: sql`excluded.frequency` },
    });
  return frequency;
}

/**
 * A change due to a member. history_id is a bigint, read as text (node-postgres gives bigint as a
 * string, PGlite as a number); `at` is timestamptz as the server's text; the values are jsonb.
 */
const Due = z.object({
  history_id: z.string(),
  user_id: z.string(),
  email: z.string(),
  tool_name: z.string(),
  tool_slug: z.string(),
  field: z.string(),
  old_value: z.unknown(),
  new_value: z.unknown(),
  source: z.string(),
  kind: z.string(),
  at: z.string(),
});
type Due = z.infer<typeof Due>;
const ClaimRow = z.object({ history_id: z.string() });
const UserIdRow = z.object({ user_id: z.string() });

const FIELD_LABELS: Record<string, string> = {
  pricing_model: "Pricing",
  pricing: "Price",
  plans: "Plans",
  status: "Status",
};

/** A history value as one line of text ("Freemium", "$20/month", "—"). */
export function alertValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value;
  if (typeof value === "object" && !Array.isArray(value)) {
    const p = value as Record<string, unknown>;
    const parts = [p.original, p.discounted ? `deal ${p.discounted}` : null].filter((x) => typeof x === "string");
    if (parts.length) return parts.join(", ");
  }
  return JSON.stringify(value);
}

export function changeAlertText(
  env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">,
  changes: Due[],
  frequency: ChangeAlertFrequency,
): { subject: string; text: string } {
  const tools = [...new Set(changes.map((c) => c.tool_name))];
  const subject =
    frequency === "weekly"
      ? `This week's changes to your saved tools (${changes.length})`
      : `${tools.join(", ").slice(0, 80)}: ${changes.some((c) => c.field === "status") ? "status" : "pricing"} changed`;
  const lines = [frequency === "weekly" ? "Changes to tools you saved this week:" : "A tool you saved changed:", ""];
  for (const c of changes) {
    // Plans change as typed events ("Pro: price up $20 → $25/month"), not as JSON (issue 33).
    const change =
      c.field === "plans"
        ? planChangeText(c.old_value as Plan[] | null, c.new_value as Plan[] | null)
        : `${alertValue(c.old_value)} → ${alertValue(c.new_value)}`;
    lines.push(
      `- ${c.tool_name} · ${FIELD_LABELS[c.field] ?? c.field}: ${change} (${publicFactSource(c.kind, c.source)}, ${new Date(c.at).toISOString().slice(0, 10)})`,
      `  ${siteUrl(env, `/tools/${c.tool_slug}?tab=history`)}`,
    );
  }
  lines.push("", `Stop these alerts on the tool's page, or in your dashboard: ${siteUrl(env, "/dashboard")}`);
  return { subject, text: lines.join("\n") };
}

export type ChangeAlertDeps = {
  db: Db;
  mailer: Mailer;
  env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">;
  logger?: Logger;
};

/**
 * Mails the changes due for members with `frequency` alerts: changes (not the first import) of the
 * alert fields after the alert was set, while the member still has the tool saved and their tier
 * still has the entitlement, not yet claimed. One mail per member.
 */
export async function runChangeAlerts(
  deps: ChangeAlertDeps,
  frequency: ChangeAlertFrequency,
): Promise<{ sent: number; failed: number }> {
  const fields = sql.join(
    ALERT_FIELDS.map((f) => sql`${f}`),
    sql`, `,
  );
  const due = await queryRows(
    deps.db,
    sql`SELECT h.id::text AS history_id, a.user_id, u.email, t.name AS tool_name, t.slug AS tool_slug, h.field,
               h.old_value, h.new_value, h.source, h.kind::text AS kind, h.created_at AS at
          FROM tool_change_alerts a
          JOIN tool_fact_history h ON h.tool_id = a.tool_id AND h.created_at >= a.created_at
          JOIN tools t ON t.id = a.tool_id
          JOIN users u ON u.id = a.user_id
          JOIN user_profiles p ON p.user_id = a.user_id
          JOIN entitlements e ON e.feature_key = ${CHANGE_ALERT_FEATURE} AND e.tier = p.tier AND e.allowed
         WHERE a.frequency = ${frequency} AND h.field IN (${fields}) AND ${isLaterChange("h")}
           AND EXISTS (SELECT 1 FROM saved_tools s WHERE s.user_id = a.user_id AND s.tool_id = a.tool_id)
           AND NOT EXISTS (SELECT 1 FROM tool_change_alert_sends x WHERE x.history_id = h.id AND x.user_id = a.user_id)
         ORDER BY a.user_id, h.created_at, h.id
         LIMIT 2000`,
    Due,
  );
  const byUser = new Map<string, Due[]>();
  for (const d of due) byUser.set(d.user_id, [...(byUser.get(d.user_id) ?? []), d]);
  let sent = 0;
  let failed = 0;
  for (const [userId, rows] of byUser) {
    // Claim first: a second runner (or a retry after a crash past the send) finds them taken.
    const claimed: Due[] = [];
    for (const r of rows) {
      const [claim] = await queryRows(
        deps.db,
        sql`INSERT INTO tool_change_alert_sends (history_id, user_id, sent_at) VALUES (${r.history_id}, ${userId}, now())
            ON CONFLICT DO NOTHING RETURNING history_id::text AS history_id`,
        ClaimRow,
      );
      if (claim) claimed.push(r);
    }
    if (!claimed.length) continue;
    const first = claimed[0] as Due;
    try {
      await deps.mailer.send({
        to: first.email,
        tag: "change-alert",
        ...changeAlertText(deps.env, claimed, frequency),
      });
      sent++;
    } catch (err) {
      failed++;
      deps.logger?.warn("change alert mail failed", { userId, err });
      for (const r of claimed) {
        await deps.db.execute(
          sql`DELETE FROM tool_change_alert_sends WHERE history_id = ${r.history_id} AND user_id = ${userId}`,
        );
      }
    }
  }
  if (failed) throw new Error(`change alerts (${frequency}): ${failed} mail(s) failed; the retry sends them`);
  return { sent, failed };
}

/** The two recurring jobs: immediate alerts every few minutes, the weekly round-up once a week. */
export function registerChangeAlertJobs(deps: ChangeAlertDeps & { jobs: Jobs }): void {
  deps.jobs.register(CHANGE_ALERT_IMMEDIATE_JOB, async () => {
    await runChangeAlerts(deps, "immediate");
  });
  deps.jobs.every(CHANGE_ALERT_IMMEDIATE_JOB, IMMEDIATE_EVERY_MS);
  deps.jobs.register(CHANGE_ALERT_WEEKLY_JOB, async () => {
    await runChangeAlerts(deps, "weekly");
  });
  deps.jobs.every(CHANGE_ALERT_WEEKLY_JOB, WEEK_MS);
}

// A merged duplicate's alerts follow it (a member with alerts on both keeps the one on the survivor).
const changeAlertsStep: ToolMergeStep = {
  name: "accounts.change_alerts",
  tables: ["tool_change_alerts"],
  async run(tx, fromToolId, intoToolId) {
    const moved = await queryRows(
      tx,
      sql`INSERT INTO tool_change_alerts (user_id, tool_id, frequency, created_at)
          SELECT user_id, ${intoToolId}::uuid, frequency, created_at FROM tool_change_alerts WHERE tool_id = ${fromToolId}::uuid
          ON CONFLICT DO NOTHING RETURNING user_id`,
      UserIdRow,
    );
    const dropped = await tx
      .delete(toolChangeAlerts)
      .where(eq(toolChangeAlerts.toolId, fromToolId))
      .returning({ userId: toolChangeAlerts.userId });
    return { moved: moved.length, dropped: dropped.length - moved.length };
  },
};

/** The accounts module's merge steps (assembled at startup with the others: ADR 0033). */
export const accountsMergeSteps: readonly ToolMergeStep[] = [changeAlertsStep];
