/**
 * The e-mail address check itself, without zod: the browser's mirror of the one e-mail rule (the
 * newsletter form) imports this file, never `email-address.ts`, so zod stays out of pages' first load.
 * See `email-address.ts` for the rule and the zod field built on it.
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
