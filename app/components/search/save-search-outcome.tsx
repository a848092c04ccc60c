import { Link } from "react-router";
import type { SaveSearchResult } from "./save-search";

/** What the server answered to Save Search: saved, or why not and where to go next. */
export function Outcome({ result, query }: { result: SaveSearchResult; query: string }) {
  const box = "max-w-xl rounded-lg border px-4 py-3 text-sm";
  if (result.ok) {
    return (
      <p
        data-testid="save-search-message"
        className={`${box} border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100`}
      >
        {result.message}
      </p>
    );
  }
  const here = `/search?${query}`;
  return (
    <div
      data-testid="save-search-message"
      className={`${box} border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50`}
    >
      <p>{result.error}</p>
      {result.reason === "sign-in" ? (
        <p className="mt-2 flex flex-wrap gap-3">
          <Link to={`/sign-in?redirectTo=${encodeURIComponent(here)}`} className="font-semibold underline">
            Sign in
          </Link>
          <Link to={`/sign-up?redirectTo=${encodeURIComponent(here)}`} className="font-semibold underline">
            Join free
          </Link>
        </p>
      ) : result.reason === "upgrade" || result.reason === "limit" ? (
        <p className="mt-2 flex flex-wrap gap-3">
          <Link to="/pricing" className="font-semibold underline">
            {result.reason === "upgrade" ? "Upgrade to save searches" : "See plans"}
          </Link>
          {result.reason === "limit" ? (
            <Link to="/dashboard#searches-heading" className="font-semibold underline">
              Manage saved searches
            </Link>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
