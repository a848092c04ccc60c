import { EMAIL_MAX, isEmailAddress } from "../../platform/email-rule.ts";

/**
 * The account forms' rules without zod, for the browser (issue 23: zod is 23 KB gzip, a fifth of a
 * page's first-load budget). They mirror the zod schemas in ./forms.ts, which stay the truth the
 * server applies; tests/unit/account-form-checks.test.ts checks both give the same messages.
 * Messages are the spec's own and live here, so both halves read the same text.
 */
export const MESSAGES = {
  passwordsDoNotMatch: "Passwords do not match",
  passwordTooShort: "Password must be at least 6 characters",
  signInFailed: "Sign in failed. Please try again.",
  signUpFailed: "Account creation failed. Please try again.",
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
  tooManyVerificationMails: "Too many confirmation e-mails. Please wait an hour and try again.",
  nameRequired: "Name is required",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  passwordRequired: "Password is required",
  resetSent:
    "If an account exists for that address, we have sent a link to reset the password. It is valid for one hour.",
  resetInvalid: "This reset link is invalid or has expired. Please ask for a new one.",
  resetDone: "Your password has been changed. Please sign in with the new password.",
  darkModeGated: "Dark mode is available for Standard and Expert members",
  savedSearchGated: "Saved searches are available for Standard and Expert members. Upgrade to save searches.",
} as const;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 80;

export type FormFields = Record<string, unknown>;
/** One message per field; null when the form passes. */
export type FormCheck = (form: FormFields) => Record<string, string> | null;

const text = (v: unknown): string | null => (typeof v === "string" ? v : null);

function checkEmail(v: unknown): string | null {
  const raw = text(v);
  if (raw === null) return MESSAGES.emailRequired;
  if (raw.length > EMAIL_MAX * 4) return MESSAGES.emailInvalid;
  const value = raw.trim();
  if (value === "") return MESSAGES.emailRequired;
  return isEmailAddress(value) ? null : MESSAGES.emailInvalid;
}

function checkNewPassword(v: unknown): string | null {
  const value = text(v);
  if (!value) return MESSAGES.passwordRequired;
  if (value.length < PASSWORD_MIN) return MESSAGES.passwordTooShort;
  if (value.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  return null;
}

function checkName(v: unknown): string | null {
  const value = text(v);
  // The server also removes invisible formatting and refuses control characters (platform/text.ts).
  const clean = value?.replace(/\s+/g, " ").trim() ?? "";
  if (!clean) return MESSAGES.nameRequired;
  return clean.length > NAME_MAX ? "Name is too long" : null;
}

function collect(entries: [string, string | null][]): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const [key, message] of entries) if (message) out[key] ??= message;
  return Object.keys(out).length ? out : null;
}

/**
 * zod checks "passwords match" only when no field was refused outright (missing, or an e-mail that
 * is not one); a too-short password or an empty name still lets it run. The mirror does the same.
 */
function confirmMessage(form: FormFields, fields: readonly string[], email: boolean): [string, string | null] {
  const refusedOutright = fields.some((f) => text(form[f]) === null) || (email && checkEmail(form.email) !== null);
  const mismatch = !refusedOutright && form.password !== form.confirmPassword;
  return ["confirmPassword", mismatch ? MESSAGES.passwordsDoNotMatch : null];
}

export const checkSignIn: FormCheck = (form) =>
  // (An over-long password is the server's to refuse, with its own message.)
  collect([
    ["email", checkEmail(form.email)],
    ["password", text(form.password) ? null : MESSAGES.passwordRequired],
  ]);

export const checkSignUp: FormCheck = (form) =>
  collect([
    ["name", checkName(form.name)],
    ["email", checkEmail(form.email)],
    ["password", checkNewPassword(form.password)],
    ["confirmPassword", text(form.confirmPassword) === null ? MESSAGES.passwordsDoNotMatch : null],
    confirmMessage(form, ["name", "password", "confirmPassword"], true),
  ]);

export const checkForgotPassword: FormCheck = (form) => collect([["email", checkEmail(form.email)]]);

export const checkResetPassword: FormCheck = (form) => {
  const token = text(form.token);
  return collect([
    ["token", token !== null && /^[\w-]{10,200}$/.test(token) ? null : MESSAGES.resetInvalid],
    ["password", checkNewPassword(form.password)],
    ["confirmPassword", text(form.confirmPassword) === null ? MESSAGES.passwordsDoNotMatch : null],
    confirmMessage(form, ["token", "password", "confirmPassword"], false),
  ]);
};
