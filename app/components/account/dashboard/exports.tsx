import { Link } from "react-router";
import { controlClass } from "~/components/ui-classes";
import { TIER_LABELS, type Tier } from "~/lib/tiers";
import type { Route } from "../../../routes/account/dashboard/+types/exports";
import { card, primary, secondary } from "./styles";

/** The words under a feature the member's plan does not have: which plan has it, and a way there. */
function Upgrade({ what, from, plural = false }: { what: string; from: Tier | null; plural?: boolean }) {
  return (
    <p className="mt-3 rounded-lg bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
      {from ? (
        <>
          {what} {plural ? "are" : "is"} available for {TIER_LABELS[from]}
          {from === "standard" ? " and Expert" : ""} members.{" "}
          <Link to="/pricing" className="font-semibold underline">
            Upgrade to {TIER_LABELS[from]}
          </Link>{" "}
          to get it.
        </>
      ) : (
        `${what} ${plural ? "are" : "is"} not available on any plan right now.`
      )}
    </p>
  );
}

/** The section's markup (a static island on first load: see SectionIsland). Downloads are plain links. */
export function ExportsBody({ csv, bulk, reports, savedSearches }: Route.ComponentProps["loaderData"]) {
  return (
    <section aria-labelledby="exports-heading" className={`${card} space-y-8`}>
      <h2 id="exports-heading" className="text-2xl font-bold">
        Exports
      </h2>
      <div data-testid="export-csv">
        <h3 className="text-lg font-semibold">Your data as CSV</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Spreadsheet files (UTF-8) of what you keep on Toolscape.
        </p>
        {csv.allowed ? (
          <>
            <ul className="mt-3 flex flex-wrap gap-2">
              <li>
                <a href="/api/exports/lists" className={secondary}>
                  My top lists (CSV)
                </a>
              </li>
              <li>
                <a href="/api/exports/saved-searches" className={secondary}>
                  My saved searches (CSV)
                </a>
              </li>
            </ul>
            {savedSearches.length ? (
              <ul className="mt-3 space-y-1 text-sm">
                {savedSearches.map((s) => (
                  <li key={s.id}>
                    <a href={`/api/exports/search?${s.query}`} className="underline">
                      Results of “{s.name}” (CSV)
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            <form method="get" action="/api/exports/search" className="mt-4 flex items-end gap-2">
              <div className="grow">
                <label htmlFor="export-q" className="block text-sm font-medium">
                  Search results for
                </label>
                <input id="export-q" name="q" required maxLength={200} className={controlClass(undefined, "mt-1")} />
              </div>
              <button type="submit" className={primary}>
                Download CSV
              </button>
            </form>
          </>
        ) : (
          <Upgrade what="CSV export" from={csv.from} />
        )}
      </div>
      <div data-testid="export-bulk">
        <h3 className="text-lg font-semibold">The whole catalogue</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Every listed tool with its plans, alternatives, sources and licences ({bulk.perDay} downloads a day). The
          licence and attribution that apply are in each record; keep them with copies.
        </p>
        {bulk.allowed ? (
          <ul className="mt-3 flex flex-wrap gap-2">
            <li>
              <a href="/api/exports/catalogue?format=jsonl" className={secondary}>
                JSON Lines
              </a>
            </li>
            <li>
              <a href="/api/exports/catalogue?format=csv" className={secondary}>
                CSV
              </a>
            </li>
          </ul>
        ) : (
          <Upgrade what="Bulk export" from={bulk.from} />
        )}
      </div>
      <div data-testid="export-reports">
        <h3 className="text-lg font-semibold">Reports</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          For one category or task: tools, plans and prices, price changes, new and gone tools, as a printable page and
          as CSV.
        </p>
        {reports.allowed ? (
          <p className="mt-3">
            <a href="/reports" className={secondary}>
              Open reports
            </a>
          </p>
        ) : (
          <Upgrade what="Downloadable reports" from={reports.from} plural />
        )}
      </div>
    </section>
  );
}
