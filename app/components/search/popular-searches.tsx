import { Link } from "react-router";

/** The spec's Popular Searches: plain links, each a search over real catalogue data. */
export function PopularSearches({
  items,
  className = "",
}: {
  items: { label: string; href: string }[];
  className?: string;
}) {
  return (
    <section aria-labelledby="popular-searches" className={className}>
      <h2 id="popular-searches" className="text-lg font-semibold">
        Popular Searches
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.label}>
            <Link
              to={item.href}
              className="inline-block rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:border-brand-500 hover:text-brand-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:text-brand-100"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
