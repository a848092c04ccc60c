import { Form, Link } from "react-router";
import { Button, buttonClass, cardClass, Field, Input } from "~/components/ui";
import { AnalyticsQuery, analytics, requireAdminPage, resolvePeriod } from "~/lib/admin.server";
import type { Route } from "./+types/analytics";

const PERIODS = [7, 30, 90] as const;

export function meta() {
  return [{ title: "Analytics | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  for (const k of ["from", "to", "days"]) if (params[k] === "") delete params[k];
  const parsed = AnalyticsQuery.safeParse(params);
  const period = resolvePeriod(parsed.success ? parsed.data : {}, context.services.clock);
  const result = await analytics(context.services.db, period);
  return {
    ...result,
    selectedDays: parsed.success && !parsed.data.from ? (parsed.data.days ?? 30) : null,
    error: parsed.success ? null : parsed.error.issues.map((i) => i.message).join("; "),
  };
}

/** A bar per day, server-rendered SVG (no chart library, no client code). */
function Bars({ title, points, color }: { title: string; points: { day: string; value: number }[]; color: string }) {
  const max = Math.max(1, ...points.map((p) => p.value));
  const w = 600;
  const h = 120;
  const step = w / Math.max(1, points.length);
  const bar = Math.max(1, step - (points.length > 60 ? 0.5 : 2));
  const total = points.reduce((a, p) => a + p.value, 0);
  return (
    <figure className={cardClass}>
      <figcaption className="flex items-baseline justify-between text-sm">
        <span className="font-semibold">{title}</span>
        <span className="text-slate-600 dark:text-slate-400">
          {total.toLocaleString("en-US")} in total · peak {max === 1 && total === 0 ? 0 : max}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${w} ${h}`} className="mt-2 h-28 w-full" role="img" aria-label={`${title} per day`}>
        <line x1="0" y1={h - 0.5} x2={w} y2={h - 0.5} stroke="currentColor" strokeOpacity="0.2" />
        {points.map((p, i) => {
          const bh = (p.value / max) * (h - 4);
          return (
            <rect key={p.day} x={i * step} y={h - bh} width={bar} height={bh} fill={color}>
              <title>{`${p.day}: ${p.value}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-slate-600 dark:text-slate-400">
        <span>{points[0]?.day}</span>
        <span>{points.at(-1)?.day}</span>
      </div>
    </figure>
  );
}

const cell = "py-1.5 pr-3";

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const { period, daily, missedSearches, topTools, selectedDays, error } = loaderData;
  const series = (k: "views" | "clicks" | "signups" | "searchMisses") =>
    daily.map((d) => ({ day: d.day, value: d[k] }));
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-4">
        <nav aria-label="Period" className="flex gap-1">
          {PERIODS.map((d) => (
            <Link
              key={d}
              to={`?days=${d}`}
              aria-current={selectedDays === d ? "page" : undefined}
              className={buttonClass(selectedDays === d ? "primary" : "secondary", "sm", "py-1.5")}
            >
              {d} days
            </Link>
          ))}
        </nav>
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <Field id="period-from" label="From">
            <Input type="date" name="from" defaultValue={period.from} inline="xs" />
          </Field>
          <Field id="period-to" label="To">
            <Input type="date" name="to" defaultValue={period.to} inline="xs" />
          </Field>
          <Button type="submit" size="sm" className="py-1.5">
            Show
          </Button>
        </Form>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error} Showing the last 30 days.
        </p>
      ) : null}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {period.from} to {period.to} (UTC, {period.days} days). Views and searches are written every 30 seconds.
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <Bars title="Tool page views" points={series("views")} color="#2563eb" />
        <Bars title="Outbound clicks" points={series("clicks")} color="#059669" />
        <Bars title="Sign-ups" points={series("signups")} color="#7c3aed" />
        <Bars title="Searches with no results" points={series("searchMisses")} color="#d97706" />
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="missed-heading">
          <h2 id="missed-heading" className="text-lg font-semibold">
            What people searched for and did not find
          </h2>
          {missedSearches.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Every search found something.</p>
          ) : (
            <table className="mt-2 w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
                <tr>
                  <th className={cell}>Query</th>
                  <th className={cell}>Searches</th>
                  <th className={cell}>Last</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                {missedSearches.map((m) => (
                  <tr key={m.query}>
                    <td className={cell}>{m.query}</td>
                    <td className={cell}>{m.count}</td>
                    <td className={cell}>{m.lastAt.slice(0, 10)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section aria-labelledby="top-heading">
          <h2 id="top-heading" className="text-lg font-semibold">
            Top tools
          </h2>
          {topTools.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No views or clicks in this period.</p>
          ) : (
            <table className="mt-2 w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
                <tr>
                  <th className={cell}>Tool</th>
                  <th className={cell}>Views</th>
                  <th className={cell}>Clicks</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                {topTools.map((t) => (
                  <tr key={t.id}>
                    <td className={cell}>
                      <Link to={`/tools/${t.slug}`} className="hover:underline">
                        {t.name}
                      </Link>
                    </td>
                    <td className={cell}>{t.views}</td>
                    <td className={cell}>{t.clicks}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </div>
  );
}
