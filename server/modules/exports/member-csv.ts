import { stringify } from "csv-stringify/sync";
import { utcDay } from "../../platform/clock.ts";
import type { Db } from "../../platform/db/index.ts";
import type { Env } from "../../platform/env.ts";
import { AppError } from "../../platform/errors.ts";
import { siteUrl } from "../../platform/site-origin.ts";
import { listSavedSearches, requireEntitlement, type Viewer } from "../accounts/index.ts";
import { cardsForTier, formulaSafe, parseSearchUrl, SEARCH_MAX_PAGES, searchTools } from "../catalog/index.ts";
import { listMyTopLists } from "../community/index.ts";

/**
 * Standard's CSV export (the `export_basic_reports` entitlement, issue 34): the member's own lists,
 * saved searches and a search's results. Only what the member already sees on the site, as their tier
 * sees it; UTF-8 with a BOM (Excel), CRLF, formula-safe cells.
 */
export const EXPORT_FEATURE = "export_basic_reports";
export const MEMBER_EXPORTS = ["lists", "saved-searches", "search"] as const;
export type MemberExport = (typeof MEMBER_EXPORTS)[number];

type Deps = { db: Db; env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT"> };
export type CsvFile = { filename: string; csv: string };

const BOM = "\uFEFF";
const toCsv = (header: string[], rows: (string | number | boolean | null)[][]) =>
  BOM +
  stringify(
    [header, ...rows.map((r) => r.map((v) => (v === null ? "" : typeof v === "string" ? formulaSafe(v) : String(v))))],
    { record_delimiter: "windows" },
  );

/** One member export as CSV; 401/403 (with the plan that has it) below the entitlement. */
export async function memberCsv(
  deps: Deps,
  viewer: Viewer | null,
  what: MemberExport,
  search: URLSearchParams,
  now: Date,
): Promise<CsvFile> {
  const v = requireEntitlement(viewer, EXPORT_FEATURE);
  const url = (path: string) => siteUrl(deps.env, path);
  switch (what) {
    case "lists": {
      const lists = await listMyTopLists(deps.db, v.user.id);
      const rows = lists.flatMap((l) =>
        l.tools.map((t) => [
          l.title,
          l.isPublic ? "public" : "private",
          l.isPublic ? url(`/top-lists/${l.slug}`) : null,
          t.position,
          t.name,
          url(`/tools/${t.slug}`),
          t.category,
          t.note,
        ]),
      );
      return {
        filename: `toolscape-lists-${utcDay(now)}.csv`,
        csv: toCsv(["list", "visibility", "list_url", "position", "tool", "tool_url", "category", "note"], rows),
      };
    }
    case "saved-searches": {
      const searches = await listSavedSearches(deps.db, v.user.id);
      return {
        filename: `toolscape-saved-searches-${utcDay(now)}.csv`,
        csv: toCsv(
          ["name", "query", "url", "saved_at"],
          searches.map((s) => [s.name, s.query, url(s.url), s.createdAt]),
        ),
      };
    }
    case "search": {
      const parsed = parseSearchUrl(search);
      if (!parsed.ok) throw new AppError("bad_request", parsed.error);
      if (!parsed.input.started) throw new AppError("bad_request", "Search for something first (q, category, …)");
      // Everything Load More would show (its cap), in the page's order.
      const results = await searchTools(deps.db, { ...parsed.input, page: SEARCH_MAX_PAGES, append: false });
      const tools = cardsForTier(results.tools, v.tier);
      return {
        filename: `toolscape-search-${utcDay(now)}.csv`,
        csv: toCsv(
          ["rank", "tool", "tool_url", "website", "category", "pricing", "plans", "rating", "reviews", "description"],
          tools.map((t, i) => [
            i + 1,
            t.name,
            url(`/tools/${t.slug}`),
            t.website_url,
            t.category,
            t.pricing_model,
            t.plan_label ?? null,
            t.rating,
            t.review_count,
            t.description,
          ]),
        ),
      };
    }
  }
}
