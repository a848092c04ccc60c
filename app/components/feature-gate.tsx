import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { TIER_LABELS, type Tier } from "~/lib/tiers";

export type FeatureGateData = {
  gate: "sign-in" | "upgrade";
  path: string | null;
  from: Tier | null;
  /** the page's heading */
  title: string;
  /** the entitlement's name, as /pricing shows it */
  label: string;
  about: string;
};

/** A gated page's refusal (401 or 403) as a page: sign in, or which plan has the feature and the way to it. */
export function FeatureGate() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || (error.status !== 401 && error.status !== 403)) throw error;
  const gate = error.data as FeatureGateData;
  return (
    <div className="mx-auto max-w-2xl space-y-4 py-8" data-testid="feature-gate">
      <h1 className="text-3xl font-bold">{gate.title}</h1>
      <p className="text-slate-700 dark:text-slate-300">{gate.about}</p>
      <p className="rounded-lg bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
        {gate.gate === "sign-in" ? (
          <>
            Please{" "}
            <Link to={`/sign-in?redirectTo=${encodeURIComponent(gate.path ?? "/")}`} className="underline">
              sign in
            </Link>{" "}
            to see this page.
          </>
        ) : gate.from ? (
          <>
            {gate.label} is available for {TIER_LABELS[gate.from]}
            {gate.from === "standard" ? " and Expert" : ""} members.{" "}
            <Link to="/pricing" className="font-semibold underline">
              Upgrade to {TIER_LABELS[gate.from]}
            </Link>{" "}
            to get it.
          </>
        ) : (
          `${gate.label} is not available on any plan right now.`
        )}
      </p>
    </div>
  );
}
