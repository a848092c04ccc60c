import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard, Field, FormAlert, SubmitButton } from "~/components/account/form-parts";
import { validateOnSubmit } from "~/components/account/validate-on-submit";
import { fieldErrors, MESSAGES, ResetPasswordInput } from "~/lib/account-forms";
import { AppError, requestInfo, resetPassword } from "~/lib/accounts.server";
import type { Route } from "./+types/reset-password";

type Result = { ok: false; error?: string; fields?: Record<string, string> };

export function meta() {
  return [{ title: "Choose a new password | Toolscape" }, { name: "robots", content: "noindex" }];
}

// The page carries a one-time token: never cache it anywhere. (The site-wide Referrer-Policy,
// strict-origin-when-cross-origin, keeps the token out of Referer headers to other sites.)
export function headers() {
  return { "Cache-Control": "no-store" };
}

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const error = url.searchParams.get("error");
  return { token, invalid: !token || !!error || !/^[\w-]{10,200}$/.test(token) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = ResetPasswordInput.safeParse(form);
  if (!parsed.success) return data<Result>({ ok: false, fields: fieldErrors(parsed.error) }, { status: 400 });
  try {
    const outcome = await resetPassword(context.services, parsed.data, requestInfo(context, request));
    if (!outcome.ok) return data<Result>({ ok: false, error: outcome.error }, { status: outcome.status });
  } catch (err) {
    if (err instanceof AppError && err.status === 429)
      return data<Result>({ ok: false, error: err.message }, { status: 429 });
    throw err;
  }
  return redirect("/sign-in?reset=done");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const result = actionData as Result | undefined;
  const errors = clientErrors ?? result?.fields ?? {};
  if (loaderData.invalid) {
    return (
      <AuthCard title="Choose a new password">
        <FormAlert>{MESSAGES.resetInvalid}</FormAlert>
        <Link
          to="/forgot-password"
          className="mt-4 block text-center font-medium text-brand-700 underline dark:text-brand-100"
        >
          Ask for a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      <Form
        method="post"
        noValidate
        className="space-y-4"
        onSubmit={validateOnSubmit(ResetPasswordInput, setClientErrors)}
      >
        {result?.error || errors.token ? (
          <FormAlert>
            {result?.error ?? errors.token}{" "}
            <Link to="/forgot-password" className="underline">
              Ask for a new link
            </Link>
          </FormAlert>
        ) : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          error={errors.password}
        />
        <Field
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
        />
        <SubmitButton busy={navigation.state === "submitting"} busyText="Saving…">
          Set new password
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
