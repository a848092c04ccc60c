import { Form, Link } from "react-router";
import { buttonClass, cardClassOf } from "~/components/ui";
import { type BillingOverview, longDate, money } from "~/lib/billing-view";

const card = cardClassOf("lg");
const primary = buttonClass("primary", "md", "text-sm");
const secondary = buttonClass("secondary", "md", "text-sm");
const danger = buttonClass("danger", "md", "text-sm");

/** "a month" for a 30-day period, else "every N days". */
function per(periodDays: number): string {
  return periodDays === 30 ? "a month" : `every ${periodDays} days`;
}

const STATUS_LABEL: Record<NonNullable<BillingOverview["subscription"]>["status"], string> = {
  active: "Active",
  past_due: "Payment due",
  cancelled: "Cancelled",
  expired: "Expired",
  refunded: "Refunded",
};

/**
 * The dashboard's billing section: the plan and its dates, cancel at period end or resume, the
 * upgrade quote, the money-back refund (confirmed on a second step that needs no JavaScript), tool
 * credits and the billing history. Every button posts to the billing section's action
 * (/dashboard/billing); prices, periods and the plan's terms come from the plans table.
 */
export function BillingSection({ billing, confirmRefund }: { billing: BillingOverview; confirmRefund: boolean }) {
  const sub = billing.subscription;
  const live = sub && (sub.status === "active" || sub.status === "past_due");
  return (
    <section id="billing" aria-labelledby="billing-heading" className={card}>
      <h2 id="billing-heading" className="text-lg font-semibold">
        Billing
      </h2>
      {billing.assigned ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="billing-assigned">
          You are on <strong>{billing.assigned.planName}</strong>, set for your account by the Toolscape team: there is
          no subscription behind it, so nothing to pay or cancel.
        </p>
      ) : null}
      {live && sub ? (
        <div className="mt-3 space-y-4">
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
            <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
              <dt className="text-slate-600 dark:text-slate-400">Plan</dt>
              <dd className="font-semibold" data-testid="billing-plan">
                {sub.planName}
              </dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
              <dt className="text-slate-600 dark:text-slate-400">Status</dt>
              <dd className="font-semibold" data-testid="billing-status">
                {sub.cancelAtPeriodEnd ? "Cancels at period end" : STATUS_LABEL[sub.status]}
              </dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
              <dt className="text-slate-600 dark:text-slate-400">
                {sub.cancelAtPeriodEnd || sub.granted ? "Ends on" : "Next billing date"}
              </dt>
              <dd className="font-semibold" data-testid="billing-date">
                {longDate(sub.currentPeriodEnd)}
              </dd>
            </div>
          </dl>
          {sub.status === "past_due" ? (
            <p role="alert" className="text-sm text-red-800 dark:text-red-300">
              Your last renewal did not go through.{" "}
              {billing.terms
                ? `Your plan stays on for ${billing.terms.graceDays} ${billing.terms.graceDays === 1 ? "day" : "days"}; after that it returns to Free.`
                : "Your plan returns to Free after a short grace period."}
            </p>
          ) : null}
          {sub.granted ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              This period was given to you (referral reward); nothing is charged when it ends.
            </p>
          ) : (
            <div className="flex flex-wrap gap-2">
              {sub.cancelAtPeriodEnd ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="billing-resume" />
                  <button type="submit" className={secondary}>
                    Resume subscription
                  </button>
                </Form>
              ) : (
                // A confirm step that needs no JavaScript: the first click only opens the question.
                <details className="group" data-testid="cancel-confirm">
                  <summary className={`${secondary} cursor-pointer list-none`}>Cancel at period end</summary>
                  <div
                    role="group"
                    aria-label="Confirm cancellation"
                    className="mt-2 max-w-md rounded-xl border border-red-300 bg-red-50 p-3 text-sm dark:border-red-900 dark:bg-red-950/40"
                  >
                    <p>
                      Cancel {sub.planName}? You keep it until {longDate(sub.currentPeriodEnd)} and are not charged
                      again. You can resume before then.
                    </p>
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="intent" value="billing-cancel" />
                      <button type="submit" className={danger}>
                        Yes, cancel at period end
                      </button>
                    </Form>
                  </div>
                </details>
              )}
              {billing.refundableUntil && !confirmRefund ? (
                <Link to="/dashboard/billing?confirm=refund" className={secondary}>
                  Request a refund
                </Link>
              ) : null}
            </div>
          )}
          {billing.refundableUntil && confirmRefund ? (
            <div
              role="alertdialog"
              aria-labelledby="refund-heading"
              className="rounded-xl border border-red-300 bg-red-50 p-4 dark:border-red-900 dark:bg-red-950/40"
            >
              <h3 id="refund-heading" className="font-semibold">
                Refund {billing.refundAmountCents !== null ? money(billing.refundAmountCents) : "your payment"}?
              </h3>
              <p className="mt-1 text-sm">
                The {billing.terms ? `${billing.terms.refundWindowDays}-day ` : ""}money-back guarantee runs until{" "}
                {longDate(billing.refundableUntil)}. The refund goes back to how you paid and your plan returns to Free
                at once.
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Form method="post">
                  <input type="hidden" name="intent" value="billing-refund" />
                  <button type="submit" className={danger}>
                    Yes, refund and return to Free
                  </button>
                </Form>
                <Link to="/dashboard/billing" className={secondary}>
                  Keep my plan
                </Link>
              </div>
            </div>
          ) : null}
          {billing.upgrade && billing.upgrade.kind === "upgrade" ? (
            <div className="rounded-xl border border-brand-200 p-4 dark:border-brand-900">
              <h3 className="font-semibold">Upgrade to {billing.upgrade.plan.name}</h3>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                {money(billing.upgrade.plan.amountCents)} {per(billing.upgrade.plan.periodDays)}, starting at once.{" "}
                {billing.upgrade.credits.map((c) => `${c.label}: −${money(c.amountCents)}.`).join(" ")} You pay{" "}
                <strong data-testid="upgrade-due">{money(billing.upgrade.payableCents)}</strong> today.
                {billing.upgrade.keepsCancellation
                  ? " Your cancellation stays: the new plan does not renew unless you resume it."
                  : null}
              </p>
              <Link to={`/checkout/${billing.upgrade.plan.tier}`} className={`${primary} mt-3`}>
                Upgrade to {billing.upgrade.plan.name}
              </Link>
            </div>
          ) : null}
        </div>
      ) : billing.assigned ? null : (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          You are on the Free plan.{" "}
          <Link to="/pricing" className="font-medium text-brand-700 underline dark:text-brand-100">
            See plans
          </Link>
        </p>
      )}
      {billing.credits ? (
        <div className="mt-5">
          <h3 className="font-semibold">
            Tool credits: <span data-testid="credit-balance">{money(billing.credits.balanceCents)}</span>
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">Taken off your next payment.</p>
          {billing.credits.entries.length ? (
            <ul className="mt-2 divide-y divide-slate-100 text-sm dark:divide-slate-800">
              {billing.credits.entries.map((e) => (
                <li key={e.id} className="flex justify-between gap-3 py-1.5">
                  <span>
                    {longDate(e.at)} · {e.description}
                  </span>
                  <span className={e.amountCents < 0 ? "" : "text-emerald-800 dark:text-emerald-300"}>
                    {e.amountCents < 0 ? "−" : "+"}
                    {money(Math.abs(e.amountCents))}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <h3 className="mt-5 font-semibold">Billing history</h3>
      {billing.history.length ? (
        // No minimum width: on a phone the four columns wrap and amount and status stay in view.
        <div className="relative mt-2 overflow-x-auto">
          <table className="w-full text-left text-xs sm:text-sm" data-testid="billing-history">
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Date
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  What
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  Amount
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {billing.history.map((row) => (
                <tr key={row.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  <td className="py-2 pr-2 align-top sm:pr-3 sm:whitespace-nowrap">{longDate(row.at)}</td>
                  <td className="py-2 pr-2 align-top break-words sm:pr-3">{row.description}</td>
                  <td className="py-2 pr-2 text-right align-top whitespace-nowrap sm:pr-3" data-testid="history-amount">
                    {row.amountCents === null ? "—" : money(row.amountCents, row.currency)}
                  </td>
                  <td className="py-2 align-top" data-testid="history-status">
                    {row.status}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No payments yet.</p>
      )}
    </section>
  );
}
