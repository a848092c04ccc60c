import { Link } from "react-router";
import { Breadcrumb } from "~/components/breadcrumb";
import { buttonClass } from "~/components/ui";
import { plural } from "~/lib/format";

/**
 * A category page's text (its heading and the no-results box): no behaviour of their own, so they
 * are static islands and this module loads only when the browser renders them (ADR 0055).
 */

export type CategoryHeading = {
  name: string;
  category: { icon: string; description: string; toolCount: number; slug: string } | null;
  description: string | null;
};

export function CategoryHeader({ name, category, description }: CategoryHeading) {
  return (
    <>
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Tools", to: "/tools" }, { label: name }]} />
      <header className="mt-4 flex items-start gap-4">
        {category ? (
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-3xl dark:bg-slate-800"
          >
            {category.icon}
          </span>
        ) : null}
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{name}</h1>
          {category ? (
            <>
              <p className="mt-1 max-w-3xl text-slate-700 dark:text-slate-300">{category.description}</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {plural(category.toolCount, "tool")} ·{" "}
                <Link to={`/tools?category=${encodeURIComponent(category.slug)}`} className="underline">
                  Open in the catalogue
                </Link>
              </p>
            </>
          ) : description ? (
            <p className="mt-1 max-w-3xl text-slate-700 dark:text-slate-300">{description}</p>
          ) : null}
        </div>
      </header>
    </>
  );
}

/** No tools to show: a category with none matching, a page past the end, or no such category. */
export function NoTools({
  found,
  anyTools,
  categoryKey,
  pathname,
}: {
  found: boolean;
  /** the category has tools (so this page or these filters found none) */
  anyTools: boolean;
  categoryKey: string;
  pathname: string;
}) {
  return (
    <div className="mt-8 rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
      <p className="text-lg font-semibold">No tools found</p>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        {found
          ? anyTools
            ? "There is no such page in this category."
            : "No tools in this category match these filters."
          : `There is no category called '${categoryKey}' yet.`}
      </p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        {found ? (
          <Link to={pathname} className={buttonClass()}>
            Clear Filters
          </Link>
        ) : (
          <Link to="/categories" className={buttonClass()}>
            Browse Categories
          </Link>
        )}
        <Link to="/tools" className={buttonClass("secondary")}>
          Browse all tools
        </Link>
      </div>
    </div>
  );
}
