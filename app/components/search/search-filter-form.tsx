import { useLocation, useNavigate } from "react-router";
import { formQuery } from "~/lib/form-query";
import { applyButtonClass, useLiveFilters } from "~/lib/live-filters";
import { RatingOptions } from "../rating-options";

type Filters = {
  q?: string;
  categories: string[];
  pricing: string[];
  minRating?: number;
  tags: string[];
};
type CategoryOption = { id: number; name: string; slug: string; toolCount: number };

/** Our real pricing models a visitor can filter by (the URL takes any model; these are the common ones). */
const PRICING_CHOICES = [
  ["free", "Free"],
  ["freemium", "Freemium"],
  ["paid", "Paid"],
  ["open_source", "Open Source"],
] as const;
const RATINGS = ["4.5", "4", "3.5", "3"];

const field =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";
const label = "block text-sm font-medium text-slate-800 dark:text-slate-200";

/**
 * The search filters as a GET form: without JavaScript the browser submits it to /search; with it,
 * blank fields are left out and checkbox values joined, so the address stays short and shareable.
 */
export function SearchFilterForm({
  filters,
  selectedCategories,
  categories,
}: {
  filters: Filters;
  selectedCategories: { key: string; name: string; slug: string }[];
  categories: CategoryOption[];
}) {
  const navigate = useNavigate();
  const multi = filters.categories.length > 1;
  const categoryValue = multi
    ? filters.categories.join(",")
    : (selectedCategories[0]?.slug ?? filters.categories[0] ?? "");
  const known = new Set(categories.map((c) => c.slug));
  const rating = filters.minRating === undefined ? "" : String(filters.minRating);

  const location = useLocation();
  // Changes apply at once (typing after a pause); Search submits it all without JavaScript.
  const live = useLiveFilters(location.search, (form, replace) => {
    const qs = formQuery(new FormData(form));
    navigate(qs ? `/search?${qs}` : "/search", { replace, preventScrollReset: true });
    return qs ? `?${qs}` : "";
  });

  return (
    <form
      key={live.formKey}
      method="get"
      action="/search"
      role="search"
      aria-label="Search tools"
      onChange={live.onChange}
      onSubmit={live.onSubmit}
      className="grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-4 lg:grid-cols-1 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor="search-q" className={label}>
          Search
        </label>
        <input
          id="search-q"
          name="q"
          type="search"
          defaultValue={filters.q ?? ""}
          maxLength={200}
          placeholder="Name, description, provider or tag"
          className={`mt-1 ${field}`}
        />
      </div>
      <div className="min-w-0">
        <label htmlFor="search-category" className={label}>
          Category
        </label>
        <select id="search-category" name="category" defaultValue={categoryValue} className={`mt-1 ${field}`}>
          <option value="">All categories</option>
          {multi ? (
            <option value={categoryValue}>
              {selectedCategories.map((c) => c.name).join(" + ") || filters.categories.join(" + ")}
            </option>
          ) : null}
          {!multi && categoryValue && !known.has(categoryValue) ? (
            <option value={categoryValue}>{categoryValue}</option>
          ) : null}
          {categories.map((c) => (
            <option key={c.id} value={c.slug}>
              {c.name} ({c.toolCount})
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0">
        <label htmlFor="search-rating" className={label}>
          Minimum rating
        </label>
        <select id="search-rating" name="rating" defaultValue={rating} className={`mt-1 ${field}`}>
          <RatingOptions choices={RATINGS} value={rating} />
        </select>
      </div>
      <fieldset className="col-span-2 lg:col-span-1">
        <legend className={label}>Pricing</legend>
        <div className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 sm:grid-cols-4 lg:grid-cols-2">
          {PRICING_CHOICES.map(([value, text]) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
              <input
                type="checkbox"
                name="pricing"
                value={value}
                defaultChecked={filters.pricing.includes(value)}
                className="size-4 accent-brand-600"
              />
              {text}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor="search-tags" className={label}>
          Tags
        </label>
        <input
          id="search-tags"
          name="tags"
          type="text"
          defaultValue={filters.tags.join(", ")}
          placeholder="e.g. seo, email"
          aria-describedby="search-tags-hint"
          className={`mt-1 ${field}`}
        />
        <p id="search-tags-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Separate tags with commas; partial words match.
        </p>
      </div>
      <button
        type="submit"
        className={applyButtonClass(
          live.enhanced,
          "col-span-2 w-full rounded-lg lg:col-span-1 px-4 py-2 font-semibold",
        )}
      >
        Search
      </button>
    </form>
  );
}
