import { data, useLocation, useNavigate } from "react-router";
import { Pagination } from "~/components/pagination";
import { ToolCard } from "~/components/tool-card";
import { controlClass } from "~/components/ui-classes";
import { tierOf, viewerOf } from "~/lib/accounts.server";
import { cardsForTier, listCategories, listParamsFromSearch, listTools, ToolListParams } from "~/lib/catalog.server";
import { firstIssue } from "~/lib/form-action.server";
import { formQuery } from "~/lib/form-query";
import { SORT_OPTIONS } from "~/lib/format";
import { applyButtonClass, useLiveFilters } from "~/lib/live-filters";
import type { Route } from "./+types/index";

export function meta({ data }: Route.MetaArgs) {
  const total = data?.page?.pagination.total ?? 0;
  const page = data?.page?.pagination.page ?? 1;
  return [
    { title: `AI Tools${page > 1 ? ` — page ${page}` : ""} | Toolscape` },
    {
      name: "description",
      content: `Browse ${total.toLocaleString("en-US")} AI tools: search, filter by category and sort.`,
    },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.services;
  const url = new URL(request.url);
  const categories = await listCategories(db);
  const parsed = ToolListParams.safeParse(listParamsFromSearch(url.searchParams));
  if (!parsed.success) {
    return data(
      { categories, page: null, error: firstIssue(parsed.error, "Invalid filters"), search: url.search },
      { status: 400 },
    );
  }
  const [page, viewer] = await Promise.all([listTools(db, parsed.data), viewerOf(context, request)]);
  // Tools above the viewer's tier are sent without their gated fields (the card is dimmed).
  return {
    categories,
    page: { ...page, tools: cardsForTier(page.tools, tierOf(context, viewer)) },
    error: null,
    search: url.search,
  };
}

export default function ToolsIndex({ loaderData }: Route.ComponentProps) {
  const { categories, page, error, search } = loaderData;
  const params = new URLSearchParams(search);
  const navigate = useNavigate();
  const location = useLocation();
  const live = useLiveFilters(location.search, (form, replace) => {
    const qs = formQuery(new FormData(form));
    navigate(qs ? `/tools?${qs}` : "/tools", { replace, preventScrollReset: true });
    return qs ? `?${qs}` : "";
  });
  const selected = new Set(
    params
      .getAll("category")
      .flatMap((v) => v.split(","))
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean),
  );
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight">AI Tools</h1>
      <p role="status" aria-live="polite" className="mt-1 text-slate-600 dark:text-slate-400">
        {page
          ? `${page.pagination.total.toLocaleString("en-US")} ${page.pagination.total === 1 ? "tool" : "tools"}`
          : "Browse the catalogue"}
      </p>
      <form
        key={live.formKey}
        method="get"
        action="/tools"
        role="search"
        aria-label="Filter tools"
        onChange={live.onChange}
        onSubmit={live.onSubmit}
        className="mt-6 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_auto_auto_auto] dark:border-slate-800 dark:bg-slate-900"
      >
        <label className="sr-only" htmlFor="q">
          Search tools
        </label>
        <input
          id="q"
          name="q"
          type="search"
          defaultValue={params.get("q") ?? ""}
          placeholder="Search by name, tag or description"
          className={controlClass("sm", "text-base")}
        />
        <details className="group relative">
          <summary
            className={controlClass(
              "sm",
              "flex h-full cursor-pointer list-none items-center justify-between gap-2 text-base",
            )}
          >
            <span>{selected.size ? `Categories (${selected.size})` : "All categories"}</span>
            <span aria-hidden="true">▾</span>
          </summary>
          <fieldset className="absolute z-30 mt-1 max-h-80 w-72 overflow-y-auto rounded-lg border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-700 dark:bg-slate-900">
            <legend className="sr-only">Categories</legend>
            {categories.map((c) => (
              <label
                key={c.id}
                className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                <input
                  type="checkbox"
                  name="category"
                  value={c.slug}
                  defaultChecked={selected.has(c.slug) || selected.has(c.name.toLowerCase())}
                  className="accent-brand-600"
                />
                <span className="flex-1">{c.name}</span>
                <span className="text-xs text-slate-500 dark:text-slate-400">{c.toolCount}</span>
              </label>
            ))}
          </fieldset>
        </details>
        <label className="sr-only" htmlFor="sort">
          Sort
        </label>
        <select
          id="sort"
          name="sort"
          defaultValue={params.get("sort") ?? ""}
          className={controlClass("sm", "text-base")}
        >
          <option value="">{params.get("q") ? "Best match" : "Rating: high to low"}</option>
          {SORT_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <button type="submit" className={applyButtonClass(live.enhanced)}>
          Apply
        </button>
      </form>

      {error ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {error}
        </p>
      ) : null}

      {page && page.tools.length === 0 ? (
        <div className="mt-12 text-center">
          <p className="text-lg font-semibold">No tools found</p>
          <a href="/tools" className="mt-2 inline-block text-brand-700 underline">
            Clear Filters
          </a>
        </div>
      ) : null}

      {page ? (
        <>
          <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="tool-grid">
            {page.tools.map((tool) => (
              <ToolCard key={tool.id} tool={tool} />
            ))}
          </div>
          <Pagination page={page.pagination.page} totalPages={page.pagination.totalPages} search={search} />
        </>
      ) : null}
    </div>
  );
}
