import { Link, useLocation } from "react-router";
import { type SortDir, sortHref } from "~/lib/list-sort";

/**
 * A column header that sorts the table by its column (a plain link, so it works without JavaScript):
 * `aria-sort` on the sorted column, the direction shown as an arrow.
 */
export function SortHeader({
  column,
  label,
  sort,
  dir,
  firstDir = "asc",
  className,
}: {
  column: string;
  label: string;
  /** the column the table is sorted by now (undefined: its default order) */
  sort: string | undefined;
  dir: SortDir | undefined;
  /** the direction of the first click (dates and counts read best newest / largest first) */
  firstDir?: SortDir;
  className?: string;
}) {
  const { search } = useLocation();
  const active = sort === column;
  const ariaSort = active ? (dir === "desc" ? "descending" : "ascending") : undefined;
  return (
    // `relative`: the sr-only text is absolutely positioned; without a positioned cell it is placed
    // against the page, not the table's scroll box, and at 390 px the page pans onto blank space.
    <th scope="col" aria-sort={ariaSort} className={`relative ${className ?? "py-2 pr-3"}`}>
      <Link
        to={sortHref(search, column, { sort, dir }, firstDir)}
        preventScrollReset
        className="inline-flex items-center gap-1 hover:underline"
      >
        {label}
        <span aria-hidden="true" className={active ? "" : "text-slate-400"}>
          {active ? (dir === "desc" ? "▼" : "▲") : "↕"}
        </span>
        <span className="sr-only">
          {active ? `, sorted ${dir === "desc" ? "descending" : "ascending"}` : ", sort by this column"}
        </span>
      </Link>
    </th>
  );
}
