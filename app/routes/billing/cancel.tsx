import { Link } from "react-router";
import { TestModeBanner, useToastOnce } from "~/components/billing/parts";
import { buttonClass } from "~/components/ui-classes";
import { providers } from "~/lib/billing.server";
import { isPaidTier, PAY_MESSAGES } from "~/lib/billing-view";
import type { Route } from "./+types/cancel";

export function meta() {
  return [{ title: "Payment cancelled | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/**
 * Where a provider sends the buyer back without paying: nothing changed, try again from the same
 * plan's checkout (billing's cancel URL carries the order's tier).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tier = url.searchParams.get("tier");
  return {
    declined: url.searchParams.get("reason") === "declined",
    retry: isPaidTier(tier) ? `/checkout/${tier}` : "/pricing",
    testMode: providers(context).testMode,
  };
}

export default function PaymentCancel({ loaderData }: Route.ComponentProps) {
  const { declined, retry, testMode } = loaderData;
  useToastOnce(declined ? PAY_MESSAGES.failed : PAY_MESSAGES.cancelledToast, declined ? "error" : "info");
  return (
    <div className="mx-auto max-w-lg space-y-6 py-8 text-center">
      {testMode ? <TestModeBanner /> : null}
      <h1 className="text-3xl font-bold">{declined ? PAY_MESSAGES.declined : PAY_MESSAGES.cancelledToast}</h1>
      <p className="text-slate-700 dark:text-slate-300" role="status">
        {declined ? PAY_MESSAGES.failed : PAY_MESSAGES.cancelled}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-400">Nothing was charged and your plan has not changed.</p>
      <div className="mx-auto flex max-w-xs flex-col gap-3">
        <Link to={retry} className={buttonClass("primary", "lg", "w-full")}>
          Try again
        </Link>
        <Link to="/pricing" className={buttonClass("secondary", "lg", "w-full")}>
          Back to plans
        </Link>
      </div>
    </div>
  );
}
