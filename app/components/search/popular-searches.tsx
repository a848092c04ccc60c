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
            <Link to={item.href} className="chip">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
