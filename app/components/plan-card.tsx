import { Link } from "react-router";
import { buttonClass } from "~/components/ui-classes";
import type { Plan } from "~/lib/plans";
import { TIER_LABELS, type Tier, tierRank } from "~/lib/tiers";
import { CheckList } from "./check-list";

// A plan's button: the shared large button, full width; the two disabled states keep their grey fill.
const planButton = (variant: "primary" | "secondary" | "ghost", extra = "") =>
  buttonClass(variant, "lg", `mt-6 w-full ${extra}`);

export function PlanButton({ tier, currentTier }: { tier: Tier; currentTier: Tier | null }) {
  if (currentTier === tier) {
    return (
      <button
        type="button"
        disabled
        aria-disabled="true"
        className={planButton("ghost", "cursor-default bg-slate-200 disabled:opacity-100 dark:bg-slate-800")}
      >
        Current Plan
      </button>
    );
  }
  if (currentTier && tierRank(tier) < tierRank(currentTier)) {
    return (
      <button
        type="button"
        disabled
        className={planButton(
          "ghost",
          "cursor-default bg-slate-100 text-slate-600 disabled:opacity-100 dark:bg-slate-800 dark:text-slate-400",
        )}
      >
        Included in {TIER_LABELS[currentTier]}
      </button>
    );
  }
  if (tier === "free") {
    return (
      <Link to="/sign-up" className={planButton("secondary")}>
        Join free
      </Link>
    );
  }
  // Visitors go to checkout too: it asks them to sign in and brings them back.
  return (
    <Link to={`/checkout/${tier}`} className={planButton("primary")}>
      Upgrade to {TIER_LABELS[tier]}
    </Link>
  );
}

/**
 * One plan card (home and /pricing): name, price, the entitlement lines from the data, and a button
 * that knows the viewer's real tier ('Current Plan', 'Included in …', upgrade or join).
 */
export function PlanCard({
  plan,
  lines,
  currentTier,
  headingLevel = 2,
}: {
  plan: Plan;
  lines: string[];
  currentTier: Tier | null;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      aria-labelledby={`plan-${plan.id}`}
      data-testid={`plan-${plan.id}`}
      className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm dark:bg-slate-900 ${
        plan.popular ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200 dark:border-slate-800"
      }`}
    >
      {plan.popular ? (
        <span className="disc absolute -top-3 left-6 px-3 py-0.5 text-xs font-semibold">Most Popular</span>
      ) : null}
      <Heading id={`plan-${plan.id}`} className="text-xl font-semibold">
        {plan.name}
      </Heading>
      <p className="mt-2">
        <span className="text-4xl font-bold">{plan.price}</span>{" "}
        <span className="text-slate-600 dark:text-slate-400">{plan.period}</span>
      </p>
      <CheckList items={lines} className="mt-4 flex-1 space-y-2 text-sm" />
      <PlanButton tier={plan.id} currentTier={currentTier} />
    </section>
  );
}
