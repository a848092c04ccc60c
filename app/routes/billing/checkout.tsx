import { randomUUID } from "node:crypto";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FormAlert } from "~/components/account/form-parts";
import { PriceLines, TestModeBanner, useToastOnce } from "~/components/billing/parts";
import { CheckList } from "~/components/check-list";
import { buttonClass, cardClassOf } from "~/components/ui-classes";
import { loadEntitlements, planCardLines, viewerOf } from "~/lib/accounts.server";
import {
  checkoutForm,
  checkoutRedirect,
  moneyBack,
  paidPlans,
  providers,
  quote,
  staleNotice,
} from "~/lib/billing.server";
import { isPaidTier, money, PAY_MESSAGES, type ProviderId } from "~/lib/billing-view";
import { formAction, refuse } from "~/lib/form-action.server";
import { paymentReturnOrigin } from "~/lib/site-origin.server";
import { TIER_LABELS } from "~/lib/tiers";
import type { Route } from "./+types/checkout";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta({ data }: Route.MetaArgs) {
  const title = data && "plan" in data && data.plan ? `Checkout: ${data.plan.name}` : "Checkout";
  return [{ title: `${title} | Toolscape` }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

function signInForCheckout(back: string): string {
  return `/sign-in?reason=checkout&redirectTo=${encodeURIComponent(back)}`;
}

const PROVIDER_LABEL: Record<ProviderId, string> = { paypal: "PayPal", cashfree: "Cashfree", test: "Test provider" };

/** /checkout/{tier}, or /checkout?tier=..&amount=..&currency=.. (the spec's older link): one page. */
function tierOf(params: { tier?: string }, url: URL): string {
  return params.tier ?? url.searchParams.get("tier") ?? "";
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tier = tierOf(params, url);
  const plans = await paidPlans(context);
  const plan = plans.find((p) => p.tier === tier);
  if (!plan) return data({ state: "invalid" as const, plan: null }, { status: 404 });
  const back = `/checkout/${plan.tier}`;
  const viewer = await viewerOf(context, request);
  // Spec §5: 'Please sign in to continue with checkout' and a redirect to /sign-in, which shows the
  // message and brings the buyer back here after signing in or joining.
  if (!viewer) throw redirect(signInForCheckout(back));

  // The price is the server's; a link's amount or currency is only compared, never used.
  const askedAmount = url.searchParams.get("amount");
  const askedCurrency = url.searchParams.get("currency");
  const amountMismatch =
    (askedAmount !== null && Math.round(Number(askedAmount) * 100) !== plan.amountCents) ||
    (askedCurrency !== null && askedCurrency.toUpperCase() !== plan.currency);

  const [q, ents, guarantee] = await Promise.all([
    quote(context, viewer, plan.tier),
    loadEntitlements(context.services.db),
    moneyBack(context),
  ]);
  return {
    state: "ready" as const,
    plan,
    quote: q,
    features: planCardLines(ents)[plan.tier],
    account: { name: viewer.user.name, email: viewer.user.email, tier: viewer.tier },
    providers: providers(context),
    amountMismatch,
    // One key per visit of the page: a double submit returns the same order.
    idempotencyKey: randomUUID(),
    error: url.searchParams.get("error") === "cancelled" ? PAY_MESSAGES.cancelledToast : null,
    // A checkout that no longer held when it was approved or paid (ADR 0024): why, and a fresh one.
    stale: staleNotice(url),
    guarantee,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const tier = tierOf(params, new URL(request.url));
  if (!isPaidTier(tier)) return refuse(404, PAY_MESSAGES.invalidPlan);
  const viewer = await viewerOf(context, request);
  if (!viewer) throw redirect(signInForCheckout(`/checkout/${tier}`));
  return formAction(request, checkoutForm(context), ({ provider, idempotencyKey }) =>
    checkoutRedirect(context, viewer, {
      tier,
      provider,
      idempotencyKey,
      origin: paymentReturnOrigin(context, request),
    }),
  );
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  useToastOnce(actionData?.error ? PAY_MESSAGES.createFailed : null);
  if (loaderData.state === "invalid") return <InvalidPlan />;
  const { plan, quote: q, features, account, providers: prov } = loaderData;
  const busy = navigation.state !== "idle";
  const error = actionData?.error ?? loaderData.error;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Link to="/pricing" className="underline">
            Plans
          </Link>{" "}
          / Checkout
        </p>
        <h1 className="mt-1 text-3xl font-bold">
          {q.kind === "upgrade" ? `Upgrade to ${plan.name}` : `Checkout: ${plan.name}`}
        </h1>
      </header>
      {prov.testMode ? <TestModeBanner /> : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      {loaderData.stale ? (
        <FormAlert>
          <span data-testid="stale-checkout">{loaderData.stale}</span>{" "}
          <Link to={`/checkout/${plan.tier}`} className="font-semibold underline">
            Start a fresh checkout
          </Link>
        </FormAlert>
      ) : null}
      {loaderData.amountMismatch ? (
        <FormAlert tone="info">
          The link asked for a different amount; the price below is the {plan.name} plan's price.
        </FormAlert>
      ) : null}
      <div className="grid gap-6 md:grid-cols-5">
        <section aria-labelledby="summary-heading" className={cardClassOf("lg", "md:col-span-3")}>
          <h2 id="summary-heading" className="text-lg font-semibold">
            Plan summary
          </h2>
          <p className="mt-2">
            <span className="text-3xl font-bold" data-testid="plan-price">
              {money(plan.amountCents)}
            </span>{" "}
            <span className="text-slate-600 dark:text-slate-400">per month, billed every {plan.periodDays} days</span>
          </p>
          <p className="mt-1 text-sm text-emerald-800 dark:text-emerald-300" data-testid="money-back">
            ✓ {loaderData.guarantee}
          </p>
          <h3 className="mt-5 font-semibold">What {plan.name} includes</h3>
          <CheckList items={features} className="mt-2 space-y-1.5 text-sm" />
        </section>
        <div className="space-y-6 md:col-span-2">
          <section aria-labelledby="account-heading" className={cardClassOf("lg")}>
            <h2 id="account-heading" className="text-lg font-semibold">
              Account
            </h2>
            <p className="mt-2 font-medium">{account.name}</p>
            <p className="text-sm break-all text-slate-700 dark:text-slate-300" data-testid="checkout-email">
              {account.email}
            </p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Current plan: {TIER_LABELS[account.tier]}</p>
          </section>
          <section aria-labelledby="pay-heading" className={cardClassOf("lg")}>
            <h2 id="pay-heading" className="text-lg font-semibold">
              {q.kind === "upgrade" ? "Upgrade now" : "Pay"}
            </h2>
            {q.kind === "current" ? (
              <button type="button" disabled className={buttonClass("secondary", "lg", "w-full mt-4")}>
                Current Plan
              </button>
            ) : q.kind === "included" ? (
              <p className="mt-3 text-sm">
                Your {TIER_LABELS[account.tier]} plan already includes everything in {plan.name}.{" "}
                <Link to="/dashboard" className="underline">
                  Go to your dashboard
                </Link>
              </p>
            ) : (
              <>
                <div className="mt-3">
                  <PriceLines
                    planName={plan.name}
                    amountCents={plan.amountCents}
                    credits={q.credits}
                    payableCents={q.payableCents}
                  />
                </div>
                {q.kind === "upgrade" ? (
                  <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
                    Expert starts at once; the unused days of your Standard plan are credited above.
                    {q.keepsCancellation
                      ? " Your cancellation stays: Expert runs for one period and does not renew unless you resume it from your dashboard."
                      : null}
                  </p>
                ) : null}
                <div className="mt-4 space-y-3">
                  {prov.enabled.map((p) => (
                    <Form method="post" key={p}>
                      <input type="hidden" name="provider" value={p} />
                      <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
                      <button type="submit" className={buttonClass("primary", "lg", "w-full")} disabled={busy}>
                        {p === "test"
                          ? "Continue (Test mode)"
                          : p === "paypal"
                            ? "Pay with PayPal"
                            : "Pay with Cashfree"}
                      </button>
                    </Form>
                  ))}
                </div>
                <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
                  {prov.testMode
                    ? "The test provider's page asks you to approve, decline or cancel; nothing is charged."
                    : `You pay on ${prov.enabled.map((p) => PROVIDER_LABEL[p]).join(" or ")}'s own page; Toolscape never sees your card.`}
                </p>
              </>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

function InvalidPlan() {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-3xl font-bold">{PAY_MESSAGES.invalidPlan}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">There is no plan by that name.</p>
      <Link to="/pricing" className={buttonClass("primary", "lg", "w-full mx-auto mt-6 max-w-xs")}>
        See plans and pricing
      </Link>
    </div>
  );
}
