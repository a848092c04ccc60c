import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Outgoing mail. Until an SMTP transport is configured (the accounts issue adds SMTP_URL), every
 * message is written to DATA_DIR/mail/ as JSON so flows can be followed and tested end to end.
 */
export type MailMessage = { to: string; subject: string; text: string; html?: string; tag: string };

export type Mailer = { send(message: MailMessage): Promise<{ id: string }> };

export function createOutboxMailer(dataDir: string): Mailer {
  const dir = path.join(dataDir, "mail");
  return {
    async send(message) {
      const id = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}`;
      await mkdir(dir, { recursive: true });
      await writeFile(
        path.join(dir, `${id}.json`),
        JSON.stringify({ id, from: "Toolscape <hello@toolscape.dev>", ...message }, null, 2),
      );
      return { id };
    },
  };
}
