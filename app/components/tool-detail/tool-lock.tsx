import { Link } from "react-router";
import { LockIcon } from "../account/icons";
import { buttonClass } from "../ui-classes";

export type ToolLockData =
  | { reason: "views"; used: number; limit: number }
  | { reason: "tier"; requiredTier: string; requiredLabel: string };

const GATED = "features, alternatives, screenshots, use cases, pros and cons and deals";

const dayOf = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/**
 * The upgrade prompt that stands in for a tool's gated sections (the server did not send them):
 * the day's free views are used up, or the tool is listed for a higher tier.
 */
export function ToolLockPrompt({
  lock,
  listing,
  toolName,
  signedIn,
  returnTo,
}: {
  lock: ToolLockData;
  /** an editor's mark on the tool (ADR 0083): why it is Expert-only, and until when */
  listing?: { kind: string; publicFrom: string | null } | null;
  toolName: string;
  signedIn: boolean;
  returnTo: string;
}) {
  const marked = lock.reason === "tier" && listing ? listing : null;
  const title =
    lock.reason === "views"
      ? `You've used your ${lock.limit} free tool views today`
      : `${lock.requiredLabel} membership`;
  return (
    <section
      aria-labelledby="tool-lock-title"
      data-testid="upgrade-prompt"
      className="rounded-2xl border border-brand-100 bg-brand-50 p-6 text-slate-900 dark:border-brand-700 dark:bg-brand-900/40 dark:text-slate-100"
    >
      <span className="disc h-10 w-10">
        <LockIcon className="h-5 w-5" />
      </span>
      <h2 id="tool-lock-title" className="mt-3 text-xl font-semibold">
        {title}
      </h2>
      {lock.reason === "views" ? (
        <p className="mt-2 text-slate-700 dark:text-slate-200">
          The free plan opens {lock.limit} different tools in full each day (you have opened {lock.used} today). You can
          still read every tool's overview; the {GATED} of {toolName} open again tomorrow (UTC), or right away with
          unlimited tool views on a Standard or Expert plan.
        </p>
      ) : marked?.kind === "early_access" && marked.publicFrom ? (
        <p className="mt-2 text-slate-700 dark:text-slate-200">
          {toolName} is in early access: {lock.requiredLabel.replace(/^Requires /, "")} members see it in full now, and
          everyone from <time dateTime={marked.publicFrom}>{dayOf(marked.publicFrom)}</time>. Upgrade to see its {GATED}{" "}
          before then.
        </p>
      ) : marked ? (
        <p className="mt-2 text-slate-700 dark:text-slate-200">
          Our editors list {toolName} for {lock.requiredLabel.replace(/^Requires /, "")} members only. Upgrade to see
          its {GATED}.
        </p>
      ) : (
        <p className="mt-2 text-slate-700 dark:text-slate-200">
          {toolName} is listed for {lock.requiredLabel.replace(/^Requires /, "")} members. Upgrade to see its {GATED}.
        </p>
      )}
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Link to="/pricing" className={buttonClass("primary", "md", "font-semibold")}>
          {lock.reason === "views" ? "Upgrade for unlimited views" : "Upgrade to access"}
        </Link>
        {signedIn ? null : (
          <Link to={`/sign-in?redirectTo=${encodeURIComponent(returnTo)}`} className={buttonClass("secondary")}>
            Already a member? Sign in
          </Link>
        )}
      </div>
    </section>
  );
}
