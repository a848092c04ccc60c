import { redirect } from "react-router";
import { AuthCard } from "~/components/account/form-parts";
import { OtherSignIn } from "~/components/account/other-sign-in";
import { SignUpForm } from "~/components/account/sign-up-form";
import {
  cookieHeaders,
  requestInfo,
  SignUpInput,
  safeRedirect,
  signUpWithPassword,
  socialProviders,
  viewerOf,
} from "~/lib/accounts.server";
import { PAY_MESSAGES } from "~/lib/billing-view";
import { formAction, refuse } from "~/lib/form-action.server";
import type { Route } from "./+types/sign-up";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [
    { title: "Join Toolscape free | Toolscape" },
    {
      name: "description",
      content: "Create a free Toolscape account: compare tools, view 10 tools a day in full, and keep your lists.",
    },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (await viewerOf(context, request)) throw redirect(redirectTo);
  return {
    redirectTo: url.searchParams.get("redirectTo") ? redirectTo : undefined,
    reasonMessage: url.searchParams.get("reason") === "checkout" ? PAY_MESSAGES.signIn : null,
    providers: socialProviders(context.services.env),
    demoMode: context.services.env.DEMO_MODE,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return formAction(
    request,
    SignUpInput,
    async (input, { values }) => {
      const outcome = await signUpWithPassword(context.services, input, requestInfo(context, request));
      if (!outcome.ok)
        return refuse(outcome.status, outcome.error, { name: values.name ?? "", email: values.email ?? "" });
      return redirect(safeRedirect(values.redirectTo), { headers: cookieHeaders(outcome.setCookies) });
    },
    { secret: ["password", "confirmPassword"] },
  );
}

export default function SignUp({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title="Join Toolscape free" subtitle="Compare tools, open 10 tools a day in full, keep your lists.">
      {loaderData.reasonMessage ? (
        <p
          role="status"
          className="mb-4 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:border-brand-800 dark:bg-brand-950 dark:text-brand-100"
        >
          {loaderData.reasonMessage}
        </p>
      ) : null}
      <SignUpForm redirectTo={loaderData.redirectTo} />
      <OtherSignIn providers={loaderData.providers} demoMode={loaderData.demoMode} redirectTo={loaderData.redirectTo} />
    </AuthCard>
  );
}
