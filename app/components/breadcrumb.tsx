import { Fragment } from "react";
import { Link } from "react-router";

export type Crumb = { label: string; to?: string };

/** Home / Tools / … trail; the last item is the current page. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-400">
      <ol className="flex flex-wrap items-center gap-1.5">
        {items.map((item, i) => (
          <Fragment key={item.to ?? item.label}>
            {i > 0 ? <li aria-hidden="true">/</li> : null}
            {item.to && i < items.length - 1 ? (
              <li>
                <Link to={item.to} className="hover:underline">
                  {item.label}
                </Link>
              </li>
            ) : (
              <li aria-current="page" className="truncate font-medium text-slate-900 dark:text-slate-100">
                {item.label}
              </li>
            )}
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
