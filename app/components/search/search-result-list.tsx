import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { ToolCard, type ToolCardData } from "~/components/tool-card";
import { buttonClass } from "~/components/ui-classes";
import { plural } from "~/lib/format";
import { Island } from "~/lib/island";
import { plainClick } from "~/lib/plain-click";
import { splitComponent } from "~/lib/split";
import type { SearchLoader } from "~/routes/search/index";
import { searchParts } from "./search-parts-module";

// Text without behaviour (ADR 0055, 0060): static islands from the page's parts module.
const WhyRank = splitComponent(() => searchParts().then((m) => m.WhyRank));
const ShownCount = splitComponent(() => searchParts().then((m) => m.ShownCount));
const CappedNote = splitComponent(() => searchParts().then((m) => m.CappedNote));

type Results = {
  tools: (ToolCardData & { id: string; why?: string[] })[];
  total: number;
  page: number;
  pageSize: number;
  hasMore: boolean;
  capped: boolean;
  nextHref: string | null;
};

/**
 * The result grid with Load More. Without JavaScript, Load More is a link to the next page, whose
 * answer holds every page so far (and jumps to the first new result). With JavaScript, a fetcher
 * asks for only the next page, appends it, and the address bar follows so Back and reload keep it.
 */
export function SearchResultList({ initial }: { initial: Results }) {
  const fetcher = useFetcher<SearchLoader>();
  const [tools, setTools] = useState(initial.tools);
  // The last page loaded: its number, whether more follow and where.
  const [state, setState] = useState<Pick<Results, "page" | "hasMore" | "capped" | "nextHref">>(initial);
  const [announcement, setAnnouncement] = useState("");
  const [failed, setFailed] = useState(false);
  const focusIndex = useRef<number | null>(null);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const answer = fetcher.data;
    if (answer.state !== "results" || !answer.results) {
      setFailed(true);
      return;
    }
    const more = answer.results;
    if (more.page <= state.page) return; // already appended
    setFailed(false);
    setTools((current) => {
      const seen = new Set(current.map((t) => t.id));
      focusIndex.current = current.length;
      return [...current, ...more.tools.filter((t) => !seen.has(t.id))];
    });
    setState(more);
    setAnnouncement(`Loaded ${plural(more.tools.length, "more result")}.`);
    // Keep the address in step (replace, not push) so Back from a tool returns to the same list.
    window.history.replaceState(window.history.state, "", more.pageHref);
  }, [fetcher.state, fetcher.data, state.page]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after new results render
  useEffect(() => {
    if (focusIndex.current === null) return;
    const item = list.current?.children[focusIndex.current] as HTMLElement | undefined;
    focusIndex.current = null;
    item?.focus();
  }, [tools]);

  const loading = fetcher.state !== "idle";
  const firstNew = state.page * initial.pageSize + 1;
  return (
    <>
      <Island id="search-shown" component={ShownCount} props={{ shown: tools.length, total: initial.total }} />
      {/* The cards' names are h3: this h2 keeps the outline in order (issue 36, axe heading-order). */}
      <h2 className="sr-only">Results</h2>
      <ol
        ref={list}
        data-testid="tool-grid"
        aria-label="Search results"
        className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
      >
        {tools.map((tool, i) => (
          <li
            key={tool.id}
            id={`result-${i + 1}`}
            tabIndex={-1}
            className="flex min-w-0 rounded-xl outline-none [&>*]:flex-1 focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <div className="flex min-w-0 flex-col [&>article]:flex-1">
              <ToolCard tool={tool} />
              {tool.why ? <Island id={`why-${tool.id}`} component={WhyRank} props={{ lines: tool.why }} /> : null}
            </div>
          </li>
        ))}
      </ol>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="mt-8 flex flex-col items-center gap-2">
        {state.hasMore && state.nextHref ? (
          <a
            href={`${state.nextHref}#result-${firstNew}`}
            aria-disabled={loading || undefined}
            onClick={(event) => {
              if (!plainClick(event)) return;
              event.preventDefault();
              if (loading || !state.nextHref) return;
              fetcher.load(`${state.nextHref}&append=1`);
            }}
            className={buttonClass("secondary", "lg", "font-medium aria-disabled:opacity-60")}
          >
            {loading ? "Loading…" : "Load more results"}
          </a>
        ) : null}
        {failed ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            Failed to search tools. Please try again.
          </p>
        ) : null}
        {state.capped ? <Island id="search-capped" component={CappedNote} props={{ shown: tools.length }} /> : null}
      </div>
    </>
  );
}
