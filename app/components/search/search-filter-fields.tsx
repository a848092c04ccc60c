import { DecisionFilters } from "../decision-filters";
import { RatingOptions } from "../rating-options";
import { controlClass } from "../ui-classes";

export type SearchFilterFieldsProps = {
  filters: {
    q?: string;
    categories: string[];
    pricing: string[];
    minRating?: number;
    tags: string[];
    decision?: {
      maxPrice?: number;
      freeTier: boolean;
      noCard: boolean;
      api: boolean;
      openSource: boolean;
      selfHosted: boolean;
    };
  };
  selectedCategories: { key: string; name: string; slug: string }[];
  categories: { id: number; name: string; slug: string; toolCount: number }[];
};

/** Our real pricing models a visitor can filter by (the URL takes any model; these are the common ones). */
const PRICING_CHOICES = [
  ["free", "Free"],
  ["freemium", "Freemium"],
  ["paid", "Paid"],
  ["open_source", "Open Source"],
] as const;
const RATINGS = ["4.5", "4", "3.5", "3"];

const field = controlClass(undefined, "mt-1");
const label = "block text-sm font-medium text-slate-800 dark:text-slate-200";

/**
 * The search filter form's fields: uncontrolled inputs with no behaviour of their own (the form
 * around them listens to their `input` events), so the page renders them as a static island
 * (ADR 0060) and this code loads only when the browser renders the form itself.
 */
export function SearchFilterFields({ filters, selectedCategories, categories }: SearchFilterFieldsProps) {
  const multi = filters.categories.length > 1;
  const categoryValue = multi
    ? filters.categories.join(",")
    : (selectedCategories[0]?.slug ?? filters.categories[0] ?? "");
  const known = new Set(categories.map((c) => c.slug));
  const rating = filters.minRating === undefined ? "" : String(filters.minRating);
  const d = filters.decision;
  return (
    <>
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
          className={field}
        />
      </div>
      <div className="min-w-0">
        <label htmlFor="search-category" className={label}>
          Category
        </label>
        <select id="search-category" name="category" defaultValue={categoryValue} className={field}>
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
        <select id="search-rating" name="rating" defaultValue={rating} className={field}>
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
          className={field}
        />
        <p id="search-tags-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Separate tags with commas; partial words match.
        </p>
      </div>
      <DecisionFilters
        className="col-span-2 lg:col-span-1"
        values={{
          max_price: d?.maxPrice === undefined ? "" : String(d.maxPrice),
          free_tier: !!d?.freeTier,
          no_card: !!d?.noCard,
          api: !!d?.api,
          open_source: !!d?.openSource,
          self_hosted: !!d?.selfHosted,
        }}
      />
    </>
  );
}
