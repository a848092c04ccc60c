import { Link } from "react-router";
import { Empty } from "~/components/empty-state";
import { listTrending, TRENDING_RULES, trendingComputedAt } from "~/lib/community.server";
import type { Route } from "./+types/trending";

export function meta() {
  return [
    { title: "Trending AI tools this week | Toolscape" },
    {
      name: "description",
      content: "AI tools whose saves, reviews, visits and views rose this week, each with the reason in words.",
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.services;
  const [tools, computedAt] = await Promise.all([listTrending(db, TRENDING_RULES.maxTools), trendingComputedAt(db)]);
  return { tools, computedAt, min: TRENDING_RULES.minThisWeek };
}

export default function Trending({ loaderData }: Route.ComponentProps) {
  const { tools, computedAt, min } = loaderData;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold">Trending tools</h1>
        <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">
          Tools whose saves, reviews, visits and page views over the last 7 days clearly rose against the week before.
          Recomputed every hour
          {computedAt
            ? ` (last at ${new Date(computedAt).toISOString().slice(11, 16)} UTC on ${computedAt.slice(0, 10)})`
            : ""}
          .
        </p>
      </header>
      {tools.length ? (
        <ol className="space-y-3" data-testid="trending-list">
          {tools.map((t, i) => (
            <li
              key={t.toolId}
              className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="w-8 text-2xl font-bold text-slate-400">{i + 1}</span>
              <div className="min-w-0">
                <h2 className="font-semibold">
                  <Link to={`/tools/${t.slug}`} className="hover:underline">
                    {t.name}
                  </Link>
                </h2>
                <p className="text-sm text-slate-700 dark:text-slate-300">{t.context}</p>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <Empty title="Nothing is trending right now">
          A tool trends when at least {min.saves} members save it, {min.reviews} review it or {min.clicks} visitors
          click through to it in a week, clearly more than the week before. Explore{" "}
          <Link to="/tools" className="underline">
            all tools
          </Link>{" "}
          meanwhile.
        </Empty>
      )}
    </div>
  );
}
