import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard, Field, FormAlert, SubmitButton } from "~/components/account/form-parts";
import { OtherSignIn } from "~/components/account/other-sign-in";
import type { AuthActionData } from "~/components/account/sign-up-form";
import { validateOnSubmit } from "~/components/account/validate-on-submit";
import { fieldErrors, SignInInput } from "~/lib/account-forms";
import {
  AppError,
  cookieHeaders,
  isTier,
  MESSAGES,
  requestInfo,
  SignInInput as ServerSignInInput,
  safeRedirect,
  signInDemo,
  signInWithPassword,
  socialProviders,
  startSocialSignIn,
  viewerOf,
} from "~/lib/accounts.server";
import { PAY_MESSAGES } from "~/lib/billing-view";
import type { Route } from "./+types/sign-in";

export function meta() {
  return [{ title: "Sign in | Toolscape" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (await viewerOf(context, request)) throw redirect(redirectTo);
  const { env } = context.services;
  const notice = url.searchParams.get("reset") === "done" ? MESSAGES.resetDone : null;
  // Why we were sent here (e.g. a signed-out checkout): the page says so, and sign-up keeps it.
  const reason = url.searchParams.get("reason") === "checkout" ? ("checkout" as const) : null;
  const oauthError = url.searchParams.get("error") ? MESSAGES.signInFailed : null;
  return {
    redirectTo: url.searchParams.get("redirectTo") ? redirectTo : undefined,
    providers: socialProviders(env),
    demoMode: env.DEMO_MODE,
    notice,
    reason,
    reasonMessage: reason === "checkout" ? PAY_MESSAGES.signIn : null,
    oauthError,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const redirectTo = safeRedirect(form.redirectTo);
  const deps = { ...context.services, demoMode: context.services.env.DEMO_MODE };
  const info = requestInfo(context, request);
  try {
    if (form.intent === "social") {
      const provider = socialProviders(context.services.env).find((p) => p === form.provider);
      if (!provider) return data<AuthActionData>({ ok: false, error: MESSAGES.signInFailed }, { status: 400 });
      const { url, setCookies } = await startSocialSignIn(deps, provider, redirectTo, info);
      return redirect(url, { headers: cookieHeaders(setCookies) });
    }
    if (form.intent === "demo") {
      if (!isTier(form.tier)) return data<AuthActionData>({ ok: false, error: MESSAGES.signInFailed }, { status: 400 });
      const outcome = await signInDemo(deps, form.tier, info);
      if (!outcome.ok) return data<AuthActionData>({ ok: false, error: outcome.error }, { status: outcome.status });
      return redirect(redirectTo, { headers: cookieHeaders(outcome.setCookies) });
    }
    const parsed = ServerSignInInput.safeParse(form);
    const values = { email: typeof form.email === "string" ? form.email : "" };
    if (!parsed.success) {
      return data<AuthActionData>({ ok: false, fields: fieldErrors(parsed.error), values }, { status: 400 });
    }
    const outcome = await signInWithPassword(deps, parsed.data, info);
    if (!outcome.ok)
      return data<AuthActionData>({ ok: false, error: outcome.error, values }, { status: outcome.status });
    return redirect(redirectTo, { headers: cookieHeaders(outcome.setCookies) });
  } catch (err) {
    if (err instanceof AppError && err.status === 429) {
      return data<AuthActionData>({ ok: false, error: err.message }, { status: 429 });
    }
    if (err instanceof AppError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const result = actionData as AuthActionData | undefined;
  const errors = clientErrors ?? result?.fields ?? {};
  const { redirectTo, reason } = loaderData;
  const signUpQuery = new URLSearchParams({
    ...(redirectTo ? { redirectTo } : {}),
    ...(reason ? { reason } : {}),
  }).toString();
  return (
    <AuthCard
      title="Sign in"
      subtitle={
        <>
          New to Toolscape?{" "}
          <Link
            to={signUpQuery ? `/sign-up?${signUpQuery}` : "/sign-up"}
            className="font-medium text-brand-700 underline dark:text-brand-100"
          >
            Join free
          </Link>
        </>
      }
    >
      <Form method="post" noValidate className="space-y-4" onSubmit={validateOnSubmit(SignInInput, setClientErrors)}>
        {loaderData.reasonMessage ? (
          <p
            role="status"
            className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:border-brand-800 dark:bg-brand-950 dark:text-brand-100"
          >
            {loaderData.reasonMessage}
          </p>
        ) : null}
        {loaderData.notice ? <FormAlert tone="success">{loaderData.notice}</FormAlert> : null}
        {result?.error || loaderData.oauthError ? (
          <FormAlert>{result?.error ?? loaderData.oauthError}</FormAlert>
        ) : null}
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={result?.values?.email}
          error={errors.email}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
        />
        <div className="text-right text-sm">
          <Link to="/forgot-password" className="text-brand-700 underline dark:text-brand-100">
            Forgot your password?
          </Link>
        </div>
        <SubmitButton busy={navigation.state === "submitting"} busyText="Signing in…">
          Sign in
        </SubmitButton>
      </Form>
      <OtherSignIn providers={loaderData.providers} demoMode={loaderData.demoMode} redirectTo={redirectTo} />
    </AuthCard>
  );
}
