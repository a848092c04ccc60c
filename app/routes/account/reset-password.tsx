import { useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard, Field, FormAlert, SubmitButton } from "~/components/account/form-parts";
import { validateOnSubmit } from "~/components/account/validate-on-submit";
import { checkResetPassword, MESSAGES } from "~/lib/account-checks";
import { ResetPasswordInput, requestInfo, resetPassword } from "~/lib/accounts.server";
import { failureOf, formMessage } from "~/lib/form-action";
import { formAction, refuse } from "~/lib/form-action.server";
import type { Route } from "./+types/reset-password";

export { shouldRevalidate } from "~/lib/revalidate";

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
  return formAction(
    request,
    ResetPasswordInput,
    async (input) => {
      const outcome = await resetPassword(context.services, input, requestInfo(context, request));
      if (!outcome.ok) return refuse(outcome.status, outcome.error);
      return redirect("/sign-in?reset=done");
    },
    { secret: ["token", "password", "confirmPassword"] },
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const result = failureOf(actionData);
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
        onSubmit={validateOnSubmit(checkResetPassword, setClientErrors)}
      >
        {formMessage(result) || errors.token ? (
          <FormAlert>
            {formMessage(result) ?? errors.token}{" "}
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
