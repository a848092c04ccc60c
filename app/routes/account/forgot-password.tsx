import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthCard, Field, FormAlert, SubmitButton } from "~/components/account/form-parts";
import { validateOnSubmit } from "~/components/account/validate-on-submit";
import { ForgotPasswordInput, fieldErrors, MESSAGES } from "~/lib/account-forms";
import { AppError, requestInfo, requestPasswordReset } from "~/lib/accounts.server";
import type { Route } from "./+types/forgot-password";

type Result = { ok: boolean; error?: string; fields?: Record<string, string>; email?: string };

export function meta() {
  return [{ title: "Reset your password | Toolscape" }, { name: "robots", content: "noindex" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = ForgotPasswordInput.safeParse(form);
  const email = typeof form.email === "string" ? form.email : "";
  if (!parsed.success) return data<Result>({ ok: false, fields: fieldErrors(parsed.error), email }, { status: 400 });
  try {
    await requestPasswordReset(context.services, parsed.data.email, requestInfo(context, request));
  } catch (err) {
    if (err instanceof AppError && err.status === 429)
      return data<Result>({ ok: false, error: err.message, email }, { status: 429 });
    throw err;
  }
  return { ok: true } satisfies Result;
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const result = actionData as Result | undefined;
  const errors = clientErrors ?? result?.fields ?? {};
  return (
    <AuthCard title="Reset your password" subtitle="We'll e-mail you a link to choose a new one.">
      {result?.ok ? (
        <div className="space-y-4">
          <FormAlert tone="success">{MESSAGES.resetSent}</FormAlert>
          <Link
            to="/sign-in"
            className="block text-center text-sm font-medium text-brand-700 underline dark:text-brand-100"
          >
            Back to sign in
          </Link>
        </div>
      ) : (
        <Form
          method="post"
          noValidate
          className="space-y-4"
          onSubmit={validateOnSubmit(ForgotPasswordInput, setClientErrors)}
        >
          {result?.error ? <FormAlert>{result.error}</FormAlert> : null}
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={result?.email}
            error={errors.email}
          />
          <SubmitButton busy={navigation.state === "submitting"} busyText="Sending…">
            Send reset link
          </SubmitButton>
          <p className="text-center text-sm">
            <Link to="/sign-in" className="text-brand-700 underline dark:text-brand-100">
              Back to sign in
            </Link>
          </p>
        </Form>
      )}
    </AuthCard>
  );
}
