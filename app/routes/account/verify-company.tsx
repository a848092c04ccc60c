import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { Button, Field, Input } from "~/components/ui";
import { viewerOf } from "~/lib/accounts.server";
import {
  CompanyEmailInput,
  confirmCompanyVerification,
  startCompanyVerification,
  VERIFY_MESSAGES,
  VerifyToken,
  verificationState,
} from "~/lib/community.server";
import { failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/verify-company";

export { shouldRevalidate } from "~/lib/revalidate";

/**
 * Spec §6 verified badge, Company variant: the member asks for a link to their work address
 * (not a free-mail provider); opening the link shows a Confirm button (a POST, so mail scanners
 * that open links cannot confirm on the member's behalf).
 */
export function meta() {
  return [{ title: "Verify your company e-mail | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const viewer = await viewerOf(context, request);
  if (!viewer && !token) throw redirect(`/sign-in?redirectTo=${encodeURIComponent("/verify-company")}`);
  const state = viewer
    ? await verificationState(context.services.db, viewer.user.id, context.services.clock.now())
    : null;
  return {
    token: token && VerifyToken.safeParse(token).success ? token : null,
    invalidLink: VERIFY_MESSAGES.invalidLink,
    badToken: token !== null && !VerifyToken.safeParse(token).success,
    state,
  };
}

// The request form sends intent=start; a form without an intent is that one too.
const VerifyIntent = z.preprocess(
  (form) => ({ intent: "start", ...(form as object) }),
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("confirm"),
      token: z.string({ message: VERIFY_MESSAGES.invalidLink }).pipe(VerifyToken),
    }),
    CompanyEmailInput.safeExtend({ intent: z.literal("start") }),
  ]),
);

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  return formAction(
    request,
    VerifyIntent,
    async (input) => {
      switch (input.intent) {
        case "confirm":
          // No sign-in needed: the link itself is the proof.
          await confirmCompanyVerification(services, input.token);
          return { ok: true as const, message: VERIFY_MESSAGES.verified };
        case "start": {
          const viewer = await viewerOf(context, request);
          if (!viewer) throw redirect(`/sign-in?redirectTo=${encodeURIComponent("/verify-company")}`);
          await startCompanyVerification(services, { id: viewer.user.id, name: viewer.user.name }, input.email);
          return { ok: true as const, message: VERIFY_MESSAGES.sent(input.email) };
        }
      }
    },
    { secret: ["token"] },
  );
}

export default function VerifyCompany({ loaderData, actionData }: Route.ComponentProps) {
  const { token, badToken, state } = loaderData;
  const failed = failureOf(actionData);
  const done = actionData?.ok ? actionData : null;
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-3xl font-bold">Verify your company e-mail</h1>
      {done || failed ? (
        <p
          role={done ? "status" : "alert"}
          className={done ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}
        >
          {done ? done.message : failed?.error}
        </p>
      ) : null}
      {badToken ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {loaderData.invalidLink}
        </p>
      ) : null}
      {token && !done ? (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="token" value={token} />
          <p>Confirm this address to get the Company badge on your profile and reviews.</p>
          <Button type="submit">Confirm my company e-mail</Button>
        </Form>
      ) : null}
      {state && !token ? (
        <>
          <p className="text-slate-700 dark:text-slate-300">
            {state.verified === "company_email"
              ? `You are verified through your company address${state.domain ? ` at ${state.domain}` : ""}.`
              : state.verified === "linkedin"
                ? "You are verified through LinkedIn."
                : "Verified members get a badge on their profile and reviews. Use your work address: free e-mail providers cannot verify a company."}
          </p>
          {state.pending ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              A link was sent to {state.pending.email}; it is valid until{" "}
              {new Date(state.pending.expiresAt).toLocaleString("en-US", {
                dateStyle: "medium",
                timeStyle: "short",
                timeZone: "UTC",
              })}{" "}
              UTC.
            </p>
          ) : null}
          <Form method="post" noValidate className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="start" />
            <Field id="work-email" label="Work e-mail">
              <Input
                name="email"
                type="text"
                inputMode="email"
                autoComplete="email"
                defaultValue={failed?.values.email ?? ""}
                inline="sm"
                className="w-72 max-w-full"
              />
            </Field>
            <Button type="submit">Send link</Button>
          </Form>
        </>
      ) : null}
      <p>
        <Link to="/dashboard" className="underline">
          Back to the dashboard
        </Link>
      </p>
    </div>
  );
}
