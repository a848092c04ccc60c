import { Suspense } from "react";
import { Link, useActionData, useFetcher } from "react-router";
import { splitComponent } from "~/lib/split";

// The message after a save (or a refusal) shows only after a post: its code is not in the search
// page's first load (ADR 0051). Without JavaScript the server renders it as part of the page.
const Outcome = splitComponent(() => import("./save-search-outcome").then((m) => m.Outcome));

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
      <div aria-live="polite">
        {result && !busy ? (
          <Suspense fallback={null}>
            <Outcome result={result} query={query} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
