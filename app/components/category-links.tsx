import { Link } from "react-router";
import type { MenuCategory } from "./header";

/** The AI Tools menu's panel: every category (with its tool count) and Browse all tools. */
export function CategoryLinks({ categories }: { categories: MenuCategory[] | null }) {
  return categories === null ? (
    <p className="p-2 text-sm text-slate-600 dark:text-slate-300">Loading categories...</p>
  ) : (
    <ul className="grid grid-cols-2 gap-1">
      {categories.map((c) => (
        <li key={c.id}>
          <Link
            to={`/tools?category=${encodeURIComponent(c.name)}`}
            className="flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm hover:bg-slate-100 focus:bg-slate-100 dark:hover:bg-slate-800 dark:focus:bg-slate-800"
          >
            <span>
              <span aria-hidden="true">{c.icon}</span> {c.name}
            </span>
            <span className="text-xs text-slate-500 dark:text-slate-400">{c.toolCount}</span>
          </Link>
        </li>
      ))}
      <li className="col-span-2 border-t border-slate-100 pt-1 dark:border-slate-800">
        <Link
          to="/tools"
          className="block rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-slate-100 dark:text-brand-100 dark:hover:bg-slate-800"
        >
          Browse all tools →
        </Link>
      </li>
    </ul>
  );
}
