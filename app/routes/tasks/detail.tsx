import { data, Form, Link } from "react-router";
import { z } from "zod";
import { DecisionFilters } from "~/components/decision-filters";
import { ToolCard } from "~/components/tool-card";
import { buttonClass, chipClass, controlClass } from "~/components/ui-classes";
import { tierOf, viewerOf } from "~/lib/accounts.server";
import {
  DECISION_PARAMS,
  getTask,
  listParamsFromSearch,
  readerCards,
  ToolListParams,
  toolsForTask,
} from "~/lib/catalog.server";
import { decisionFromParams, decisionQuery } from "~/lib/decision-filters";
import { firstIssue } from "~/lib/form-action.server";
import { plural } from "~/lib/format";
import { originOf } from "~/lib/site-origin.server";
import { TASK_PRICE_LABELS, TASK_PRICES } from "~/lib/tasks";
import type { Route } from "./+types/detail";

/** /tasks/{slug} (issue 32): a job's best tools, a price filter (plain GET), related jobs, other phrasings. */
export function meta({ data }: Route.MetaArgs) {
  if (!data?.task) return [{ title: "Task not found | Toolscape" }, { name: "robots", content: "noindex, follow" }];
  const { task, origin, price, tools } = data;
  return [
    { title: `${task.name}: the best AI tools | Toolscape` },
    { name: "description", content: `${task.description} ${plural(task.tool_count, "AI tool")} that do it, compared.` },
    { name: "robots", content: price || data.error ? "noindex, follow" : "index, follow" },
    { tagName: "link", rel: "canonical", href: `${origin}/tasks/${task.slug}` },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "ItemList",
        name: `AI tools to ${task.name.charAt(0).toLowerCase()}${task.name.slice(1)}`,
        numberOfItems: tools.length,
        itemListElement: tools.map((t, i) => ({
          "@type": "ListItem",
          position: i + 1,
          name: t.name,
          url: `${origin}/tools/${encodeURIComponent(t.slug)}`,
        })),
      },
    },
  ];
}

const Params = z.object({
  price: z.enum(TASK_PRICES, { message: "Choose free, freemium or paid" }).optional(),
});

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.services;
  const url = new URL(request.url);
  const origin = originOf(context);
  const parsed = Params.safeParse({ price: url.searchParams.get("price") || undefined });
  // The decision filters (issue 33): the listings' own parameters, checked by the same schema.
  const all = listParamsFromSearch(url.searchParams);
  const facts = ToolListParams.safeParse(
    Object.fromEntries(DECISION_PARAMS.flatMap((k) => (all[k] ? [[k, all[k]]] : []))),
  );
  const [task, viewer] = await Promise.all([getTask(db, params.slug), viewerOf(context, request)]);
  if (!task) return data({ origin, task: null, tools: [], total: 0, price: null, error: null }, { status: 404 });
  const price = parsed.success ? (parsed.data.price ?? null) : null;
  const decision = facts.success ? facts.data.decision : undefined;
  const { tools, total } = await toolsForTask(db, task.slug, { price: price ?? undefined, decision });
  const error = !parsed.success
    ? firstIssue(parsed.error, "Invalid filter")
    : !facts.success
      ? firstIssue(facts.error, "Invalid filter")
      : null;
  return data(
    { origin, task, tools: readerCards(tools, tierOf(context, viewer)), total, price, error, search: url.search },
    { status: error ? 400 : 200 },
  );
}

export default function TaskPage({ loaderData }: Route.ComponentProps) {
  const { task, tools, total, price, error } = loaderData;
  const decision = decisionFromParams(new URLSearchParams("search" in loaderData ? loaderData.search : ""));
  const kept = decisionQuery(decision);
  if (!task) {
    return (
      <div>
        <h1 className="text-3xl font-bold">Task not found</h1>
        <p className="mt-2">
          <Link to="/tasks" className="text-brand-700 underline dark:text-brand-100">
            See every task
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div>
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-400">
        <Link to="/tasks" className="hover:underline">
          Tasks
        </Link>{" "}
        › {task.group}
      </nav>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{task.name}</h1>
      <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">{task.description}</p>
      {task.synonyms.length ? (
        <p className="mt-3 max-w-3xl text-sm text-slate-600 dark:text-slate-400" data-testid="task-synonyms">
          <span className="font-medium">Also known as:</span> {task.synonyms.join(" · ")}
        </p>
      ) : null}

      <Form method="get" className="mt-6 flex flex-wrap items-center gap-2" aria-label="Filter by price">
        <label htmlFor="task-price" className="text-sm font-medium">
          Price
        </label>
        <select id="task-price" name="price" defaultValue={price ?? ""} className={controlClass("sm", "w-auto")}>
          <option value="">Any price</option>
          {TASK_PRICES.map((p) => (
            <option key={p} value={p}>
              {TASK_PRICE_LABELS[p]}
            </option>
          ))}
        </select>
        <button type="submit" className={buttonClass("secondary", "sm")}>
          Apply
        </button>
        <DecisionFilters values={decision} className="w-full" />
        <span className="ml-2 flex flex-wrap gap-2">
          <Link
            to={`/tasks/${task.slug}${kept ? `?${kept.slice(1)}` : ""}`}
            className={chipClass(!price)}
            aria-current={!price ? "page" : undefined}
          >
            All
          </Link>
          {TASK_PRICES.map((p) => (
            <Link
              key={p}
              to={`/tasks/${task.slug}?price=${p}${kept}`}
              className={chipClass(price === p)}
              aria-current={price === p ? "page" : undefined}
            >
              {TASK_PRICE_LABELS[p]}
            </Link>
          ))}
        </span>
      </Form>
      {error ? (
        <p role="alert" className="mt-4 text-red-800 dark:text-red-200">
          {error}
        </p>
      ) : null}

      <section aria-labelledby="task-tools" className="mt-8">
        <h2 id="task-tools" className="text-2xl font-bold">
          {price ? `${TASK_PRICE_LABELS[price]} tools` : "Best tools"} for this job{" "}
          <span className="text-base font-normal text-slate-600 dark:text-slate-400">({plural(total, "tool")})</span>
        </h2>
        {tools.length ? (
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="task-tools">
            {tools.map((tool) => (
              <ToolCard key={tool.id} tool={tool} />
            ))}
          </div>
        ) : (
          <p className="mt-4 text-slate-700 dark:text-slate-300">
            No {price ? `${TASK_PRICE_LABELS[price].toLowerCase()} ` : ""}tools for this job yet.{" "}
            <Link
              to={`/search?q=${encodeURIComponent(task.name)}`}
              className="text-brand-700 underline dark:text-brand-100"
            >
              Search the catalogue
            </Link>
            .
          </p>
        )}
      </section>

      {task.related.length ? (
        <section aria-labelledby="related-tasks" className="mt-10">
          <h2 id="related-tasks" className="text-xl font-semibold">
            Related tasks
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2" data-testid="related-tasks">
            {task.related.map((r) => (
              <li key={r.slug}>
                <Link to={`/tasks/${r.slug}`} className={chipClass()}>
                  {r.name} <span className="text-slate-600 dark:text-slate-400">({r.tool_count})</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
