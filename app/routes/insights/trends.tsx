import { BarChart } from "~/components/bar-chart";
import { FeatureGate } from "~/components/feature-gate";
import { MIN_GROUP } from "~/lib/insights";
import { ANALYTICS_FEATURE, buildTrends, featureViewer } from "~/lib/insights.server";
import { barChart } from "~/lib/svg-chart";
import type { Route } from "./+types/trends";

export function meta() {
  return [{ title: "Trends | Toolscape" }, { name: "robots", content: "noindex" }];
}
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/**
 * Advanced analytics (Expert, issue 34 item 9): rising tools and tasks, price movements by category and
 * what members like you save — aggregate figures only, charts drawn as SVG on the server.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await featureViewer(context, request, ANALYTICS_FEATURE, {
    title: "Trends",
    about: "Rising tools and tasks, price movements by category, and what members like you save, with charts.",
  });
  const t = await buildTrends(context.services.db, viewer, context.services.clock.now());
  const window = [`Previous ${t.windowDays} days`, `Last ${t.windowDays} days`];
  return {
    trends: t,
    charts: {
      tools: t.risingTools.length
        ? barChart({
            title: "Rising tools",
            desc: `Page views, outbound clicks and saves per tool in the last ${t.windowDays} days against the ${t.windowDays} before, the tools that rose most first.`,
            series: window,
            rows: t.risingTools.map((r) => ({ label: r.name, values: [r.before, r.recent] })),
          })
        : null,
      tasks: t.risingTasks.length
        ? barChart({
            title: "Rising tasks",
            desc: `The activity of each task's tools in the last ${t.windowDays} days against the ${t.windowDays} before.`,
            series: window,
            rows: t.risingTasks.map((r) => ({ label: r.name, values: [r.before, r.recent] })),
          })
        : null,
      prices: t.prices.length
        ? barChart({
            title: "Price movements by category",
            desc: `Changes to stated plans and prices in the last ${t.priceDays} days per category: entry price up, down, or changed otherwise.`,
            series: ["Up", "Down", "Other changes"],
            rows: t.prices.map((p) => ({ label: p.category, values: [p.up, p.down, p.other] })),
          })
        : null,
    },
  };
}

export const ErrorBoundary = FeatureGate;

export default function TrendsPage({ loaderData }: Route.ComponentProps) {
  const { trends: t, charts } = loaderData;
  const empty = (what: string) => <p className="rounded-lg bg-slate-50 p-4 dark:bg-slate-900">{what}</p>;
  return (
    <div className="space-y-10" data-testid="trends">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold">Trends</h1>
        <p className="text-slate-700 dark:text-slate-300">
          What buyers are looking at and what prices do. Every figure is a total over many visitors or members; no one
          member's activity is shown.
        </p>
      </header>
      <section aria-labelledby="tr-tools" className="space-y-3">
        <h2 id="tr-tools" className="text-xl font-semibold">
          Rising tools
        </h2>
        {charts.tools ? (
          <BarChart chart={charts.tools} rowHeader="Tool" />
        ) : (
          empty(`No tool's activity rose in the last ${t.windowDays} days.`)
        )}
        {t.risingTools.length ? (
          <ol className="list-decimal pl-6 text-sm">
            {t.risingTools.map((r) => (
              <li key={r.slug}>
                <a href={`/tools/${r.slug}`} className="underline">
                  {r.name}
                </a>{" "}
                ({r.before} → {r.recent})
              </li>
            ))}
          </ol>
        ) : null}
      </section>
      <section aria-labelledby="tr-tasks" className="space-y-3">
        <h2 id="tr-tasks" className="text-xl font-semibold">
          Rising tasks
        </h2>
        {charts.tasks ? (
          <BarChart chart={charts.tasks} rowHeader="Task" />
        ) : (
          empty(`No task's activity rose in the last ${t.windowDays} days.`)
        )}
      </section>
      <section aria-labelledby="tr-prices" className="space-y-3">
        <h2 id="tr-prices" className="text-xl font-semibold">
          Price movements by category
        </h2>
        {charts.prices ? (
          <BarChart chart={charts.prices} rowHeader="Category" />
        ) : (
          empty(`No stated plan or price changed in the last ${t.priceDays} days.`)
        )}
      </section>
      <section aria-labelledby="tr-like" className="space-y-3">
        <h2 id="tr-like" className="text-xl font-semibold">
          What members like you save
        </h2>
        {t.membersLikeYou.shown ? (
          t.membersLikeYou.tools.length ? (
            <>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Tools saved by at least two of the {t.membersLikeYou.group} members who saved a tool you saved.
              </p>
              <ul className="list-disc pl-6" data-testid="members-like-you">
                {t.membersLikeYou.tools.map((s) => (
                  <li key={s.slug}>
                    <a href={`/tools/${s.slug}`} className="underline">
                      {s.name}
                    </a>{" "}
                    — saved by {s.members} of them
                  </li>
                ))}
              </ul>
            </>
          ) : (
            empty("The members who share your saves have not saved another tool in common yet.")
          )
        ) : t.membersLikeYou.reason === "no-saves" ? (
          empty("Save a few tools first: this compares your saves with other members'.")
        ) : (
          empty(
            `Fewer than ${MIN_GROUP} members share a saved tool with you yet; this is shown from ${MIN_GROUP} on, so no one member's saves can be told apart.`,
          )
        )}
      </section>
    </div>
  );
}
