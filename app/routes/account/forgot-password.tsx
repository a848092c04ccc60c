import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AuthCard, Field, FormAlert, SubmitButton } from "~/components/account/form-parts";
import { validateOnSubmit } from "~/components/account/validate-on-submit";
import { checkForgotPassword, MESSAGES } from "~/lib/account-checks";
import { ForgotPasswordInput, requestInfo, requestPasswordReset } from "~/lib/accounts.server";
import { failureOf, formMessage } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/forgot-password";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [{ title: "Reset your password | Toolscape" }, { name: "robots", content: "noindex" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  return formAction(request, ForgotPasswordInput, async (input) => {
    await requestPasswordReset(context.services, input.email, requestInfo(context, request));
    return { ok: true as const };
  });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const failed = failureOf(actionData);
  const errors = clientErrors ?? failed?.fields ?? {};
  return (
    <AuthCard title="Reset your password" subtitle="We'll e-mail you a link to choose a new one.">
      {actionData?.ok ? (
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
          onSubmit={validateOnSubmit(checkForgotPassword, setClientErrors)}
        >
          {formMessage(failed) ? <FormAlert>{formMessage(failed)}</FormAlert> : null}
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={failed?.values.email}
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
