import { data, Link, type MetaDescriptor, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { z } from "zod";
import { SaveSearch, type SaveSearchResult, type SaveSearchState } from "~/components/search/save-search";
import { SearchFilterForm } from "~/components/search/search-filter-form";
import { searchParts } from "~/components/search/search-parts-module";
import { SearchResultList } from "~/components/search/search-result-list";
import { buttonClass } from "~/components/ui-classes";
import {
  AppError,
  findSavedSearch,
  SavedSearchInput,
  savedSearchAllowance,
  saveSearchOnce,
  tierOf,
  viewerOf,
} from "~/lib/accounts.server";
import {
  matchTasks,
  POPULAR_SEARCHES,
  parseSearchUrl,
  readerCards,
  type SearchBadge,
  searchTools,
} from "~/lib/catalog.server";
import { formAction } from "~/lib/form-action.server";
import { plural } from "~/lib/format";
import { Island } from "~/lib/island";
import { usePersonal } from "~/lib/personal";
import { originOf } from "~/lib/site-origin.server";
import { splitComponent } from "~/lib/split";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/index";

export { shouldRevalidate } from "~/lib/revalidate";

// The page's text: static islands, their code loaded only when the browser renders a search itself
// (ADR 0055). The filters, Save Search and the result list (Load More) are interactive and load with it.
const SearchFailed = splitComponent(() => searchParts().then((m) => m.SearchFailed));
const SearchStartIntro = splitComponent(() => searchParts().then((m) => m.SearchStartIntro));
const SearchStartLinks = splitComponent(() => searchParts().then((m) => m.SearchStartLinks));
const SearchHeading = splitComponent(() => searchParts().then((m) => m.SearchHeading));
const SearchNotes = splitComponent(() => searchParts().then((m) => m.SearchNotes));
const NoResults = splitComponent(() => searchParts().then((m) => m.NoResults));
const PopularSearches = splitComponent(() => searchParts().then((m) => m.PopularSearches));
const TasksThatMatch = splitComponent(() => searchParts().then((m) => m.TasksThatMatch));

// The head's tags come made from the loader: the rules (and the plural wording) run on the server,
// and the browser only copies them (ADR 0060).
const FAILED_HEAD: MetaDescriptor[] = [
  { title: "Search failed | Toolscape" },
  { name: "robots", content: "noindex, follow" },
  { tagName: "link", rel: "canonical", href: "/search" },
];
export const meta = ({ data }: Route.MetaArgs) => data?.head ?? FAILED_HEAD;

/** The page's head tags (title, description, robots, canonical), for each state of the search. */
function searchHead(
  url: URL,
  origin: string,
  state: "start" | "results" | "error",
  found?: { q?: string; total: number; href: string },
): MetaDescriptor[] {
  // Only the bare search page is worth indexing; every filtered variant is a duplicate of the catalogue.
  const bare = url.search === "" || url.search === "?";
  const tags = [
    { name: "robots", content: bare && state === "start" ? "index, follow" : "noindex, follow" },
    { tagName: "link", rel: "canonical", href: `${origin}${found?.href ?? "/search"}` },
  ];
  if (state === "error") return [{ title: "Search failed | Toolscape" }, ...tags];
  if (!found) {
    return [
      { title: "Search AI Tools | Toolscape" },
      {
        name: "description",
        content: "Search AI tools by name, description, provider or tag; filter by category, pricing and rating.",
      },
      ...tags,
    ];
  }
  const { q, total } = found;
  return [
    { title: `${q ? `“${q}” — ` : "Search results — "}${plural(total, "AI tool")} | Toolscape` },
    {
      name: "description",
      content: `${plural(total, "AI tool")} match${total === 1 ? "es" : ""} this search on Toolscape.`,
    },
    ...tags,
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = parseSearchUrl(url.searchParams);
  const origin = originOf(context);
  const base = { popular: POPULAR_SEARCHES };
  if (!parsed.ok) {
    const head = searchHead(url, origin, "error");
    return data(
      { ...base, head, state: "error" as const, error: parsed.error, input: null, results: null, saveSearch: null },
      { status: 400 },
    );
  }
  const { input } = parsed;
  if (!input.started) {
    const head = searchHead(url, origin, "start");
    return { ...base, head, state: "start" as const, error: null, input, results: null, saveSearch: null };
  }
  const { db } = context.services;
  try {
    const [results, viewer, tasks] = await Promise.all([
      searchTools(db, input),
      viewerOf(context, request),
      // Issue 32: the jobs the words describe, shown above the tools ("Tasks that match").
      input.filters.q ? matchTasks(context.services, input.filters.q, 3) : Promise.resolve([]),
    ]);
    // The queries people did not find (admin analytics): counted in memory, never awaited.
    if (input.filters.q && (results.total === 0 || results.relaxed))
      context.services.tallies.searchMisses.record(input.filters.q);
    const query = savedQuery(results.href);
    // Members see their saved-search allowance and whether this search is saved already.
    let saveSearch: SaveSearchState = { signedIn: false };
    if (viewer) {
      const [allowance, existing] = await Promise.all([
        savedSearchAllowance(db, viewer),
        findSavedSearch(db, viewer.user.id, query),
      ]);
      saveSearch = { signedIn: true, ...allowance, saved: existing !== null };
    }
    return {
      ...base,
      head: searchHead(url, origin, "results", { q: input.filters.q, total: results.total, href: results.href }),
      state: "results" as const,
      error: null,
      input,
      results: { ...results, tools: readerCards(results.tools, tierOf(context, viewer)) },
      tasks: tasks.map((t) => ({
        slug: t.slug,
        name: t.name,
        tool_count: t.tool_count,
        tools: t.tools.map((x) => x.name),
      })),
      saveSearch,
      // What Save Search posts: made here, so the browser does not carry the naming rule.
      saveAs: { name: searchName(results.badges), query },
      // No results: the address without the minimum rating, if one is set (the likeliest culprit).
      ratingRemoveHref: results.badges.find((b) => b.kind === "rating")?.removeHref ?? null,
      // What the screen-reader status says once the results are in: "1,234 tools".
      found: `${results.total.toLocaleString("en-US")}${results.totalCapped ? "+" : ""} ${results.total === 1 ? "tool" : "tools"}`,
    };
  } catch (err) {
    context.services.logger.error("search failed", { requestId: context.requestId, err });
    return data(
      {
        ...base,
        head: searchHead(url, origin, "error"),
        state: "error" as const,
        error: null,
        input,
        results: null,
        saveSearch: null,
      },
      { status: 500 },
    );
  }
}

const SIGN_IN_TO_SAVE = "Please sign in to save searches. Saved searches come with the Standard and Expert plans.";

/** The query string a saved search keeps: the search's canonical address without '/search?' (no paging). */
function savedQuery(href: string): string {
  return href.replace(/^\/search\??/, "");
}

/**
 * Save Search: visitors are asked to sign in (401), Free members get the upgrade prompt and
 * Standard members past their 3 the limit message (403, from the accounts module).
 */
const SaveSearchForm = SavedSearchInput.extend({ intent: z.literal("save-search") });

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  const headers = { "Cache-Control": "private, no-store" };
  const fail = (status: number, reason: "sign-in" | "upgrade" | "limit", error: string) =>
    data<SaveSearchResult>({ ok: false, reason, error }, { status, headers });
  return formAction(request, SaveSearchForm, async (input) => {
    if (!viewer) return fail(401, "sign-in", SIGN_IN_TO_SAVE);
    try {
      const { created } = await saveSearchOnce(context.services.db, viewer, input);
      const message = created ? "Search saved! Find it in your dashboard." : "This search is already saved.";
      return data<SaveSearchResult>({ ok: true, message, created }, { headers });
    } catch (err) {
      if (err instanceof AppError && err.status === 403) {
        const limited = typeof (err.details as { limit?: unknown } | undefined)?.limit === "number";
        return fail(403, limited ? "limit" : "upgrade", err.message);
      }
      throw err;
    }
  });
}

export type SearchLoader = typeof loader;

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { state, input, results, error, popular } = loaderData;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  // A member's shared page (ADR 0032): whether this search is saved comes with the personal request.
  const personal = usePersonal();
  const saveSearch =
    loaderData.saveSearch && !loaderData.saveSearch.signedIn && personal?.saveSearch
      ? personal.saveSearch
      : loaderData.saveSearch;
  const categories = root?.categories ?? [];
  const location = useLocation();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/search";

  if (state === "error") {
    return (
      <Island
        id="search-failed"
        component={SearchFailed}
        props={{ error: error ?? null, href: `${location.pathname}${location.search}` }}
      />
    );
  }

  const total = categories.reduce((n, c) => n + c.toolCount, 0);
  const q = input.filters.q;
  return (
    <div>
      <Link to="/tools" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100">
        ← Back to all tools
      </Link>
      <header className="mt-4">
        {results ? (
          <>
            <Island
              id="search-heading"
              component={SearchHeading}
              props={{ total: results.total, totalCapped: results.totalCapped, q, badges: results.badges }}
            />
            {saveSearch ? (
              <SaveSearch name={loaderData.saveAs.name} query={loaderData.saveAs.query} state={saveSearch} />
            ) : null}
            {results.notes.length || results.unknownCategories.length || results.didYouMean ? (
              <Island
                id="search-notes"
                component={SearchNotes}
                props={{
                  notes: results.notes,
                  unknownCategories: results.unknownCategories,
                  didYouMean: results.didYouMean,
                }}
              />
            ) : null}
          </>
        ) : (
          <Island id="search-start" component={SearchStartIntro} props={{ total }} />
        )}
      </header>
      {/* On a phone the results come first; the filters open as a sheet from this link (CSS :target, no
          script needed) and close with "Show results" (issue 36: the first result was ~860 px down). */}
      <p className="mt-4 lg:hidden">
        <a href="#search-filters" className={buttonClass("secondary", "sm", "px-3 py-1.5")} data-testid="filters-open">
          Filters{results?.badges.length ? ` (${results.badges.length})` : ""}
        </a>
      </p>
      <div className="mt-6 grid gap-8 lg:grid-cols-[17rem_1fr]">
        <aside
          id="search-filters"
          aria-label="Search filters"
          className="scroll-mt-0 max-lg:hidden max-lg:target:fixed max-lg:target:inset-0 max-lg:target:z-50 max-lg:target:block max-lg:target:overflow-y-auto max-lg:target:bg-white max-lg:target:p-4 max-lg:target:pb-40 dark:max-lg:target:bg-slate-950"
        >
          <p className="mb-3 flex items-center justify-between lg:hidden">
            <span className="text-lg font-semibold">Filters</span>
            <a href="#search-results" className={buttonClass("primary", "sm", "px-3 py-1.5")}>
              Show results
            </a>
          </p>
          <SearchFilterForm
            filters={input.filters}
            selectedCategories={results?.categories ?? []}
            categories={categories}
          />
        </aside>
        <div
          id="search-results"
          aria-busy={searching}
          className={`scroll-mt-20${searching ? " opacity-60 transition-opacity" : ""}`}
        >
          <p role="status" aria-live="polite" className="sr-only">
            {searching ? "Searching…" : results ? loaderData.found : ""}
          </p>
          {!results ? (
            <Island id="search-start-links" component={SearchStartLinks} props={{ popular }} />
          ) : (
            <>
              {"tasks" in loaderData && loaderData.tasks.length ? (
                <Island id="search-tasks" component={TasksThatMatch} props={{ tasks: loaderData.tasks }} />
              ) : null}
              {results.total === 0 ? (
                <Island
                  id="search-no-results"
                  component={NoResults}
                  props={{ ratingRemoveHref: loaderData.ratingRemoveHref }}
                />
              ) : (
                <SearchResultList key={`${results.href}|${results.page}`} initial={results} />
              )}
              <Island id="search-popular" component={PopularSearches} props={{ items: popular, className: "mt-12" }} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/** A name for a saved search from its filters' badges: “image” · Image Generation · Free. */
function searchName(badges: SearchBadge[]): string {
  const name = badges.map((b) => b.label).join(" · ") || "All tools";
  return name.length > 80 ? `${name.slice(0, 79)}…` : name;
}
