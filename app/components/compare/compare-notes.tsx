import { Link } from "react-router";
import { compareCapMessage } from "~/lib/compare";

/**
 * The compare page's notes (the cap, a notice, tools left out) and its error: text and links only, rendered as a
 * static island (ADR 0055), so this module loads only when the browser renders the page itself.
 */
export function CompareNotes({
  count,
  max,
  notice,
  omitted,
  missing,
  caps,
}: {
  count: number;
  max: number;
  notice: string | null;
  omitted: number;
  missing: number;
  caps: { standard: number; expert: number } | null;
}) {
  return (
    <>
      {count ? <p className="mt-1 text-slate-600 dark:text-slate-400">{compareCapMessage(max, count)}</p> : null}
      {notice ? (
        <p
          role="status"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {notice}
          {caps && max < caps.expert && count >= max ? (
            <>
              {" "}
              <Link to="/pricing" className="font-medium underline">
                Upgrade to compare more
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {omitted > 0 ? (
        <p className="mt-4 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300">
          This link names {omitted} more tool(s) than you can compare: you can compare up to {max} tools.
          {caps && max < caps.expert
            ? ` Standard members compare up to ${caps.standard} and Expert members up to ${caps.expert}. `
            : " "}
          <Link to="/pricing" className="font-medium text-brand-700 underline dark:text-brand-100">
            See plans
          </Link>
        </p>
      ) : null}
      {missing > 0 ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          {missing} tool(s) in this link could not be found and were left out.
        </p>
      ) : null}
    </>
  );
}

/** A link that could not be compared: why, and a way to start again. */
export function CompareError({ error }: { error: string }) {
  return (
    <div role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
      <p>{error}</p>
      <Link to="/compare" className="mt-2 inline-block font-medium underline">
        Start a new comparison
      </Link>
    </div>
  );
}
