import { Suspense } from "react";
import { Link } from "react-router";
import { splitComponent } from "~/lib/split";
import { buttonClass } from "../ui-classes";
import type { SaveSearchResult, SaveSearchState } from "./save-search";

// The message after a save (or a refusal) shows only after a post (ADR 0051).
const Outcome = splitComponent(() => import("./save-search-outcome").then((m) => m.Outcome));

export type SaveSearchViewProps = {
  name: string;
  query: string;
  state: SaveSearchState;
  /** A save is on its way (JavaScript only). */
  busy: boolean;
  /** The server's answer to the last save, if there was one. */
  result: SaveSearchResult | null;
};

const button = buttonClass("secondary", "sm", "gap-1.5 px-3 py-1.5 font-semibold disabled:cursor-default");

/**
 * Save Search's markup: a plain post form, its button or the saved mark, the member's allowance and
 * the answer. It has no behaviour of its own (the page submits the form through a fetcher), so the
 * page renders it as a static island (ADR 0060) and this code loads only when it changes.
 */
export function SaveSearchView({ name, query, state, busy, result }: SaveSearchViewProps) {
  const saved = (result?.ok ?? false) || (state.signedIn && state.saved);
  return (
    <div className="flex flex-col items-start gap-2" data-testid="save-search">
      <form method="post" action={`/search?${query}`} className="flex flex-wrap items-center gap-3">
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
          <button type="submit" disabled={busy} className={button}>
            <span aria-hidden="true">☆</span> {busy ? "Saving…" : "Save search"}
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
      </form>
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
