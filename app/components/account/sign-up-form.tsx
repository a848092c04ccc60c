import { useState } from "react";
import { Form, Link, useActionData, useFetcher, useNavigation } from "react-router";
import { checkSignUp } from "~/lib/account-checks";
import { failureOf, formMessage } from "~/lib/form-action";
import { Field, FormAlert, SubmitButton } from "./form-parts";
import { validateOnSubmit } from "./validate-on-submit";

/**
 * The sign-up form: name, email, password, confirm. Validated in the browser with the zod-free mirror of
 * the server's schema (the spec's messages), then by the server; the browser's built-in validation is off so it
 * cannot pre-empt those messages. `modal` posts through a fetcher (the Join free dialog).
 */
export function SignUpForm({ modal = false, redirectTo }: { modal?: boolean; redirectTo?: string }) {
  const fetcher = useFetcher();
  const actionData = useActionData();
  const navigation = useNavigation();
  const result = failureOf(modal ? fetcher.data : actionData);
  const busy = modal ? fetcher.state !== "idle" : navigation.state === "submitting";
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const errors = clientErrors ?? result?.fields ?? {};
  const FormComponent = modal ? fetcher.Form : Form;
  const prefix = modal ? "join" : "signup";

  return (
    <FormComponent
      method="post"
      action="/sign-up"
      noValidate
      className="space-y-4"
      onSubmit={validateOnSubmit(checkSignUp, setClientErrors)}
    >
      {formMessage(result) ? <FormAlert>{formMessage(result)}</FormAlert> : null}
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <Field
        id={`${prefix}-name`}
        label="Name"
        name="name"
        autoComplete="name"
        defaultValue={result?.values?.name}
        error={errors.name}
      />
      <Field
        id={`${prefix}-email`}
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={result?.values?.email}
        error={errors.email}
      />
      <Field
        id={`${prefix}-password`}
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        error={errors.password}
      />
      <Field
        id={`${prefix}-confirm`}
        label="Confirm password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
      <SubmitButton busy={busy} busyText="Creating your account…">
        Create free account
      </SubmitButton>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        Already a member?{" "}
        <Link to="/sign-in" className="font-medium text-brand-700 underline dark:text-brand-100">
          Sign in
        </Link>
      </p>
    </FormComponent>
  );
}
