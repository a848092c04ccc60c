// Sortable, paged admin tables (issue 21): the URL carries `sort`, `dir` and `page`; the server sorts
// and pages with a whitelist of columns per table (a map from the URL's name to an SQL expression,
// so nothing from the request reaches the ORDER BY). A column not on the list, or a direction other
// than asc/desc, is ignored (the table's default order), never an error.

import type { SQL } from "drizzle-orm";
import { z } from "zod";
import { sql } from "./db/index.ts";

export type SortDir = "asc" | "desc";

/** Zod pieces for a table's query: unknown columns and directions fall back to undefined. */
export function sortParams<const K extends string>(columns: readonly [K, ...K[]]) {
  return {
    // A catch has no JSON-schema form: the API's document states the values that mean something.
    sort: z
      .enum(columns)
      .optional()
      .catch(undefined)
      .meta({ type: "string", enum: [...columns] }),
    dir: z
      .enum(["asc", "desc"])
      .optional()
      .catch(undefined)
      .meta({ type: "string", enum: ["asc", "desc"] }),
  };
}

/**
 * The ORDER BY of a sorted table: the chosen column (whitelisted by `columns`), then `tieBreak` so
 * paging is stable; the default order when no column is chosen.
 */
export function orderBy<K extends string>(
  columns: Record<K, SQL>,
  query: { sort?: K | undefined; dir?: SortDir | undefined },
  fallback: SQL,
  tieBreak: SQL,
): SQL {
  const column = query.sort && Object.hasOwn(columns, query.sort) ? columns[query.sort] : null;
  if (!column) return fallback;
  const dir = query.dir === "desc" ? sql`DESC NULLS LAST` : sql`ASC NULLS LAST`;
  return sql`${column} ${dir}, ${tieBreak}`;
}
