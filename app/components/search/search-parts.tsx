import { Link } from "react-router";
import { buttonClass } from "~/components/ui";
import { plural } from "~/lib/format";
import { PopularSearches } from "./popular-searches";

/**
 * The search page's text — its headings, the active filters' badges (plain links), notes, the
 * no-results box, Popular Searches, the filter form's fields and Save Search's markup (ADR 0060) —
 * has no behaviour of its own: the page renders it as static islands (ADR 0055), so this module
 * loads only when the browser renders a search itself (a client-side navigation, a new search, a
 * save), not with the page.
 */

export { SaveSearchView } from "./save-search-view";
export { SearchFilterFields } from "./search-filter-fields";
export { WhyRank } from "./why-rank";
export { PopularSearches };

/** An active filter, as the search module describes it (with the address of the search without it). */
type SearchBadge = {
  kind: "q" | "category" | "pricing" | "rating" | "tags" | "featured" | "decision";
  label: string;
  removeHref: string;
};

/** The failure page, with a reload of the same address (a plain link, with or without JavaScript). */
export function SearchFailed({ error, href }: { error: string | null; href: string }) {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-3xl font-bold">Search failed</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">Failed to search tools. Please try again.</p>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href={href} className={buttonClass()}>
          Try again
        </a>
        <Link to="/search" className={buttonClass("secondary")}>
          New Search
        </Link>
      </div>
    </div>
  );
}

/** The page before a search: what it searches, where else to go, and the popular searches. */
export function SearchStartIntro({ total }: { total: number }) {
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">Search AI Tools</h1>
      <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">
        {total > 0 ? `Search ${plural(total, "AI tool")} ` : "Search AI tools "}
        by name, description, provider or tag, or narrow them by category, pricing and rating.
      </p>
    </>
  );
}

export function SearchStartLinks({ popular }: { popular: { label: string; href: string }[] }) {
  return (
    <>
      <div className="flex flex-wrap gap-3">
        <Link to="/tools" className={buttonClass()}>
          Browse all tools
        </Link>
        <Link to="/" className={buttonClass("secondary")}>
          Go Home
        </Link>
      </div>
      <PopularSearches items={popular} className="mt-10" />
    </>
  );
}

/** The results' heading and the active filters. */
export function SearchHeading({
  total,
  totalCapped,
  q,
  badges,
}: {
  total: number;
  totalCapped: boolean;
  q: string | undefined;
  badges: SearchBadge[];
}) {
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        {totalCapped ? `${total.toLocaleString("en-US")}+ results` : plural(total, "result")}
        {q ? ` for '${q}'` : ""}
      </h1>
      <ActiveFilters badges={badges} />
    </>
  );
}

/** What the search changed or could not use: notes and unknown categories. */
export function SearchNotes({
  notes,
  unknownCategories,
  didYouMean = null,
}: {
  notes: string[];
  unknownCategories: string[];
  /** a spelling the catalogue uses, and this search with it (issue 32) */
  didYouMean?: { text: string; href: string } | null;
}) {
  return (
    <>
      {didYouMean ? (
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          Did you mean{" "}
          <Link to={didYouMean.href} className="font-medium underline">
            {didYouMean.text}
          </Link>
          ?
        </p>
      ) : null}
      {notes.map((note) => (
        <p
          key={note}
          role="note"
          className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {note}
        </p>
      ))}
      {unknownCategories.length ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          No category matches {unknownCategories.map((c) => `'${c}'`).join(", ")}.{" "}
          <Link to="/categories" className="underline">
            See all categories
          </Link>
        </p>
      ) : null}
    </>
  );
}

/** No tools found, with a way out of the rating filter (few tools have reviews yet). */
export function NoResults({ ratingRemoveHref }: { ratingRemoveHref: string | null }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
      <p className="text-lg font-semibold">No tools found</p>
      <p className="mt-1 text-slate-600 dark:text-slate-400">Try other words or fewer filters.</p>
      {ratingRemoveHref ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Ratings come from member reviews, and few tools have been reviewed yet.{" "}
          <Link to={ratingRemoveHref} className="underline">
            Search without the rating filter
          </Link>
        </p>
      ) : null}
      <Link to="/search" className={buttonClass("primary", "md", "mt-4")}>
        Clear Filters
      </Link>
    </div>
  );
}

const KIND_LABELS: Record<SearchBadge["kind"], string> = {
  q: "Search",
  category: "Category",
  pricing: "Pricing",
  rating: "Rating",
  tags: "Tags",
  featured: "Featured",
  decision: "Facts",
};

/** A one-line summary of the active filters and one removable badge (a plain link) per value. */
function ActiveFilters({ badges }: { badges: SearchBadge[] }) {
  if (!badges.length) return null;
  // The query is in the heading already and on its own badge: the summary names the other filters (issue 36).
  const groups = new Map<SearchBadge["kind"], string[]>();
  for (const b of badges) if (b.kind !== "q") groups.set(b.kind, [...(groups.get(b.kind) ?? []), b.label]);
  return (
    <div className="mt-3">
      {groups.size ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {[...groups].map(([kind, labels]) => `${KIND_LABELS[kind]}: ${labels.join(" or ")}`).join(" · ")}
        </p>
      ) : null}
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

/** Above the results: how many of them the list shows (Load More adds to it). */
export function ShownCount({ shown, total }: { shown: number; total: number }) {
  return (
    <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
      Showing {shown.toLocaleString("en-US")} of {plural(total, "result")}
    </p>
  );
}

/** Below the results when the search has more than the list may show. */
export function CappedNote({ shown }: { shown: number }) {
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      Showing the first {shown.toLocaleString("en-US")} results. Refine your search to narrow them down.
    </p>
  );
}

/** Issue 32: the tasks a search describes, each a link to its page of tools. */
export function TasksThatMatch({
  tasks,
}: {
  tasks: { slug: string; name: string; tool_count: number; tools: string[] }[];
}) {
  return (
    <section aria-labelledby="tasks-that-match" className="mb-6" data-testid="tasks-that-match">
      <h2 id="tasks-that-match" className="text-lg font-semibold">
        Tasks that match
      </h2>
      <ul className="mt-2 space-y-1.5">
        {tasks.map((t) => (
          <li key={t.slug}>
            <Link to={`/tasks/${t.slug}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
              {t.name}
            </Link>{" "}
            <span className="text-sm text-slate-600 dark:text-slate-400">
              ({t.tool_count} {t.tool_count === 1 ? "tool" : "tools"}
              {t.tools.length ? `: ${t.tools.join(", ")}` : ""})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
