import { desc } from "drizzle-orm";
import { type Db, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import type { Jobs } from "../../platform/jobs/index.ts";
import { consumeRateLimit, type RateRule, type Viewer } from "../accounts/index.ts";
import type { ContactInput } from "./support-forms.ts";
import { SUPPORT_MAIL_JOB } from "./support-mail.ts";
import { contactMessages } from "./support-tables.ts";

/** Five messages per 10 minutes per client address: enough for a person, not for a script. */
export const CONTACT_RULE: RateRule = { max: 5, windowSec: 600 };
export const CONTACT_RATE_LIMITED = "Too many messages. Please wait a few minutes and try again.";

export type ContactMessage = { id: string; name: string; email: string; message: string; createdAt: string };

/**
 * Stores a contact message and e-mails it to support (a job, after the commit). A filled honeypot
 * is answered like a success but nothing is stored or sent, so bots learn nothing.
 */
export async function sendContactMessage(
  deps: { db: Db; jobs: Jobs; supportEmail: string },
  who: { viewer: Viewer | null; ip: string },
  input: ContactInput,
  now: Date,
): Promise<{ stored: boolean }> {
  const limit = await consumeRateLimit(deps.db, `contact:ip:${who.ip}`, CONTACT_RULE, now);
  if (!limit.allowed) throw new AppError("rate_limited", CONTACT_RATE_LIMITED, { retryAfterSec: limit.retryAfterSec });
  if (input.website?.trim()) return { stored: false };
  await transaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        userId: who.viewer?.user.id ?? null,
        name: input.name,
        email: input.email,
        message: input.message,
        createdAt: now,
      })
      .returning({ id: contactMessages.id });
    await deps.jobs.enqueue(
      {
        type: SUPPORT_MAIL_JOB,
        key: `contact:${row?.id}`,
        payload: {
          to: deps.supportEmail,
          subject: `Contact form: ${input.name}`,
          text: `${input.name} <${input.email}> wrote through the contact form:\n\n${input.message}`,
          tag: "contact",
        },
        runAt: now,
      },
      tx,
    );
  });
  return { stored: true };
}

export async function listContactMessages(db: Db, limit = 100): Promise<ContactMessage[]> {
  const rows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), contactMessages.id)
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
  }));
}
