import { data, redirect, useLocation, useNavigate } from "react-router";
import { z } from "zod";
import { AdvancedFilters, FilterSets } from "~/components/advanced-filters";
import { Pagination } from "~/components/pagination";
import { ToolCard } from "~/components/tool-card";
import { controlClass } from "~/components/ui-classes";
import {
  ADVANCED_FILTERS,
  createFilterSet,
  FilterSetName,
  loadEntitlements,
  tierOf,
  viewerOf,
} from "~/lib/accounts.server";
import {
  entitleAdvanced,
  listCategories,
  listFiltersText,
  listParamsFromSearch,
  listTools,
  readerCards,
  ToolListParams,
} from "~/lib/catalog.server";
import { decisionFromParams } from "~/lib/decision-filters";
import { firstIssue, formAction } from "~/lib/form-action.server";
import { formQuery } from "~/lib/form-query";
import { SORT_OPTIONS } from "~/lib/format";
import { Island } from "~/lib/island";
import { applyButtonClass, useLiveFilters } from "~/lib/live-filters";
import { splitComponent } from "~/lib/split";
import { TIER_LABELS } from "~/lib/tiers";
import type { Route } from "./+types/index";

// The decision filters (issue 33): a static island, so the listing's first load carries none of their code.
const DecisionFiltersPart = splitComponent(() =>
  import("~/components/decision-filters").then((m) => m.DecisionFilters),
);

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
  const [categories, viewer, entitlements] = await Promise.all([
    listCategories(db),
    viewerOf(context, request),
    loadEntitlements(db),
  ]);
  // A member's page may be rendered for their tier (ADR 0032, no viewer): the tier decides the gate.
  const tier = tierOf(context, viewer);
  const allowed = tier ? entitlements.hasAccess(tier, ADVANCED_FILTERS) : false;
  const from = entitlements.lowestTierWith(ADVANCED_FILTERS);
  const advanced = {
    allowed,
    signedIn: !!tier,
    plan: from ? TIER_LABELS[from] : null,
    cap: tier && allowed ? entitlements.limitFor(tier, ADVANCED_FILTERS) : 0,
    current: listFiltersText(url.searchParams),
    notice: url.searchParams.get("notice")?.slice(0, 200) ?? null,
    refused: false,
  };
  const parsed = ToolListParams.safeParse(listParamsFromSearch(url.searchParams));
  if (!parsed.success) {
    return data(
      { categories, page: null, error: firstIssue(parsed.error, "Invalid filters"), search: url.search, advanced },
      { status: 400 },
    );
  }
  // Exclusions and "does not train on your data" are Standard's: below it the basic results, with a notice.
  const { query, refused } = entitleAdvanced(parsed.data, allowed);
  const page = await listTools(db, query);
  // Tools above the viewer's tier are sent without their gated fields (the card is dimmed).
  return {
    categories,
    page: { ...page, tools: readerCards(page.tools, tierOf(context, viewer)) },
    error: null,
    search: url.search,
    advanced: { ...advanced, refused },
  };
}

const Back = z.string().max(2_000).default("");
const FilterSetIntent = z.object({ intent: z.literal("save-filter-set"), name: FilterSetName, back: Back });

/**
 * Save the current filters as a named set (issue 34 item 1): a plain form, so it works without
 * JavaScript. The list (apply, rename, delete) is the member's own, so it lives in the dashboard
 * (/dashboard/filter-sets): /tools is rendered once per tier and shared (ADR 0032).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  const { db } = context.services;
  return formAction(request, FilterSetIntent, async (input) => {
    // The filters, rebuilt from the known parameters only.
    const query = listFiltersText(new URLSearchParams(input.back));
    if (!query) return data({ ok: false as const, error: "Set some filters before saving them" }, { status: 400 });
    const set = await createFilterSet(db, viewer, { name: input.name, query });
    return redirect(`/dashboard/filter-sets?notice=${encodeURIComponent(`Saved the filter set “${set.name}”.`)}`);
  });
}

export { shouldRevalidate } from "~/lib/revalidate";

export default function ToolsIndex({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, page, error, search, advanced } = loaderData;
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
          <option value="">{params.get("q") ? "Best match" : "Best first"}</option>
          {SORT_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <button type="submit" className={applyButtonClass(live.enhanced)}>
          Apply
        </button>
        <Island
          id="decision-filters"
          className="sm:col-span-4"
          component={DecisionFiltersPart}
          props={{ values: decisionFromParams(params) }}
        />
        <AdvancedFilters className="sm:col-span-4" params={search} categories={categories} advanced={advanced} />
      </form>
      <FilterSets
        advanced={advanced}
        search={search}
        failure={actionData && !actionData.ok ? actionData.error : null}
      />

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
          {/* The cards' names are h3: this h2 keeps the outline in order (issue 36, axe heading-order). */}
          <h2 className="sr-only">Tools</h2>
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
