import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { AuthCard, Field, FormAlert, SubmitButton } from "~/components/account/form-parts";
import { OtherSignIn } from "~/components/account/other-sign-in";
import { validateOnSubmit } from "~/components/account/validate-on-submit";
import { checkSignIn } from "~/lib/account-checks";
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
import { failureOf, formMessage } from "~/lib/form-action";
import { formAction, refuse } from "~/lib/form-action.server";
import type { Route } from "./+types/sign-in";

export { shouldRevalidate } from "~/lib/revalidate";

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

// A form without an intent is the password form (the page's own, and older clients).
const SignInIntent = z.preprocess(
  (form) => ({ intent: "password", ...(form as object) }),
  z.discriminatedUnion("intent", [
    ServerSignInInput.safeExtend({ intent: z.literal("password") }),
    z.object({ intent: z.literal("social"), provider: z.string().optional() }),
    z.object({ intent: z.literal("demo"), tier: z.string().optional() }),
  ]),
);

/** Sign-in by a way this server does not offer (demo mode off) is a page that does not exist. */
async function offered<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const deps = { ...context.services, demoMode: context.services.env.DEMO_MODE };
  const info = requestInfo(context, request);
  return formAction(
    request,
    SignInIntent,
    async (input, { values }) => {
      const redirectTo = safeRedirect(values.redirectTo);
      switch (input.intent) {
        case "social": {
          const provider = socialProviders(context.services.env).find((p) => p === input.provider);
          if (!provider) return refuse(400, MESSAGES.signInFailed);
          const { url, setCookies } = await offered(() => startSocialSignIn(deps, provider, redirectTo, info));
          return redirect(url, { headers: cookieHeaders(setCookies) });
        }
        case "demo": {
          if (!isTier(input.tier)) return refuse(400, MESSAGES.signInFailed);
          const tier = input.tier;
          const outcome = await offered(() => signInDemo(deps, tier, info));
          if (!outcome.ok) return refuse(outcome.status, outcome.error);
          return redirect(redirectTo, { headers: cookieHeaders(outcome.setCookies) });
        }
        case "password": {
          const outcome = await signInWithPassword(deps, input, info);
          if (!outcome.ok) return refuse(outcome.status, outcome.error, { email: values.email ?? "" });
          return redirect(redirectTo, { headers: cookieHeaders(outcome.setCookies) });
        }
      }
    },
    { secret: ["password"] },
  );
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const result = failureOf(actionData);
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
      <Form method="post" noValidate className="space-y-4" onSubmit={validateOnSubmit(checkSignIn, setClientErrors)}>
        {loaderData.reasonMessage ? (
          <p
            role="status"
            className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:border-brand-800 dark:bg-brand-950 dark:text-brand-100"
          >
            {loaderData.reasonMessage}
          </p>
        ) : null}
        {loaderData.notice ? <FormAlert tone="success">{loaderData.notice}</FormAlert> : null}
        {formMessage(result) || loaderData.oauthError ? (
          <FormAlert>{formMessage(result) ?? loaderData.oauthError}</FormAlert>
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
