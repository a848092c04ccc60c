// The browser's half of the sortable admin tables (server/platform/list-sort.ts): links that sort.
import type { SortDir } from "#server/platform/list-sort.ts";

export type { SortDir } from "#server/platform/list-sort.ts";

/** The address of the table sorted by `column`: the same column again flips the direction; paging restarts. */
export function sortHref(
  search: string,
  column: string,
  current: { sort?: string | undefined; dir?: SortDir | undefined },
  firstDir: SortDir,
): string {
  const params = new URLSearchParams(search);
  const dir: SortDir = current.sort === column ? (current.dir === "asc" ? "desc" : "asc") : firstDir;
  params.set("sort", column);
  params.set("dir", dir);
  params.delete("page");
  return `?${params}`;
}
