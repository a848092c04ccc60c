import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Db } from "./db/index.ts";
import { mailFailures } from "./db/tables.ts";
import type { Logger } from "./logger.ts";

/**
 * Outgoing mail, one interface. With SMTP_URL set, messages go to that server (nodemailer);
 * without it, every message is written to DATA_DIR/mail/ as JSON (the outbox), so flows such as
 * password reset can be followed and tested end to end (and read at /dev/mail in development).
 */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  tag: string;
  /** extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on newsletter mail */
  headers?: Record<string, string>;
};

export type Mailer = {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<{ id: string }>;
};

export type OutboxMessage = MailMessage & { id: string; from: string; createdAt: string };

export const DEFAULT_FROM = "Toolscape <hello@toolscape.dev>";

export function createMailer(options: { smtpUrl?: string; dataDir: string; from?: string }): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from ?? DEFAULT_FROM)
    : createOutboxMailer(options.dataDir, options.from ?? DEFAULT_FROM);
}

export function createSmtpMailer(smtpUrl: string, from = DEFAULT_FROM): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(message) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { ...message.headers, "X-Toolscape-Tag": message.tag },
      });
      return { id: String(info.messageId ?? randomUUID()) };
    },
  };
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, "mail");
}

export function createOutboxMailer(dataDir: string, from = DEFAULT_FROM): Mailer {
  const dir = outboxDir(dataDir);
  return {
    kind: "outbox",
    async send(message) {
      const createdAt = new Date().toISOString();
      const id = `${createdAt.replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}`;
      await mkdir(dir, { recursive: true });
      const stored: OutboxMessage = { id, from, createdAt, ...message };
      await writeFile(path.join(dir, `${id}.json`), JSON.stringify(stored, null, 2), { mode: 0o600 });
      return { id };
    },
  };
}

const OUTBOX_ID = /^[\w-]{8,80}$/;

/** The newest outbox messages first (the dev mail page). */
export async function listOutbox(dataDir: string, limit = 100): Promise<OutboxMessage[]> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith(".json"));
  } catch {
    return [];
  }
  names.sort().reverse();
  const messages: OutboxMessage[] = [];
  for (const name of names.slice(0, limit)) {
    const message = await readOutboxMessage(dataDir, name.slice(0, -5));
    if (message) messages.push(message);
  }
  return messages;
}

export async function readOutboxMessage(dataDir: string, id: string): Promise<OutboxMessage | null> {
  if (!OUTBOX_ID.test(id)) return null;
  try {
    const raw = JSON.parse(
      await readFile(path.join(outboxDir(dataDir), `${id}.json`), "utf8"),
    ) as Partial<OutboxMessage>;
    return {
      id,
      from: raw.from ?? DEFAULT_FROM,
      createdAt: raw.createdAt ?? id.slice(0, 24),
      to: raw.to ?? "",
      subject: raw.subject ?? "",
      text: raw.text ?? "",
      html: raw.html,
      tag: raw.tag ?? "",
      ...(raw.headers ? { headers: raw.headers } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * The same mailer, but a message it cannot hand over leaves a `mail_failures` row (the admin
 * overview's alert) before the error goes on to the caller, who decides what it means.
 */
export function withFailureLog(mailer: Mailer, db: Db, logger: Logger): Mailer {
  return {
    kind: mailer.kind,
    async send(message) {
      try {
        return await mailer.send(message);
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        await db
          .insert(mailFailures)
          .values({ tag: message.tag, recipient: message.to, subject: message.subject, error: error.slice(0, 1000) })
          .catch((dbErr: unknown) => logger.error("mail failure not recorded", { err: dbErr, tag: message.tag }));
        throw err;
      }
    },
  };
}
