import { z } from "zod";
import { emailField } from "../../platform/email-address.ts";
import { textBlock, textLine } from "../../platform/text.ts";
import { MESSAGES, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./form-checks.ts";

/**
 * Account form schemas, shared by the browser (validation before sending) and the server (the
 * truth). Only zod here: this file is bundled into the client. Messages are the spec's own.
 */
// The messages and limits are shared with the zod-free browser checks (./form-checks.ts).
export { MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from "./form-checks.ts";

/** A member's display name: readable text on one line (platform/text.ts), 1–80 characters. */
const personName = textLine("Name", { message: MESSAGES.nameRequired }).pipe(
  z.string().min(1, MESSAGES.nameRequired).max(NAME_MAX, "Name is too long"),
);

const email = emailField({ required: MESSAGES.emailRequired, invalid: MESSAGES.emailInvalid });

const newPassword = z
  .string({ message: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_MIN, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const SignUpInput = z
  .object({
    name: personName,
    email,
    password: newPassword,
    confirmPassword: z.string({ message: MESSAGES.passwordsDoNotMatch }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
export type SignUpInput = z.output<typeof SignUpInput>;

export const SignInInput = z.object({
  email,
  password: z.string({ message: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(PASSWORD_MAX),
});
export type SignInInput = z.output<typeof SignInInput>;

export const ForgotPasswordInput = z.object({ email });

export const ResetPasswordInput = z
  .object({
    token: z.string({ message: MESSAGES.resetInvalid }).regex(/^[\w-]{10,200}$/, MESSAGES.resetInvalid),
    password: newPassword,
    confirmPassword: z.string({ message: MESSAGES.passwordsDoNotMatch }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });

const optionalText = (label: string, max: number, message: string) =>
  textBlock(label)
    .pipe(z.string().max(max, message))
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();

/**
 * The avatar rule, the one place it lives: an https URL (never a path on this site, such as an
 * affiliate link /a/CODE, nor another scheme), or empty for none. The profile form and better-auth's
 * own update-user endpoint (its user.update hook in auth.ts) both apply it.
 */
export const AvatarUrl = z
  .string()
  .trim()
  .max(2_000, "Avatar URL is too long")
  .refine((v) => v === "" || /^https:\/\/[^\s]+$/.test(v), "Avatar URL must start with https://")
  .transform((v) => (v === "" ? null : v))
  .nullable()
  .optional();

export const ProfileInput = z.object({
  name: personName,
  username: z
    .string()
    .trim()
    .transform((v) => v.replace(/^@/, ""))
    .pipe(
      z
        .string()
        .regex(/^$|^[A-Za-z0-9_]{3,30}$/, "Username must be 3–30 letters, digits or underscores")
        .transform((v) => (v === "" ? null : v)),
    )
    .nullable()
    .optional(),
  bio: optionalText("Bio", 500, "Bio must be at most 500 characters"),
  image: AvatarUrl,
});
export type ProfileInput = z.output<typeof ProfileInput>;

export const SavedSearchInput = z.object({
  name: textLine("Name", { message: "Name is required" }).pipe(
    z.string().min(1, "Name is required").max(80, "Name is too long"),
  ),
  /** a /search query string; a leading '?' or '/search?' is accepted */
  query: textLine("Search", { message: "Search is required" })
    .transform((v) => v.replace(/^\/search/, "").replace(/^\?/, ""))
    .pipe(z.string().min(1, "Search is required").max(1_000, "Search is too long")),
});
export type SavedSearchInput = z.output<typeof SavedSearchInput>;

/** First message per field, for forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
