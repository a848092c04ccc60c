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
 * confirmation message with a one-click unsubscribe link. The subscription is stored first and
 * marked confirmed only once the message is handed to the mailer: if sending fails it throws a 503
 * AppError and the next try sends it again (a repeat of a confirmed subscription sends nothing).
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
          updated_at = now()
        RETURNING id, token, confirmation_sent_at IS NOT NULL AS confirmed`,
  );
  if (!row) throw new Error("newsletter subscription was not stored");
  if (row.confirmed) return { alreadySubscribed: true };
  const sending = mailer.send({
    to: input.email,
    tag: "newsletter-confirmation",
    subject: "You're subscribed to the Toolscape newsletter",
    text: [
      "Thanks for subscribing to the Toolscape newsletter.",
      "You'll get the new AI tools, deals and guides worth your time, about once a week.",
      "",
      `Unsubscribe at any time: ${siteUrl}/newsletter/unsubscribe?token=${row.token}`,
    ].join("\n"),
  });
  // Not confirmed yet: the next try sends it again. The caller gets a 503 with a message it can show.
  await sending.catch((cause: unknown) => {
    throw new AppError("unavailable", CONFIRMATION_NOT_SENT, { cause: String(cause) });
  });
  await db.execute(sql`UPDATE newsletter_subscribers SET confirmation_sent_at = now() WHERE id = ${row.id}`);
  return { alreadySubscribed: false };
}

export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  if (!/^[\w-]{10,64}$/.test(token)) return false;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE newsletter_subscribers SET status = 'unsubscribed', updated_at = now() WHERE token = ${token} RETURNING id`,
  );
  return rows.length > 0;
}
