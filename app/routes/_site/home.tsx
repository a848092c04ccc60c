import { Form, Link } from "react-router";
import { ToolCard } from "~/components/tool-card";
import { countTools, getToolOfTheDay, listCategories, listTools, ToolListParams } from "~/lib/catalog.server";
import type { Route } from "./+types/home";

export function meta({ data }: Route.MetaArgs) {
  const n = data?.toolCount ?? 0;
  return [
    { title: "Toolscape — find the right AI tool fast" },
    {
      name: "description",
      content: `Search, filter and compare ${n.toLocaleString("en-US")} AI tools across every category.`,
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.services;
  const [toolCount, categories, featured, toolOfTheDay] = await Promise.all([
    countTools(db),
    listCategories(db),
    listTools(db, ToolListParams.parse({ featured: "true", limit: "7" })),
    getToolOfTheDay(db),
  ]);
  return { toolCount, categories, featured: featured.tools, toolOfTheDay };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { toolCount, categories, featured, toolOfTheDay } = loaderData;
  return (
    <div className="space-y-12">
      <section className="rounded-2xl bg-gradient-to-br from-brand-600 to-brand-900 px-6 py-14 text-white sm:px-12">
        <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">Find the right AI tool, fast.</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-100">
          Search and compare {toolCount.toLocaleString("en-US")} AI tools across {categories.length} categories.
        </p>
        <Form method="get" action="/tools" role="search" className="mt-8 flex max-w-xl gap-2">
          <label htmlFor="hero-q" className="sr-only">
            Search AI tools
          </label>
          <input
            id="hero-q"
            name="q"
            type="search"
            placeholder="Search AI tools…"
            className="w-full rounded-lg border-0 bg-white px-4 py-3 text-slate-900 placeholder:text-slate-500"
          />
          <button
            type="submit"
            className="rounded-lg bg-white px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50"
          >
            Search
          </button>
        </Form>
      </section>

      {toolOfTheDay ? (
        <section
          aria-labelledby="totd"
          className="rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="totd" className="text-sm font-semibold uppercase tracking-wide text-brand-600">
            Tool of the day
          </h2>
          <p className="mt-2 text-2xl font-bold">
            <Link to={`/tools/${toolOfTheDay.slug}`} className="hover:underline">
              {toolOfTheDay.name}
            </Link>
          </p>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{toolOfTheDay.description}</p>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{toolOfTheDay.whyToday}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{toolOfTheDay.challenge}</p>
        </section>
      ) : null}

      <section aria-labelledby="featured">
        <div className="flex items-baseline justify-between">
          <h2 id="featured" className="text-2xl font-bold">
            Featured tools
          </h2>
          <Link to="/tools" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100">
            Browse all {toolCount.toLocaleString("en-US")} tools →
          </Link>
        </div>
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {featured.map((tool) => (
            <ToolCard key={tool.id} tool={tool} />
          ))}
        </div>
      </section>

      <section aria-labelledby="cats">
        <h2 id="cats" className="text-2xl font-bold">
          Categories
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {categories.map((c) => (
            <li key={c.id}>
              <Link
                to={`/tools?category=${encodeURIComponent(c.slug)}`}
                className="flex items-center justify-between rounded-lg border border-slate-200 bg-white px-4 py-3 hover:border-brand-500 dark:border-slate-800 dark:bg-slate-900"
              >
                <span>
                  <span aria-hidden="true">{c.icon}</span> {c.name}
                </span>
                <span className="text-sm text-slate-500 dark:text-slate-400">{c.toolCount}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
