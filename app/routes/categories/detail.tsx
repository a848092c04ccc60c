import { data, Link, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import { RatingOptions } from "~/components/rating-options";
import { ToolCard } from "~/components/tool-card";
import { cardClassOf, controlClass } from "~/components/ui-classes";
import { tierOf, viewerOf } from "~/lib/accounts.server";
import {
  getCategoryPage,
  movedCategorySlug,
  parseCategoryPageUrl,
  readerCards,
  unknownCategoryName,
} from "~/lib/catalog.server";
import { decisionFromParams } from "~/lib/decision-filters";
import { formQuery } from "~/lib/form-query";
import { plural, SORT_OPTIONS } from "~/lib/format";
import { Island } from "~/lib/island";
import { applyButtonClass, useLiveFilters } from "~/lib/live-filters";
import { originOf } from "~/lib/site-origin.server";
import { splitComponent } from "~/lib/split";
import type { Route } from "./+types/detail";

// The decision filters (issue 33): a static island, so the listing's first load carries none of their code.
const DecisionFiltersPart = splitComponent(() =>
  import("~/components/decision-filters").then((m) => m.DecisionFilters),
);

// The heading and the no-results box: static islands, loaded only when the browser renders them (ADR 0055).
const parts = () => import("~/components/categories/category-parts");
const CategoryHeader = splitComponent(() => parts().then((m) => m.CategoryHeader));
const NoTools = splitComponent(() => parts().then((m) => m.NoTools));
// Page links only: a static island too.
const Pagination = splitComponent(() => import("~/components/pagination").then((m) => m.Pagination));

const RATINGS = ["4.5", "4", "3.5"];

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Category | Toolscape" }];
  const { origin, view } = data;
  if (!view.found) {
    return [
      { title: `${view.name} | Toolscape` },
      { name: "description", content: view.description },
      { name: "robots", content: "noindex, follow" },
    ];
  }
  const { category, tools } = view;
  const page = tools?.pagination.page ?? 1;
  const filtered = data.filtered || !!data.error;
  const canonical = `${origin}/category/${encodeURIComponent(category.slug)}${!filtered && page > 1 ? `?page=${page}` : ""}`;
  return [
    { title: `${category.name} AI Tools${page > 1 ? ` — page ${page}` : ""} | Toolscape` },
    { name: "description", content: `${category.description} ${plural(category.toolCount, "tool")} in this category.` },
    { name: "robots", content: filtered ? "noindex, follow" : "index, follow" },
    { tagName: "link", rel: "canonical", href: canonical },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "ItemList",
        name: `${category.name} AI tools`,
        numberOfItems: tools?.tools.length ?? 0,
        itemListElement: (tools?.tools ?? []).map((t, i) => ({
          "@type": "ListItem",
          position: (page - 1) * (tools?.pagination.limit ?? 0) + i + 1,
          name: t.name,
          url: `${origin}/tools/${encodeURIComponent(t.slug)}`,
        })),
      },
    },
  ];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = parseCategoryPageUrl(url.searchParams);
  const input = parsed.ok ? parsed.input : null;
  const filtered =
    !!input &&
    (input.q !== undefined || input.price !== undefined || input.minRating !== undefined || input.sort !== undefined);
  // The decision filters' values come with the data: their parsing stays out of the page's first load.
  const decision = decisionFromParams(url.searchParams);
  const base = { origin: originOf(context), key: params.categoryId, input, filtered, search: url.search, decision };
  // A renamed, merged or retired category's old address: one permanent move to where it lives now.
  const moved = await movedCategorySlug(context.services.db, params.categoryId);
  if (moved) throw redirect(`/category/${encodeURIComponent(moved)}${url.search}`, 301);
  try {
    const [found, viewer] = await Promise.all([
      getCategoryPage(context.services.db, params.categoryId, input),
      viewerOf(context, request),
    ]);
    // Tools above the viewer's tier are sent without their gated fields (the card is dimmed).
    const view =
      found.found && found.tools
        ? { ...found, tools: { ...found.tools, tools: readerCards(found.tools.tools, tierOf(context, viewer)) } }
        : found;
    // Unknown keys are a 404 (with noindex); invalid filters a 400 that still shows the category.
    const status = !view.found ? 404 : parsed.ok ? 200 : 400;
    return data({ ...base, view, error: parsed.ok ? null : parsed.error, failed: false }, { status });
  } catch (err) {
    context.services.logger.error("category page failed", { requestId: context.requestId, err });
    return data(
      {
        ...base,
        view: { found: false as const, name: unknownCategoryName(params.categoryId), description: "" },
        error: "Error fetching category tools.",
        failed: true,
      },
      { status: 500 },
    );
  }
}

const field = controlClass(undefined, "mt-1");
const label = "block text-sm font-medium text-slate-800 dark:text-slate-200";

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { view, input, error, filtered, search, key, failed, decision } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const name = view.found ? view.category.name : view.name;
  const tools = view.found ? view.tools : null;
  // Filters apply as they change (typing after a pause); Apply submits them without JavaScript.
  const live = useLiveFilters(location.search, (form, replace) => {
    const qs = formQuery(new FormData(form));
    navigate(qs ? `${location.pathname}?${qs}` : location.pathname, { replace, preventScrollReset: true });
    return qs ? `?${qs}` : "";
  });

  return (
    <div>
      <Island
        id="category-heading"
        component={CategoryHeader}
        props={{
          name,
          category: view.found
            ? {
                icon: view.category.icon,
                description: view.category.description,
                toolCount: view.category.toolCount,
                slug: view.category.slug,
              }
            : null,
          description: view.found ? null : (view.description ?? null),
        }}
      />

      {error ? (
        <p
          role="alert"
          className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {error}{" "}
          {failed ? (
            <a href={`${location.pathname}${location.search}`} className="font-medium underline">
              Try again
            </a>
          ) : null}
        </p>
      ) : null}

      {view.found ? (
        <form
          key={live.formKey}
          method="get"
          role="search"
          aria-label={`Filter ${name} tools`}
          onChange={live.onChange}
          onSubmit={live.onSubmit}
          className={cardClassOf("md", "mt-6 grid grid-cols-2 items-end gap-3 lg:grid-cols-[1fr_auto_auto_auto_auto]")}
        >
          <div className="col-span-2 lg:col-span-1">
            <label htmlFor="cat-q" className={label}>
              Search in {name}
            </label>
            <input
              id="cat-q"
              name="q"
              type="search"
              maxLength={200}
              defaultValue={input?.q ?? ""}
              placeholder="Name, tag or description"
              className={field}
            />
          </div>
          <div className="min-w-0">
            <label htmlFor="cat-price" className={label}>
              Price
            </label>
            <select id="cat-price" name="price" defaultValue={input?.price ?? ""} className={field}>
              <option value="">All pricing</option>
              <option value="free">Free</option>
              <option value="paid">Paid</option>
            </select>
          </div>
          <div className="min-w-0">
            <label htmlFor="cat-rating" className={label}>
              Minimum rating
            </label>
            <select
              id="cat-rating"
              name="rating"
              defaultValue={input?.minRating === undefined ? "" : String(input.minRating)}
              className={field}
            >
              <RatingOptions
                choices={RATINGS}
                value={input?.minRating !== undefined ? String(input.minRating) : undefined}
              />
            </select>
          </div>
          <div className="col-span-2 min-w-0 sm:col-span-1">
            <label htmlFor="cat-sort" className={label}>
              Sort
            </label>
            <select id="cat-sort" name="sort" defaultValue={input?.sort ?? ""} className={field}>
              <option value="">{input?.q ? "Best match" : "Best first"}</option>
              {SORT_OPTIONS.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={applyButtonClass(live.enhanced, "col-span-2 font-semibold sm:col-span-1")}>
            Apply
          </button>
          <Island
            id="decision-filters"
            className="col-span-2 lg:col-span-5"
            component={DecisionFiltersPart}
            props={{ values: decision }}
          />
        </form>
      ) : null}

      <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
        {tools ? (
          <p role="status" aria-live="polite" className="mt-6 text-sm text-slate-600 dark:text-slate-400">
            {filtered
              ? `${plural(tools.pagination.total, "tool")} match these filters`
              : plural(tools.pagination.total, "tool")}
            {tools.pagination.totalPages > 1
              ? ` · page ${tools.pagination.page} of ${tools.pagination.totalPages}`
              : ""}
            {filtered ? (
              <>
                {" · "}
                <Link to={location.pathname} className="underline">
                  Clear filters
                </Link>
              </>
            ) : null}
          </p>
        ) : null}

        {tools && tools.tools.length > 0 ? (
          <>
            <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="tool-grid">
              {tools.tools.map((tool) => (
                <ToolCard key={tool.id} tool={tool} />
              ))}
            </div>
            <Island
              id="category-pagination"
              component={Pagination}
              props={{ page: tools.pagination.page, totalPages: tools.pagination.totalPages, search }}
            />
          </>
        ) : null}

        {(tools && tools.tools.length === 0) || (!view.found && !failed) ? (
          <Island
            id="category-no-tools"
            component={NoTools}
            props={{
              found: view.found,
              anyTools: (tools?.pagination.total ?? 0) > 0,
              categoryKey: key,
              pathname: location.pathname,
            }}
          />
        ) : null}
      </div>
    </div>
  );
}
