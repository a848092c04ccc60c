import { randomUUID } from "node:crypto";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Field, FormAlert } from "~/components/account/form-parts";
import { payCard, payPrimary, paySecondary, TestModeBanner } from "~/components/billing/parts";
import { viewerOf } from "~/lib/accounts.server";
import { PaymentFormInput, paidPlans, providers, startCheckout } from "~/lib/billing.server";
import { money, PAY_MESSAGES, type ProviderId } from "~/lib/billing-view";
import type { Route } from "./+types/payment";

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

type ActionData = { error?: string; fields?: Record<string, string>; values?: { email: string; tier: string } };

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const values = { email: String(form.email ?? ""), tier: String(form.tier ?? "") };
  const viewer = await viewerOf(context, request);
  if (!viewer) return data<ActionData>({ error: PAY_MESSAGES.signIn, values }, { status: 401 });
  const parsed = PaymentFormInput.safeParse(form);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
    return data<ActionData>({ fields, values }, { status: 400 });
  }
  const { provider, tier, email, idempotencyKey } = parsed.data;
  if (!providers(context).enabled.includes(provider)) {
    return data<ActionData>({ error: `${LABEL[provider]} is not configured on this site.`, values }, { status: 400 });
  }
  const started = await startCheckout(context, viewer, {
    tier,
    provider,
    idempotencyKey,
    email,
    origin: new URL(request.url).origin,
  });
  if (!started.ok) return data<ActionData>({ error: started.error, values }, { status: started.status });
  return redirect(started.approvalUrl);
}

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { plans, providers: prov } = loaderData;
  const values = actionData?.values;
  const fields = actionData?.fields ?? {};
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
      {actionData?.error ? (
        <FormAlert>
          {actionData.error}
          {actionData.error === PAY_MESSAGES.signIn ? (
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
      <Form method="post" noValidate className={`${payCard} space-y-4`}>
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
        <div>
          <label htmlFor="f-tier" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            Plan
          </label>
          <select
            id="f-tier"
            name="tier"
            defaultValue={values?.tier ?? loaderData.selected}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 dark:border-slate-600 dark:bg-slate-950"
          >
            {plans.map((p) => (
              <option key={p.tier} value={p.tier}>
                {p.name} — {money(p.amountCents)} per month
              </option>
            ))}
          </select>
          {fields.tier ? <p className="mt-1 text-sm text-red-700 dark:text-red-300">{fields.tier}</p> : null}
        </div>
        <div className="space-y-3">
          {prov.testMode ? (
            <button type="submit" name="provider" value="test" className={payPrimary} disabled={busy}>
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
                  className={p === "paypal" && on ? payPrimary : paySecondary}
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
