import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import type { Mailer } from "../../platform/mail.ts";

/** The spec's rule: text, at sign, text, dot, text — and its message. */
/** No spaces, control or invisible formatting characters (\p{Cc}, \p{Cf}) anywhere in an address. */
export const EMAIL_PATTERN = /^[^\s@\p{Cc}\p{Cf}]+@[^\s@\p{Cc}\p{Cf}]+\.[^\s@\p{Cc}\p{Cf}]+$/u;
export const INVALID_EMAIL = "Please enter a valid email address";
export const CONFIRMATION_NOT_SENT = "We could not send the confirmation email right now. Please try again later.";

export const NewsletterInput = z.object({
  email: z.string({ message: INVALID_EMAIL }).trim().max(254, INVALID_EMAIL).regex(EMAIL_PATTERN, INVALID_EMAIL),
  source: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,32}$/)
    .optional()
    .catch(undefined),
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
  siteUrl: string,
): Promise<{ alreadySubscribed: boolean }> {
  const token = randomBytes(18).toString("base64url");
  // A re-subscription (after unsubscribing) is confirmed again.
  const [row] = await queryRows<{ id: number; token: string; confirmed: boolean }>(
    db,
    sql`INSERT INTO newsletter_subscribers AS s (email, source, token)
        VALUES (${input.email}, ${input.source ?? "home"}, ${token})
        ON CONFLICT (lower(email)) DO UPDATE SET
          status = 'subscribed',
          confirmation_sent_at = CASE WHEN s.status = 'subscribed' THEN s.confirmation_sent_at END,
          confirmed_at = CASE WHEN s.status = 'subscribed' THEN s.confirmed_at END,
          updated_at = now()
        RETURNING id, token, confirmation_sent_at IS NOT NULL AS confirmed`,
  );
  if (!row) throw new Error("newsletter subscription was not stored");
  if (row.confirmed) return { alreadySubscribed: true };
  const sending = mailer.send({
    to: input.email,
    tag: "newsletter-confirmation",
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
  await db.execute(sql`UPDATE newsletter_subscribers SET confirmation_sent_at = now() WHERE id = ${row.id}`);
  return { alreadySubscribed: false };
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
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE newsletter_subscribers
        SET confirmed_at = COALESCE(confirmed_at, ${now.toISOString()}::timestamptz), updated_at = now()
        WHERE token = ${token} AND status = 'subscribed' RETURNING id`,
  );
  return rows.length > 0;
}

export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  if (!/^[\w-]{10,64}$/.test(token)) return false;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE newsletter_subscribers SET status = 'unsubscribed', updated_at = now() WHERE token = ${token} RETURNING id`,
  );
  return rows.length > 0;
}
