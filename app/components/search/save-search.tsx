import { Link, useActionData, useFetcher } from "react-router";

/**
 * What the page knows before the click (members only; visitors are asked to sign in on click). The
 * loader runs again after every save, so `used` is always the current count.
 */
export type SaveSearchState =
  | { signedIn: false }
  | { signedIn: true; used: number; limit: number | null; saved: boolean };

export type SaveSearchResult =
  | { ok: true; message: string; created: boolean }
  | { ok: false; reason?: "sign-in" | "upgrade" | "limit"; error: string };

const button =
  "inline-flex items-center gap-1.5 rounded-lg border px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 disabled:cursor-default";

/**
 * Save Search (spec: the search component's button; READING §1: stored, limited by tier). A form
 * posted to the search page's action — with JavaScript through a fetcher, without it as a plain
 * post that re-renders this page — so the server decides: visitors are asked to sign in, Free
 * members get the upgrade prompt, Standard members keep up to 3 and Expert members any number.
 */
export function SaveSearch({ name, query, state }: { name: string; query: string; state: SaveSearchState }) {
  const fetcher = useFetcher<SaveSearchResult>();
  const posted = useActionData<SaveSearchResult>();
  const result = fetcher.data ?? posted;
  const busy = fetcher.state !== "idle";
  const saved = (result?.ok ?? false) || (state.signedIn && state.saved);
  return (
    <div className="flex flex-col items-start gap-2" data-testid="save-search">
      <fetcher.Form method="post" action={`/search?${query}`} className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="save-search" />
        <input type="hidden" name="name" value={name} />
        <input type="hidden" name="query" value={query} />
        {saved ? (
          <span
            className={`${button} border-emerald-600 bg-emerald-50 text-emerald-900 dark:border-emerald-500 dark:bg-emerald-950 dark:text-emerald-100`}
          >
            <span aria-hidden="true">✓</span> Search saved
          </span>
        ) : (
          <button
            type="submit"
            disabled={busy}
            className={`${button} border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`}
          >
            <span aria-hidden="true">☆</span> {busy ? "Saving…" : "Save Search"}
          </button>
        )}
        {state.signedIn && state.limit !== 0 ? (
          <span className="text-sm text-slate-600 dark:text-slate-400">
            {state.limit === null ? "Unlimited saved searches" : `${state.used} of ${state.limit} saved searches`} ·{" "}
            <Link to="/dashboard#searches-heading" className="underline">
              Your saved searches
            </Link>
          </span>
        ) : null}
      </fetcher.Form>
      <div aria-live="polite">{result && !busy ? <Outcome result={result} query={query} /> : null}</div>
    </div>
  );
}

function Outcome({ result, query }: { result: SaveSearchResult; query: string }) {
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
            Sign In
          </Link>
          <Link to={`/sign-up?redirectTo=${encodeURIComponent(here)}`} className="font-semibold underline">
            Join Free
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
