import { Link } from "react-router";
import { plural } from "~/lib/format";

export type CategoryCardData = {
  id: number;
  slug: string;
  name: string;
  icon: string;
  description: string;
  toolCount: number;
};

/** A category: icon, name, description and its real tool count; the name opens its tools. */
export function CategoryCard({ category, featured = false }: { category: CategoryCardData; featured?: boolean }) {
  const c = category;
  return (
    <article
      className={`flex flex-col rounded-xl border bg-white p-5 shadow-sm transition hover:shadow-md dark:bg-slate-900 ${
        featured ? "border-brand-100 dark:border-brand-700" : "border-slate-200 dark:border-slate-800"
      }`}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-2xl dark:bg-slate-800"
        >
          {c.icon}
        </span>
        <div className="min-w-0">
          <h3 className="text-lg font-semibold">
            <Link
              to={`/tools?category=${encodeURIComponent(c.slug)}`}
              className="hover:text-brand-700 dark:hover:text-brand-100"
            >
              {c.name}
            </Link>
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">{plural(c.toolCount, "tool")}</p>
        </div>
      </div>
      <p className="mt-3 flex-1 text-sm text-slate-700 dark:text-slate-300">{c.description}</p>
      <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
        <Link
          to={`/tools?category=${encodeURIComponent(c.slug)}`}
          // The name starts with the visible words (WCAG 2.5.3, label in name); the arrow is decoration.
          aria-label={`Browse tools in ${c.name}`}
          className="text-brand-700 hover:underline dark:text-brand-100"
        >
          Browse tools →
        </Link>
        <Link
          to={`/category/${encodeURIComponent(c.slug)}`}
          aria-label={`${c.name} category page`}
          className="text-slate-700 hover:underline dark:text-slate-300"
        >
          Category page
        </Link>
      </p>
    </article>
  );
}
