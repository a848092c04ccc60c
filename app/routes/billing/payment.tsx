import { randomUUID } from "node:crypto";
import { Form, Link, useNavigation } from "react-router";
import { Field, FormAlert } from "~/components/account/form-parts";
import { TestModeBanner } from "~/components/billing/parts";
import { buttonClass, cardClassOf, controlClass } from "~/components/ui-classes";
import { viewerOf } from "~/lib/accounts.server";
import { checkoutRedirect, PaymentFormInput, paidPlans, providers } from "~/lib/billing.server";
import { money, PAY_MESSAGES, type ProviderId } from "~/lib/billing-view";
import { failureOf } from "~/lib/form-action";
import { formAction, readForm, refuse } from "~/lib/form-action.server";
import { originOf } from "~/lib/site-origin.server";
import type { Route } from "./+types/payment";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [{ title: "Payment | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const LABEL: Record<ProviderId, string> = { paypal: "PayPal", cashfree: "Cashfree", test: "Test provider" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [viewer, plans] = await Promise.all([viewerOf(context, request), paidPlans(context)]);
  const asked = url.searchParams.get("tier");
  return {
    plans,
    selected: plans.find((p) => p.tier === asked)?.tier ?? "standard",
    email: viewer?.user.email ?? "",
    signedIn: Boolean(viewer),
    providers: providers(context),
    idempotencyKey: randomUUID(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) return refuse(401, PAY_MESSAGES.signIn, (await readForm(request)).values);
  return formAction(request, PaymentFormInput, async ({ provider, tier, email, idempotencyKey }, { values }) => {
    if (!providers(context).enabled.includes(provider)) {
      return refuse(400, `${LABEL[provider]} is not configured on this site.`, values);
    }
    return checkoutRedirect(context, viewer, { tier, provider, idempotencyKey, email, origin: originOf(context) });
  });
}

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { plans, providers: prov } = loaderData;
  const failed = failureOf(actionData);
  const values = failed?.values;
  const fields = failed?.fields ?? {};
  // The e-mail and plan show their own message; any other refusal is the alert.
  const alert = failed && !fields.email && !fields.tier ? failed.error : null;
  const real: ProviderId[] = ["paypal", "cashfree"];
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <header>
        <h1 className="text-3xl font-bold">Payment</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Monthly plans in USD, with a 30-day money-back guarantee. You enter your card on the provider's own page:
          Toolscape never sees or stores card numbers.
        </p>
      </header>
      {prov.testMode ? <TestModeBanner /> : null}
      {alert ? (
        <FormAlert>
          {alert}
          {alert === PAY_MESSAGES.signIn ? (
            <>
              {" "}
              <Link to="/sign-in?redirectTo=%2Fpayment" className="font-semibold underline">
                Sign in
              </Link>
            </>
          ) : null}
        </FormAlert>
      ) : null}
      {!loaderData.signedIn ? (
        <FormAlert tone="info">
          {PAY_MESSAGES.signIn}:{" "}
          <Link to="/sign-in?redirectTo=%2Fpayment" className="font-semibold underline">
            Sign in
          </Link>
        </FormAlert>
      ) : null}
      <Form method="post" noValidate className={cardClassOf("lg", "space-y-4")}>
        <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
        <Field
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="email"
          defaultValue={values?.email ?? loaderData.email}
          hint="Your receipt goes to this address."
          error={fields.email}
        />
        {/* Plain markup, not ui.tsx's Field: this page has ~100 B of first-load headroom. */}
        <div>
          <label htmlFor="f-tier" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            Plan
          </label>
          <select
            id="f-tier"
            name="tier"
            defaultValue={values?.tier ?? loaderData.selected}
            aria-invalid={fields.tier ? true : undefined}
            aria-describedby={fields.tier ? "f-tier-error" : undefined}
            className={controlClass(undefined, "mt-1")}
          >
            {plans.map((p) => (
              <option key={p.tier} value={p.tier}>
                {p.name} — {money(p.amountCents)} per month
              </option>
            ))}
          </select>
          {fields.tier ? (
            <p id="f-tier-error" className="mt-1 text-sm text-red-700 dark:text-red-300">
              {fields.tier}
            </p>
          ) : null}
        </div>
        <div className="space-y-3">
          {prov.testMode ? (
            <button
              type="submit"
              name="provider"
              value="test"
              className={buttonClass("primary", "lg", "w-full")}
              disabled={busy}
            >
              Continue (Test mode)
            </button>
          ) : null}
          {real.map((p) => {
            const on = prov.enabled.includes(p);
            return (
              <div key={p}>
                <button
                  type="submit"
                  name="provider"
                  value={p}
                  disabled={!on || busy}
                  className={buttonClass(p === "paypal" && on ? "primary" : "secondary", "lg", "w-full")}
                >
                  Pay with {LABEL[p]}
                </button>
                {on ? null : (
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                    {LABEL[p]} is not configured on this site.
                  </p>
                )}
              </div>
            );
          })}
        </div>
      </Form>
    </div>
  );
}
