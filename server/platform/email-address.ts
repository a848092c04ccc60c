import { z } from "zod";

/**
 * The one e-mail address rule, for every e-mail field (sign-up, sign-in, password reset, newsletter,
 * support, contact, referral invitations, affiliate payouts, company verification, better-auth's own
 * endpoints) and the browser's mirror of them. Issue 18: the old regex (`[^@]+@[^@]+\.[^@]+`)
 * backtracked quadratically on `a@` + 64,000 dots + `@`, and three such posts froze the process.
 *
 * The check is written without a regex over the whole address: the length is refused first, then
 * one pass over the characters — linear in the input, whatever it holds. The spec's rule: text, at
 * sign, text, dot, text; no spaces, control or invisible formatting characters anywhere.
 */
export const EMAIL_MAX = 254;
export const INVALID_EMAIL = "Please enter a valid email address";

/** Characters an address may not hold: whitespace, C0/C1 controls, invisible formatting. */
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\s\u0000-\u001F\u007F-\u009F\u00AD\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/u;

export function isEmailAddress(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > EMAIL_MAX) return false;
  const at = value.indexOf("@");
  if (at <= 0 || at !== value.lastIndexOf("@")) return false;
  const domain = value.slice(at + 1);
  const dot = domain.indexOf(".");
  // a dot inside the domain with text on both sides: not first, not last
  if (dot <= 0 || domain.lastIndexOf(".") === domain.length - 1) return false;
  // One character class, tested character by character by the engine: no backtracking.
  return !FORBIDDEN.test(value);
}

/**
 * The zod field for an e-mail address: trimmed, checked by `isEmailAddress` (length first), lower-cased
 * unless `keepCase`. A non-string, an empty one (`required` message) and a bad one each get a message.
 */
export function emailField(messages: { invalid?: string; required?: string } = {}) {
  const invalid = messages.invalid ?? INVALID_EMAIL;
  const required = messages.required ?? invalid;
  return z.string({ message: required }).transform((raw, ctx) => {
    // Never trim a megabyte: anything this long is refused before any other work.
    if (raw.length > EMAIL_MAX * 4) {
      ctx.addIssue({ code: "custom", message: invalid });
      return z.NEVER;
    }
    const value = raw.trim();
    if (value === "") {
      ctx.addIssue({ code: "custom", message: required });
      return z.NEVER;
    }
    if (!isEmailAddress(value)) {
      ctx.addIssue({ code: "custom", message: invalid });
      return z.NEVER;
    }
    return value.toLowerCase();
  });
}
