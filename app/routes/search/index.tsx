import { data, Link, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { z } from "zod";
import { PopularSearches } from "~/components/search/popular-searches";
import { SaveSearch, type SaveSearchResult, type SaveSearchState } from "~/components/search/save-search";
import { SearchFilterForm } from "~/components/search/search-filter-form";
import { SearchResultList } from "~/components/search/search-result-list";
import {
  AppError,
  findSavedSearch,
  SavedSearchInput,
  savedSearchAllowance,
  saveSearchOnce,
  tierOf,
  viewerOf,
} from "~/lib/accounts.server";
import { cardsForTier, POPULAR_SEARCHES, parseSearchUrl, type SearchBadge, searchTools } from "~/lib/catalog.server";
import { formAction } from "~/lib/form-action.server";
import { plural } from "~/lib/format";
import { usePersonal } from "~/lib/personal";
import { originOf } from "~/lib/site-origin.server";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/index";

export function meta({ data, location }: Route.MetaArgs) {
  const origin = data?.origin ?? "";
  // Only the bare search page is worth indexing; every filtered variant is a duplicate of the catalogue.
  const bare = location.search === "" || location.search === "?";
  const tags = [
    { name: "robots", content: bare && data?.state === "start" ? "index, follow" : "noindex, follow" },
    { tagName: "link", rel: "canonical", href: `${origin}${data?.results?.href ?? "/search"}` },
  ];
  if (!data || data.state === "error") return [{ title: "Search Failed | Toolscape" }, ...tags];
  if (data.state === "start" || !data.results) {
    return [
      { title: "Search AI Tools | Toolscape" },
      {
        name: "description",
        content: "Search AI tools by name, description, provider or tag; filter by category, pricing and rating.",
      },
      ...tags,
    ];
  }
  const { q, total } = { q: data.input?.filters.q, total: data.results.total };
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
  const base = { origin: originOf(context), popular: POPULAR_SEARCHES };
  if (!parsed.ok) {
    return data(
      { ...base, state: "error" as const, error: parsed.error, input: null, results: null, saveSearch: null },
      { status: 400 },
    );
  }
  const { input } = parsed;
  if (!input.started) {
    return { ...base, state: "start" as const, error: null, input, results: null, saveSearch: null };
  }
  const { db } = context.services;
  try {
    const [results, viewer] = await Promise.all([searchTools(db, input), viewerOf(context, request)]);
    // The queries people did not find (admin analytics): counted in memory, never awaited.
    if (input.filters.q && results.total === 0) context.services.tallies.searchMisses.record(input.filters.q);
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
      state: "results" as const,
      error: null,
      input,
      results: { ...results, tools: cardsForTier(results.tools, tierOf(context, viewer)) },
      saveSearch,
    };
  } catch (err) {
    context.services.logger.error("search failed", { requestId: context.requestId, err });
    return data(
      { ...base, state: "error" as const, error: null, input, results: null, saveSearch: null },
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
      <div className="mx-auto max-w-xl py-16 text-center">
        <h1 className="text-3xl font-bold">Search Failed</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">Failed to search tools. Please try again.</p>
        {error ? (
          <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {/* A plain link to this same address: a full reload, with or without JavaScript. */}
          <a
            href={`${location.pathname}${location.search}`}
            className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
          >
            Try Again
          </a>
          <Link
            to="/search"
            className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            New Search
          </Link>
        </div>
      </div>
    );
  }

  const total = categories.reduce((n, c) => n + c.toolCount, 0);
  const q = input.filters.q;
  const ratingBadge = results?.badges.find((b) => b.kind === "rating");
  return (
    <div>
      <Link to="/tools" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100">
        ← Back to all tools
      </Link>
      <header className="mt-4">
        {results ? (
          <>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
              {results.totalCapped
                ? `${results.total.toLocaleString("en-US")}+ results`
                : plural(results.total, "result")}
              {q ? ` for '${q}'` : ""}
            </h1>
            <ActiveFilters badges={results.badges} />
            {saveSearch ? (
              <div className="mt-4">
                <SaveSearch name={searchName(results.badges)} query={savedQuery(results.href)} state={saveSearch} />
              </div>
            ) : null}
            {results.notes.map((note) => (
              <p
                key={note}
                role="note"
                className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
              >
                {note}
              </p>
            ))}
            {results.unknownCategories.length ? (
              <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
                No category matches {results.unknownCategories.map((c) => `'${c}'`).join(", ")}.{" "}
                <Link to="/categories" className="underline">
                  See all categories
                </Link>
              </p>
            ) : null}
          </>
        ) : (
          <>
            <h1 className="text-3xl font-bold tracking-tight">Search AI Tools</h1>
            <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">
              {total > 0 ? `Search ${plural(total, "AI tool")} ` : "Search AI tools "}
              by name, description, provider or tag, or narrow them by category, pricing and rating.
            </p>
          </>
        )}
      </header>
      <div className="mt-6 grid gap-8 lg:grid-cols-[17rem_1fr]">
        <aside aria-label="Search filters">
          <SearchFilterForm
            filters={input.filters}
            selectedCategories={results?.categories ?? []}
            categories={categories}
          />
        </aside>
        <div aria-busy={searching} className={searching ? "opacity-60 transition-opacity" : undefined}>
          <p role="status" aria-live="polite" className="sr-only">
            {searching
              ? "Searching…"
              : results
                ? `${results.totalCapped ? `${results.total.toLocaleString("en-US")}+` : results.total.toLocaleString("en-US")} ${results.total === 1 ? "tool" : "tools"}`
                : ""}
          </p>
          {!results ? (
            <>
              <div className="flex flex-wrap gap-3">
                <Link
                  to="/tools"
                  className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
                >
                  Browse All Tools
                </Link>
                <Link
                  to="/"
                  className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
                >
                  Go Home
                </Link>
              </div>
              <PopularSearches items={popular} className="mt-10" />
            </>
          ) : (
            <>
              {results.total === 0 ? (
                <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
                  <p className="text-lg font-semibold">No tools found</p>
                  <p className="mt-1 text-slate-600 dark:text-slate-400">Try other words or fewer filters.</p>
                  {ratingBadge ? (
                    <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                      Ratings come from member reviews, and few tools have been reviewed yet.{" "}
                      <Link to={ratingBadge.removeHref} className="underline">
                        Search without the rating filter
                      </Link>
                    </p>
                  ) : null}
                  <Link
                    to="/search"
                    className="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
                  >
                    Clear Filters
                  </Link>
                </div>
              ) : (
                <SearchResultList key={`${results.href}|${results.page}`} initial={results} />
              )}
              <PopularSearches items={popular} className="mt-12" />
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

const KIND_LABELS: Record<SearchBadge["kind"], string> = {
  q: "Search",
  category: "Category",
  pricing: "Pricing",
  rating: "Rating",
  tags: "Tags",
  featured: "Featured",
};

/** A one-line summary of the active filters and one removable badge (a plain link) per value. */
function ActiveFilters({ badges }: { badges: SearchBadge[] }) {
  if (!badges.length) return null;
  const groups = new Map<SearchBadge["kind"], string[]>();
  for (const b of badges) groups.set(b.kind, [...(groups.get(b.kind) ?? []), b.label]);
  return (
    <div className="mt-3">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {[...groups].map(([kind, labels]) => `${KIND_LABELS[kind]}: ${labels.join(" or ")}`).join(" · ")}
      </p>
      <ul aria-label="Active filters" className="mt-2 flex flex-wrap items-center gap-2">
        {badges.map((b) => (
          <li key={`${b.kind}:${b.label}`}>
            <Link
              to={b.removeHref}
              aria-label={`Remove filter ${b.label}`}
              className="inline-flex items-center gap-1.5 rounded-full border border-brand-100 bg-brand-50 px-3 py-1 text-sm text-brand-900 hover:border-brand-500 dark:border-brand-700 dark:bg-brand-900/60 dark:text-brand-50"
            >
              {b.label}
              <span aria-hidden="true">×</span>
            </Link>
          </li>
        ))}
        <li>
          <Link to="/search" className="text-sm text-slate-600 underline dark:text-slate-400">
            Clear all
          </Link>
        </li>
      </ul>
    </div>
  );
}
