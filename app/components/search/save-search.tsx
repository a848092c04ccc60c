import { useActionData, useFetcher } from "react-router";
import { Island } from "~/lib/island";
import { splitComponent } from "~/lib/split";
import { searchParts } from "./search-parts-module";

// The button, allowance and answer are a static island (ADR 0060): their code shares the chunk of
// the page's other parts and loads when they change (a save, a member's own state).
const SaveSearchView = splitComponent(() => searchParts().then((m) => m.SaveSearchView));

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

/**
 * Save Search (spec: the search component's button; READING §1: stored, limited by tier). A form
 * posted to the search page's action — with JavaScript through a fetcher, without it as a plain
 * post that re-renders this page — so the server decides: visitors are asked to sign in, Free
 * members get the upgrade prompt, Standard members keep up to 3 and Expert members any number.
 */
export function SaveSearch({ name, query, state }: { name: string; query: string; state: SaveSearchState }) {
  const fetcher = useFetcher<SaveSearchResult>();
  const posted = useActionData<SaveSearchResult>();
  return (
    <Island
      id="save-search"
      className="mt-4"
      component={SaveSearchView}
      props={{ name, query, state, busy: fetcher.state !== "idle", result: fetcher.data ?? posted ?? null }}
      onSubmit={(event) => {
        // The island's form (its server HTML or its component's): posted through the fetcher, as
        // a fetcher.Form would, so the page stays and the loaders run again.
        event.preventDefault();
        fetcher.submit(event.target as HTMLFormElement);
      }}
    />
  );
}
