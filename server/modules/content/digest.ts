import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Mailer } from "../../platform/mail.ts";
import { type SiteEnv, siteOrigin } from "../../platform/site-origin.ts";
import { listTrending } from "../community/index.ts";
import { listLiveDeals } from "./list-live-deals.ts";
import { unsubscribeHeaders, unsubscribeUrl } from "./newsletter.ts";
import { newsletterDigestSends } from "./tables.ts";

/**
 * The weekly digest to confirmed subscribers: new tools of the week, trending tools (skipped while
 * the trending ranking is empty), live deals. Idempotent per subscriber and ISO week: a claim row in
 * newsletter_digest_sends is inserted before the mail is sent, so a retried or repeated run never
 * mails the same week twice; a failed send removes its claim so the retry sends it. (A crash between
 * sending and the run's end loses nothing and duplicates nothing: the claim stays.)
 */

export const DIGEST_JOB = "newsletter.digest";
export const DIGEST_TAG = "newsletter-digest";
export const WEEK_MS = 7 * 24 * 3_600_000;

/** ISO 8601 week of a date, e.g. 2026-W48. */
export function isoWeek(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

const NewToolRow = z.object({ name: z.string(), slug: z.string(), description: z.string() });
const SubscriberRow = z.object({ id: z.number(), email: z.string(), token: z.string() });

export type DigestContent = {
  week: string;
  newTools: { name: string; slug: string; description: string }[];
  trending: { name: string; slug: string; context: string }[];
  deals: { toolName: string; toolSlug: string; description: string; discountPercent: number | null }[];
};

export async function digestContent(db: Db, now: Date): Promise<DigestContent> {
  const since = new Date(now.getTime() - WEEK_MS).toISOString();
  const [newTools, trending, deals] = await Promise.all([
    queryRows(
      db,
      sql`SELECT name, slug, description FROM tools
          WHERE status = 'active' AND COALESCE(published_at, created_at) > ${since}::timestamptz
            -- The initial catalogue import is not news: only tools added after it.
            AND (import_id IS NULL OR import_id NOT IN (SELECT id FROM catalog_imports WHERE source LIKE 'seed:%'))
            AND COALESCE(published_at, created_at) <= ${now.toISOString()}::timestamptz
          ORDER BY COALESCE(published_at, created_at) DESC, name LIMIT 10`,
      NewToolRow,
    ),
    listTrending(db, 5),
    // The digest goes to everyone: an Expert-only or early-access deal is not in it (ADR 0083).
    listLiveDeals(db, { now, limit: 5, publicOnly: true }),
  ]);
  return {
    week: isoWeek(now),
    newTools,
    trending: trending.map((t) => ({ name: t.name, slug: t.slug, context: t.context })),
    deals: deals.map((d) => ({
      toolName: d.toolName,
      toolSlug: d.toolSlug,
      description: d.description,
      discountPercent: d.discountPercent,
    })),
  };
}

export function isEmptyDigest(c: DigestContent): boolean {
  return c.newTools.length === 0 && c.trending.length === 0 && c.deals.length === 0;
}

export function digestText(c: DigestContent, origin: string, token: string): string {
  const out: string[] = [`Your weekly AI tools digest (${c.week})`, ""];
  if (c.newTools.length) {
    out.push("NEW TOOLS THIS WEEK");
    for (const t of c.newTools) out.push(`- ${t.name}: ${t.description.slice(0, 120)}`, `  ${origin}/tools/${t.slug}`);
    out.push("");
  }
  if (c.trending.length) {
    out.push("TRENDING");
    for (const t of c.trending) out.push(`- ${t.name} (${t.context})`, `  ${origin}/tools/${t.slug}`);
    out.push("");
  }
  if (c.deals.length) {
    out.push("LIVE DEALS");
    for (const d of c.deals) {
      const off = d.discountPercent ? ` ${d.discountPercent}% off:` : ":";
      out.push(`- ${d.toolName}${off} ${d.description}`, `  ${origin}/tools/${d.toolSlug}`);
    }
    out.push(`All deals: ${origin}/deals`, "");
  }
  out.push("You receive this because you confirmed your subscription to the Toolscape newsletter.");
  out.push(`Unsubscribe: ${unsubscribeUrl(origin, token)}`);
  return out.join("\n");
}

export type DigestDeps = { db: Db; mailer: Mailer; logger?: Logger; env: SiteEnv };

/** Sends this week's digest to every confirmed subscriber who has not had it yet. */
export async function runDigest(deps: DigestDeps, now: Date): Promise<{ week: string; sent: number; failed: number }> {
  const content = await digestContent(deps.db, now);
  if (isEmptyDigest(content)) return { week: content.week, sent: 0, failed: 0 };
  let sent = 0;
  let failed = 0;
  for (;;) {
    const batch = await queryRows(
      deps.db,
      sql`SELECT s.id, s.email, s.token FROM newsletter_subscribers s
          WHERE s.status = 'subscribed' AND s.confirmed_at IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM newsletter_digest_sends d WHERE d.subscriber_id = s.id AND d.week = ${content.week})
          ORDER BY s.id LIMIT 200`,
      SubscriberRow,
    );
    const before = sent;
    for (const s of batch) {
      const [claim] = await deps.db
        .insert(newsletterDigestSends)
        .values({ subscriberId: s.id, week: content.week, sentAt: now })
        .onConflictDoNothing()
        .returning({ subscriberId: newsletterDigestSends.subscriberId });
      if (!claim) continue; // another runner has it
      try {
        await deps.mailer.send({
          to: s.email,
          tag: DIGEST_TAG,
          subject: `Toolscape weekly: new AI tools and deals (${content.week})`,
          text: digestText(content, siteOrigin(deps.env), s.token),
          headers: unsubscribeHeaders(siteOrigin(deps.env), s.token),
        });
        sent++;
      } catch (err) {
        failed++;
        deps.logger?.warn("digest mail failed", { subscriberId: s.id, err });
        await deps.db
          .delete(newsletterDigestSends)
          .where(and(eq(newsletterDigestSends.subscriberId, s.id), eq(newsletterDigestSends.week, content.week)));
      }
    }
    // Stop when a batch made no progress (all remaining failed or were taken by another runner).
    if (batch.length < 200 || sent === before) break;
  }
  if (failed > 0) throw new Error(`digest ${content.week}: ${failed} mail(s) failed; the retry sends them`);
  return { week: content.week, sent, failed };
}
