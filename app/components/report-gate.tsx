import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { TIER_LABELS, type Tier } from "~/lib/tiers";

type Gate = { gate: "sign-in" | "upgrade"; path: string | null; from: Tier | null };

/** A report's refusal as a page: sign in, or which plan has reports and the way to it. */
export function ReportGate() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || (error.status !== 401 && error.status !== 403)) throw error;
  const gate = error.data as Gate;
  return (
    <div className="mx-auto max-w-2xl space-y-4 py-8" data-testid="report-gate">
      <h1 className="text-3xl font-bold">Downloadable reports</h1>
      <p className="text-slate-700 dark:text-slate-300">
        For one category or task: its tools with plans and prices, the price changes, and the tools new and gone in a
        period, as a printable page and as CSV.
      </p>
      {gate.gate === "sign-in" ? (
        <p className="rounded-lg bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          Please{" "}
          <Link to={`/sign-in?redirectTo=${encodeURIComponent(gate.path ?? "/reports")}`} className="underline">
            sign in
          </Link>{" "}
          to see reports.
        </p>
      ) : (
        <p className="rounded-lg bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {gate.from ? (
            <>
              Downloadable reports are available for {TIER_LABELS[gate.from]} members.{" "}
              <Link to="/pricing" className="font-semibold underline">
                Upgrade to {TIER_LABELS[gate.from]}
              </Link>{" "}
              to get them.
            </>
          ) : (
            "Downloadable reports are not available on any plan right now."
          )}
        </p>
      )}
    </div>
  );
}
