import { Link, redirect } from "react-router";
import { ReportGate } from "~/components/report-gate";
import { reportScopes } from "~/lib/exports.server";
import type { Route } from "./+types/index";
import { reportViewer } from "./gate.server";

export function meta() {
  return [{ title: "Reports | Toolscape" }, { name: "robots", content: "noindex" }];
}
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** The reports an Expert may open: one per category and per task (`?category=` / `?task=` go straight there). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await reportViewer(context, request);
  const url = new URL(request.url);
  for (const scope of ["category", "task"] as const) {
    const slug = url.searchParams.get(scope);
    if (slug && /^[a-z0-9-]{1,100}$/.test(slug)) throw redirect(`/reports/${scope}/${slug}`);
  }
  return reportScopes(context.services.db);
}

export const ErrorBoundary = ReportGate;

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { categories, tasks } = loaderData;
  const list = (scope: string, items: { slug: string; name: string }[]) => (
    <ul className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
      {items.map((i) => (
        <li key={i.slug}>
          <Link to={`/reports/${scope}/${i.slug}`} className="underline">
            {i.name}
          </Link>
        </li>
      ))}
    </ul>
  );
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold">Reports</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          Pick a category or a task: its tools with plans and prices, price changes, and tools new and gone.
        </p>
      </header>
      <section aria-labelledby="by-category">
        <h2 id="by-category" className="text-xl font-semibold">
          By category
        </h2>
        {list("category", categories)}
      </section>
      <section aria-labelledby="by-task">
        <h2 id="by-task" className="text-xl font-semibold">
          By task
        </h2>
        {list("task", tasks)}
      </section>
    </div>
  );
}
