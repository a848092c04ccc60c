import { randomBytes } from "node:crypto";
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { emailField } from "../../platform/email-address.ts";
import { AppError } from "../../platform/errors.ts";
import type { Mailer } from "../../platform/mail.ts";
import { consumeRateLimit, type RateRule } from "../../platform/rate-limit.ts";
import { type SiteEnv, siteOrigin } from "../../platform/site-origin.ts";
import { newsletterSubscribers } from "./tables.ts";

const SubscribedRow = z.object({ id: z.number(), token: z.string(), confirmed: z.boolean() });

/** Confirmation mails per address (a stranger's inbox is not ours to fill) and subscriptions per client. */
export const NEWSLETTER_ADDRESS_RULE: RateRule = { max: 3, windowSec: 3600 };
export const NEWSLETTER_CLIENT_RULE: RateRule = { max: 20, windowSec: 3600 };
export const NEWSLETTER_RATE_LIMITED = "Too many subscription requests. Please wait an hour and try again.";
export const CONFIRMATION_NOT_SENT = "We could not send the confirmation email right now. Please try again later.";

export const NewsletterInput = z.object({
  email: emailField(),
  source: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,32}$/)
    .optional()
    .catch(undefined)
    .meta({ type: "string", description: "where the form was (a-z, 0-9, -; at most 32); anything else is ignored" }),
});

/**
 * Subscribes an address (idempotent: a repeat or a re-subscription is harmless) and sends the
 * double opt-in message: a confirmation link and a one-click unsubscribe link. The subscription is
 * stored first and its confirmation_sent_at set only once the message is handed to the mailer: if
 * sending fails it throws a 503 AppError and the next try sends it again (a repeat after the
 * message went out sends nothing). Mail (the weekly digest) goes only to addresses whose owner
 * followed the confirmation link (confirmed_at); a re-subscription after unsubscribing must be
 * confirmed again.
 */
export async function subscribe(
  db: Db,
  mailer: Mailer,
  input: z.output<typeof NewsletterInput>,
  site: SiteEnv,
  /** the client address (its own limit) and the request's time (services.clock.now()) */
  who: { ip?: string; now: Date },
): Promise<{ alreadySubscribed: boolean }> {
  const siteUrl = siteOrigin(site);
  const limit = ([key, rule]: [string, RateRule]) => limitOn(db, key, rule, who.now);
  // Every request counts against the client; only requests that would mail count against the
  // address (a repeat for a confirmed address sends nothing, so it cannot fill anyone's inbox).
  if (who.ip) await limit([`newsletter:ip:${who.ip}`, NEWSLETTER_CLIENT_RULE]);
  const token = randomBytes(18).toString("base64url");
  // A re-subscription (after unsubscribing) is confirmed again.
  const [row] = await queryRows(
    db,
    sql`INSERT INTO newsletter_subscribers AS s (email, source, token)
        VALUES (${input.email}, ${input.source ?? "home"}, ${token})
        ON CONFLICT (lower(email)) DO UPDATE SET
          status = 'subscribed',
          confirmation_sent_at = CASE WHEN s.status = 'subscribed' THEN s.confirmation_sent_at END,
          confirmed_at = CASE WHEN s.status = 'subscribed' THEN s.confirmed_at END,
          updated_at = now()
        RETURNING id, token, confirmation_sent_at IS NOT NULL AS confirmed`,
    SubscribedRow,
  );
  if (!row) throw new Error("newsletter subscription was not stored");
  if (row.confirmed) return { alreadySubscribed: true };
  await limit([`newsletter:address:${input.email.toLowerCase()}`, NEWSLETTER_ADDRESS_RULE]);
  const sending = mailer.send({
    to: input.email,
    tag: "newsletter-confirmation",
    headers: unsubscribeHeaders(siteUrl, row.token),
    subject: "Confirm your Toolscape newsletter subscription",
    text: [
      "Thanks for subscribing to the Toolscape newsletter.",
      "Please confirm that this is your address by opening this link:",
      `${siteUrl}/newsletter/confirm?token=${row.token}`,
      "",
      "Once confirmed, you'll get the new AI tools, trending tools and live deals, once a week.",
      "If you did not subscribe, ignore this message: nothing will be sent to you.",
      "",
      `Unsubscribe at any time: ${unsubscribeUrl(siteUrl, row.token)}`,
    ].join("\n"),
  });
  // Not confirmed yet: the next try sends it again. The caller gets a 503 with a message it can show.
  await sending.catch((cause: unknown) => {
    throw new AppError("unavailable", CONFIRMATION_NOT_SENT, { cause: String(cause) });
  });
  await db
    .update(newsletterSubscribers)
    .set({ confirmationSentAt: sql`now()` })
    .where(eq(newsletterSubscribers.id, row.id));
  return { alreadySubscribed: false };
}

/**
 * RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` to the link (the
 * page's action); a person opening the link gets a page with a button (a GET never unsubscribes).
 */
export function unsubscribeHeaders(siteUrl: string, token: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(siteUrl, token)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** Whether a token names a current subscription (the unsubscribe page's question before its button). */
export async function subscriptionByToken(db: Db, token: string): Promise<{ subscribed: boolean } | null> {
  if (!/^[\w-]{10,64}$/.test(token)) return null;
  const [row] = await db
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.token, token));
  return row ? { subscribed: row.status === "subscribed" } : null;
}

async function limitOn(db: Db, key: string, rule: RateRule, now: Date): Promise<void> {
  const result = await consumeRateLimit(db, key, rule, now);
  if (!result.allowed) {
    throw new AppError("rate_limited", NEWSLETTER_RATE_LIMITED, { retryAfterSec: result.retryAfterSec });
  }
}

/** The link every newsletter mail carries. */
export function unsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/$/, "")}/newsletter/unsubscribe?token=${token}`;
}

/**
 * The second opt-in: the link in the confirmation mail. Confirms a current subscription (repeat
 * clicks are harmless); false for an unknown token or an address that has since unsubscribed.
 */
export async function confirmSubscription(db: Db, token: string, now: Date): Promise<boolean> {
  if (!/^[\w-]{10,64}$/.test(token)) return false;
  const rows = await db
    .update(newsletterSubscribers)
    .set({
      confirmedAt: sql`COALESCE(${newsletterSubscribers.confirmedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(newsletterSubscribers.token, token), eq(newsletterSubscribers.status, "subscribed")))
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}

export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  if (!/^[\w-]{10,64}$/.test(token)) return false;
  const rows = await db
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", updatedAt: sql`now()` })
    .where(eq(newsletterSubscribers.token, token))
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}

/** Confirmed subscribers (the /community newsletter card's figure; issue 35 item 5). */
export async function countSubscribers(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.status, "subscribed"), isNotNull(newsletterSubscribers.confirmedAt)));
  return row?.n ?? 0;
}
