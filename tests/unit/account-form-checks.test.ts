import { describe, expect, it } from "vitest";
import {
  ForgotPasswordInput,
  fieldErrors,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
} from "../../server/modules/accounts/forms.ts";
import {
  checkForgotPassword,
  checkResetPassword,
  checkSignIn,
  checkSignUp,
  type FormCheck,
} from "../../server/modules/accounts/shared.ts";

/**
 * The browser's zod-free account checks (issue 23: zod stays out of the sign-in, sign-up and password
 * pages' first load) must refuse what the server's zod schemas refuse, with the same message at the
 * same field.
 */
type Schema = { safeParse: (v: unknown) => { success: boolean; error?: unknown } };
function same(check: FormCheck, schema: Schema, forms: Record<string, unknown>[]) {
  for (const form of forms) {
    const parsed = schema.safeParse(form);
    const server = parsed.success ? null : fieldErrors(parsed.error as Parameters<typeof fieldErrors>[0]);
    expect(check(form), JSON.stringify(form)).toEqual(server);
  }
}

const emails = [
  "ada@example.com",
  " Ada@Example.com ",
  "",
  "   ",
  "ada",
  "ada@",
  "ada@example",
  "a b@example.com",
  "x@y.z",
];

describe("account form checks mirror the zod schemas", () => {
  it("sign-in", () => {
    const forms: Record<string, unknown>[] = [{}];
    for (const email of emails) for (const password of ["", "pw", "secret1"]) forms.push({ email, password });
    forms.push({ email: "ada@example.com" }, { password: "x" });
    same(checkSignIn, SignInInput, forms);
  });

  it("sign-up", () => {
    const forms: Record<string, unknown>[] = [{}];
    for (const name of ["Ada", "", "  ", "x".repeat(81)])
      for (const email of ["ada@example.com", "", "nope"])
        for (const [password, confirmPassword] of [
          ["secret1", "secret1"],
          ["secret1", "secret2"],
          ["short", "short"],
          ["", ""],
          ["x".repeat(129), "x".repeat(129)],
        ])
          forms.push({ name, email, password, confirmPassword });
    forms.push({ name: "Ada", email: "ada@example.com", password: "secret1" });
    same(checkSignUp, SignUpInput, forms);
  });

  it("forgot and reset password", () => {
    same(
      checkForgotPassword,
      ForgotPasswordInput,
      emails.map((email) => ({ email })),
    );
    const forms: Record<string, unknown>[] = [{}];
    for (const token of ["abcdefghij-123", "short", "", "bad token with spaces"])
      for (const [password, confirmPassword] of [
        ["brand-new-1", "brand-new-1"],
        ["brand-new-1", "brand-new-2"],
        ["short", "short"],
      ])
        forms.push({ token, password, confirmPassword });
    same(checkResetPassword, ResetPasswordInput, forms);
  });
});
