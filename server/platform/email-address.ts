import { z } from "zod";
import { EMAIL_MAX, INVALID_EMAIL, isEmailAddress } from "./email-rule.ts";

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
// The check itself is zod-free in email-rule.ts (the browser imports it from there): one rule, one place.
export { EMAIL_MAX, INVALID_EMAIL, isEmailAddress };

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

/** Providers that ignore dots in the local part and whose other domain is the same mailbox. */
const DOTLESS_DOMAINS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * The mailbox an address delivers to, for abuse checks (issue 31): `Bob+alt1@Example.com` and
 * `bob@example.com` are one person's, as are `b.o.b@googlemail.com` and `bob@gmail.com`. Sub-addressing
 * (`+tag`) is stripped everywhere, dots only where the provider ignores them. Never used to send mail
 * or to identify an account: only to tell that two addresses reach the same inbox.
 */
export function mailboxKey(email: string): string {
  const value = email.trim().toLowerCase();
  const at = value.lastIndexOf("@");
  if (at <= 0) return value;
  let local = value.slice(0, at);
  let domain = value.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const dotless = Object.hasOwn(DOTLESS_DOMAINS, domain) ? DOTLESS_DOMAINS[domain] : undefined;
  if (dotless) {
    domain = dotless;
    local = local.replaceAll(".", "");
  }
  return `${local}@${domain}`;
}
