import { PlanCard } from "~/components/plan-card";
import { countMembers, loadEntitlements, planCardLines, viewerOf } from "~/lib/accounts.server";
import { moneyBack, paidPlans } from "~/lib/billing.server";
import { money } from "~/lib/billing-view";
import { PLANS } from "~/lib/plans";
import { originOf } from "~/lib/site-origin.server";
import { TIER_LABELS, TIERS } from "~/lib/tiers";
import type { Route } from "./+types/pricing";

export function meta({ data, location }: Route.MetaArgs) {
  return [
    { title: "Plans and pricing | Toolscape" },
    {
      name: "description",
      content: "Free, Standard ($2.99/month) and Expert ($29.99/month): what each Toolscape plan includes.",
    },
    { tagName: "link", rel: "canonical", href: data ? `${data.origin}/pricing` : location.pathname },
  ];
}

/** Members are counted for the trust note only when the figure is worth stating. */
const MEMBER_FIGURE_MIN = 1000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.services;
  const [viewer, ents, members, prices, guarantee] = await Promise.all([
    viewerOf(context, request),
    loadEntitlements(db),
    countMembers(db),
    paidPlans(context),
    moneyBack(context),
  ]);
  const cards = planCardLines(ents);
  // Prices come from billing's plans table, the one the checkout charges.
  const plans = PLANS.map((plan) => {
    const priced = prices.find((p) => p.tier === plan.id);
    return priced ? { ...plan, price: money(priced.amountCents, priced.currency) } : plan;
  });
  return {
    plans,
    origin: originOf(context),
    currentTier: viewer?.tier ?? null,
    cards,
    comparison: ents.comparison(),
    members: members >= MEMBER_FIGURE_MIN ? members : null,
    guarantee,
  };
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { plans, currentTier, cards, comparison, members, guarantee } = loaderData;
  return (
    <div className="space-y-12">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold sm:text-4xl">Choose your plan</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">
          Start free. Upgrade when you need more tool views, bigger comparisons and saved searches.
        </p>
      </header>
      <div className="grid gap-6 md:grid-cols-3">
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} lines={cards[plan.id]} currentTier={currentTier} />
        ))}
      </div>
      <ul className="flex flex-wrap justify-center gap-x-8 gap-y-2 text-sm text-slate-700 dark:text-slate-300">
        <li data-testid="money-back">✓ {guarantee}</li>
        <li>✓ Instant access to your plan's features</li>
        <li>✓ Billed monthly in USD</li>
        {members ? <li>✓ {members.toLocaleString("en-US")} members</li> : null}
      </ul>
      <section aria-labelledby="compare-plans">
        <h2 id="compare-plans" className="text-2xl font-bold">
          Compare plans
        </h2>
        {/* `relative`: the sr-only labels (position: absolute) stay inside this box instead of widening
            the page; on a phone the table fits (no min width, shorter cells) so all three plans show. */}
        <div className="relative mt-4 overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-800">
          <table
            className="w-full table-fixed border-collapse bg-white text-xs sm:min-w-[36rem] sm:table-auto sm:text-sm dark:bg-slate-900"
            data-testid="plan-comparison"
          >
            <caption className="sr-only">What each plan includes</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left dark:border-slate-800">
                <th scope="col" className="w-[34%] px-1.5 py-2 font-semibold sm:w-auto sm:p-3">
                  Feature
                </th>
                {TIERS.map((tier) => (
                  <th key={tier} scope="col" className="px-1.5 py-2 font-semibold sm:p-3">
                    {TIER_LABELS[tier]}
                    {currentTier === tier ? (
                      <span className="ml-1 text-xs font-normal text-brand-700 dark:text-brand-100">(yours)</span>
                    ) : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {comparison.map((row) => (
                <tr key={row.key} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  <th scope="row" className="break-words px-1.5 py-2 text-left font-normal sm:p-3">
                    <span className="font-medium">{row.label}</span>
                    <span className="hidden text-xs text-slate-600 sm:block dark:text-slate-400">
                      {row.description}
                    </span>
                  </th>
                  {TIERS.map((tier) => (
                    <td key={tier} className="px-1.5 py-2 text-slate-800 sm:p-3 dark:text-slate-200">
                      {row.cells[tier] === "Included" ? (
                        <span className="text-emerald-700 dark:text-emerald-400">
                          <span aria-hidden="true">✓</span>
                          <span className="sr-only">Included</span>
                        </span>
                      ) : row.cells[tier] === "—" ? (
                        <span className="text-slate-500 dark:text-slate-400">
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">Not included</span>
                        </span>
                      ) : (
                        row.cells[tier]
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
