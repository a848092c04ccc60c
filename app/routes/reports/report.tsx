import { data, Link } from "react-router";
import { ReportGate } from "~/components/report-gate";
import { AppError } from "~/lib/accounts.server";
import { buildReport, REPORT_PERIODS, ReportParams } from "~/lib/exports.server";
import { firstIssue } from "~/lib/form-action.server";
import type { Route } from "./+types/report";
import { reportViewer } from "./gate.server";

export function meta({ data: d }: Route.MetaArgs) {
  return [
    { title: d ? `${d.report.title}: report | Toolscape` : "Report | Toolscape" },
    { name: "robots", content: "noindex" },
  ];
}
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** One category's or task's report (Expert), printable as it is; the same data as CSV from the API. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await reportViewer(context, request);
  const url = new URL(request.url);
  const parsed = ReportParams.safeParse({ ...params, days: url.searchParams.get("days") ?? undefined });
  if (!parsed.success) throw data(firstIssue(parsed.error, "Invalid report"), { status: 400 });
  try {
    const report = await buildReport(context.services, viewer, parsed.data, context.services.clock.now());
    return { report, periods: [...REPORT_PERIODS] };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") throw data(error.message, { status: 404 });
    throw error;
  }
}

export const ErrorBoundary = ReportGate;

const day = (iso: string) => iso.slice(0, 10);
const th = "border-b border-slate-300 px-2 py-1 text-left font-semibold dark:border-slate-700";
const td = "border-b border-slate-100 px-2 py-1 align-top dark:border-slate-800";

export default function ReportPage({ loaderData }: Route.ComponentProps) {
  const { report: r, periods } = loaderData;
  const base = `/reports/${r.scope}/${r.slug}`;
  return (
    <article className="space-y-8" data-testid="report">
      <header>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Report · {r.scope === "category" ? "Category" : "Task"} · generated {day(r.generatedAt)}
        </p>
        <h1 className="text-3xl font-bold">{r.title}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {r.tools.length} tools; changes in the last {r.days} days (since {day(r.since)}).
        </p>
        <nav aria-label="Report options" className="mt-3 flex flex-wrap gap-3 text-sm print:hidden">
          {periods.map((p) => (
            <Link
              key={p}
              to={`${base}?days=${p}`}
              className="underline"
              aria-current={p === r.days ? "page" : undefined}
            >
              {p} days
            </Link>
          ))}
          <a href={`/api${base}?days=${r.days}`} className="font-semibold underline">
            Download CSV
          </a>
          <span>Print this page for a paper or PDF copy.</span>
          <Link to="/reports" className="underline">
            Other reports
          </Link>
        </nav>
      </header>
      <section aria-labelledby="r-tools">
        <h2 id="r-tools" className="text-xl font-semibold">
          Tools, plans and prices
        </h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <thead>
              <tr>
                {["Tool", "Pricing", "Plans", "Price", "Rating", "Reviews"].map((h) => (
                  <th key={h} scope="col" className={th}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {r.tools.map((t) => (
                <tr key={t.url}>
                  <td className={td}>
                    <a href={t.url} className="underline">
                      {t.name}
                    </a>
                  </td>
                  <td className={td}>{t.pricing}</td>
                  <td className={td}>{t.plans ?? "—"}</td>
                  <td className={td}>{t.price ?? "—"}</td>
                  <td className={td}>{t.rating}</td>
                  <td className={td}>{t.reviews}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="r-changes">
        <h2 id="r-changes" className="text-xl font-semibold">
          Price changes
        </h2>
        {r.priceChanges.length ? (
          <ul className="mt-3 space-y-1 text-sm">
            {r.priceChanges.map((c) => (
              <li key={`${c.url}${c.at}${c.what}`}>
                {day(c.at)} ·{" "}
                <a href={c.url} className="underline">
                  {c.tool}
                </a>
                : {c.what}
                {c.source ? ` (source: ${c.source})` : ""}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No price changes in this period.</p>
        )}
      </section>
      {(
        [
          ["r-new", "New tools", r.newTools, "No new tools in this period."],
          ["r-gone", "Gone tools", r.goneTools, "No tools went offline in this period."],
        ] as const
      ).map(([id, title, events, none]) => (
        <section key={id} aria-labelledby={id}>
          <h2 id={id} className="text-xl font-semibold">
            {title}
          </h2>
          {events.length ? (
            <ul className="mt-3 space-y-1 text-sm">
              {events.map((e) => (
                <li key={`${e.url}${e.at}`}>
                  {day(e.at)} ·{" "}
                  <a href={e.url} className="underline">
                    {e.tool}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{none}</p>
          )}
        </section>
      ))}
    </article>
  );
}
