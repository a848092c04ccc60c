import { data, Link, redirect } from "react-router";
import { FormAlert } from "~/components/account/form-parts";
import { TestModeBanner, useToastOnce } from "~/components/billing/parts";
import { buttonClass, cardClassOf } from "~/components/ui-classes";
import { viewerOf } from "~/lib/accounts.server";
import { confirmOrder } from "~/lib/billing.server";
import { longDate, money, PAY_MESSAGES, staleCheckoutHref } from "~/lib/billing-view";
import { refusalOf } from "~/lib/form-action.server";
import type { Route } from "./+types/success";

/** Seconds between checks while the provider has not confirmed yet (works without JavaScript). */
const RECHECK_S = 3;

export function meta({ data }: Route.MetaArgs) {
  const pending = data && "outcome" in data && data.outcome?.status === "pending";
  return [
    { title: pending ? "Confirming your payment… | Toolscape" : "Payment successful | Toolscape" },
    { name: "robots", content: "noindex" },
    ...(pending ? [{ httpEquiv: "refresh", content: String(RECHECK_S) }] : []),
  ];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/**
 * Asked of billing: verifyOrder could answer the order's tier, amount and provider (the door reads
 * them from the payment's history row meanwhile).
 *
 * The return page: the loader re-reads the order from its provider and applies it (billing applies a
 * payment once, so a reload or a webhook arriving first changes nothing more).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const viewer = await viewerOf(context, request);
  if (!viewer) throw redirect(`/sign-in?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  // Providers come back with ?order_id=; our own links say ?order=.
  const orderId = url.searchParams.get("order_id") ?? url.searchParams.get("order") ?? "";
  if (!/^[\w-]{1,100}$/.test(orderId))
    return data({ outcome: null, error: PAY_MESSAGES.verifyFailed }, { status: 400 });
  try {
    const outcome = await confirmOrder(context, viewer, orderId);
    // A checkout that no longer held (ADR 0024): back to a fresh one, which says why.
    if (outcome.status === "voided" && outcome.stale) throw redirect(staleCheckoutHref(outcome.stale));
    if (outcome.status === "declined" || outcome.status === "cancelled") {
      throw redirect(`/payment/cancel?reason=${outcome.status}&tier=${outcome.tier}`);
    }
    return { outcome, error: outcome.status === "failed" ? PAY_MESSAGES.verifyFailed : null };
  } catch (err) {
    const refusal = refusalOf(err);
    if (!refusal) throw err;
    return data({ outcome: null, error: PAY_MESSAGES.verifyFailed }, { status: refusal.status });
  }
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { outcome, error } = loaderData;
  useToastOnce(error);
  if (!outcome || outcome.status === "failed") {
    return (
      <div className="mx-auto max-w-lg space-y-4 py-8 text-center">
        {outcome?.testMode ? <TestModeBanner /> : null}
        <h1 className="text-3xl font-bold">{PAY_MESSAGES.verifyFailed}</h1>
        <FormAlert>{error ?? PAY_MESSAGES.verifyFailed}</FormAlert>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Your plan has not changed. If you were charged, the payment is applied as soon as the provider confirms it.
        </p>
        <Link to="/pricing" className={buttonClass("primary", "lg", "w-full mx-auto max-w-xs")}>
          Back to plans
        </Link>
      </div>
    );
  }
  if (outcome.status === "pending") {
    return (
      <div className="mx-auto max-w-lg space-y-4 py-8 text-center">
        {outcome.testMode ? <TestModeBanner /> : null}
        <h1 className="text-3xl font-bold">Confirming your payment…</h1>
        <p role="status" className="text-slate-700 dark:text-slate-300">
          We are waiting for the provider to confirm. This page checks again every {RECHECK_S} seconds.
        </p>
        <Link
          to={`/payment/success?order=${outcome.orderId}`}
          className={buttonClass("secondary", "lg", "w-full mx-auto max-w-xs")}
        >
          Check now
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-lg space-y-6 py-8">
      {outcome.testMode ? <TestModeBanner /> : null}
      <section className={cardClassOf("lg", "text-center")} aria-labelledby="success-heading">
        <p aria-hidden="true" className="text-4xl text-emerald-600">
          ✓
        </p>
        <h1 id="success-heading" className="mt-2 text-3xl font-bold">
          Payment successful
        </h1>
        <p className="mt-2 text-lg" data-testid="success-plan">
          Welcome to Toolscape {outcome.planName}!
        </p>
        <dl className="mx-auto mt-4 max-w-xs space-y-1 text-left text-sm">
          <div className="flex justify-between gap-4">
            <dt>Paid</dt>
            <dd>{money(outcome.amountCents, outcome.currency)}</dd>
          </div>
          {outcome.nextBillingAt ? (
            <div className="flex justify-between gap-4">
              <dt>Next billing date</dt>
              <dd data-testid="next-billing">{longDate(outcome.nextBillingAt)}</dd>
            </div>
          ) : null}
        </dl>
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          A receipt is on its way to your e-mail; your billing history is on the dashboard.{" "}
          {outcome.refundableUntil
            ? `Not what you expected? Ask for a refund from the dashboard until ${longDate(outcome.refundableUntil)}.`
            : outcome.moneyBackAgainFrom
              ? `You have had a money-back refund in the last 12 months, so this payment is not refundable from the dashboard: the next money-back refund is possible from ${outcome.moneyBackAgainFrom.slice(0, 10)}.`
              : null}
        </p>
        <Link to="/dashboard" className={buttonClass("primary", "lg", "w-full mt-6")}>
          Go to your dashboard
        </Link>
      </section>
    </div>
  );
}
