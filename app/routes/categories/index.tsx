import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import { CategoryCard } from "~/components/categories/category-card";
import { buttonClass, cardClassOf, controlClass } from "~/components/ui-classes";
import { CategoryListParams, filterCategories, listCategories } from "~/lib/catalog.server";
import { firstIssue } from "~/lib/form-action.server";
import { plural } from "~/lib/format";
import { originOf } from "~/lib/site-origin.server";
import type { Route } from "./+types/index";

export function meta({ data }: Route.MetaArgs) {
  const origin = data?.origin ?? "";
  // Every category the page shows: the featured ones lead, the rest follow.
  const shown = [...(data?.featured ?? []), ...(data?.categories ?? [])];
  return [
    { title: data?.q ? `Categories matching “${data.q}” | Toolscape` : "AI Tool Categories | Toolscape" },
    {
      name: "description",
      content: `Browse ${plural(data?.total ?? 0, "category", "categories")} of AI tools, from writing and image generation to code and productivity, with real tool counts.`,
    },
    { name: "robots", content: data?.q || data?.error ? "noindex, follow" : "index, follow" },
    { tagName: "link", rel: "canonical", href: `${origin}/categories` },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "ItemList",
        name: "AI tool categories",
        numberOfItems: shown.length,
        itemListElement: shown.map((c, i) => ({
          "@type": "ListItem",
          position: i + 1,
          name: c.name,
          url: `${origin}/tools?category=${encodeURIComponent(c.slug)}`,
        })),
      },
    },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const origin = originOf(context);
  const parsed = CategoryListParams.safeParse({ q: url.searchParams.get("q") ?? undefined });
  const all = await listCategories(context.services.db);
  const base = { origin, total: all.length, toolTotal: all.reduce((n, c) => n + c.toolCount, 0) };
  if (!parsed.success) {
    const error = firstIssue(parsed.error, "Invalid search");
    return data({ ...base, q: null, error, featured: [], categories: [] }, { status: 400 });
  }
  const q = parsed.data.q || null;
  const categories = filterCategories(all, q ?? undefined);
  // Unfiltered, the featured categories lead and the rest follow: each category is shown once.
  const featured = q ? [] : all.filter((c) => c.featured);
  return {
    ...base,
    q,
    error: null,
    featured,
    categories: featured.length ? categories.filter((c) => !c.featured) : categories,
  };
}

const SEARCH_DELAY_MS = 250;

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { q, error, featured, categories, total, toolTotal } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const filtering = navigation.state === "loading" && navigation.location.pathname === "/categories";

  // With JavaScript the list filters as you type (the server still does the filtering).
  const onInput = (event: React.FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const value = new FormData(form).get("q")?.toString().trim() ?? "";
      submit(value ? { q: value } : {}, {
        method: "get",
        action: "/categories",
        replace: true,
        preventScrollReset: true,
      });
    }, SEARCH_DELAY_MS);
  };

  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight">AI Tool Categories</h1>
      <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">
        {plural(total, "category", "categories")} covering {plural(toolTotal, "AI tool")}. Pick one to browse its tools.
      </p>
      <Form
        method="get"
        role="search"
        aria-label="Search categories"
        onInput={onInput}
        className="mt-6 flex max-w-xl gap-2"
      >
        <label htmlFor="category-q" className="sr-only">
          Search categories
        </label>
        <input
          id="category-q"
          name="q"
          type="search"
          defaultValue={q ?? ""}
          maxLength={100}
          placeholder="Search categories by name or description"
          className={controlClass()}
        />
        <button type="submit" className={buttonClass()}>
          Search
        </button>
      </Form>
      <p role="status" className="sr-only">
        {filtering ? "Filtering…" : q ? `${plural(categories.length, "category", "categories")} found` : ""}
      </p>

      {error ? (
        <p
          role="alert"
          className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {error}
        </p>
      ) : null}

      <div aria-busy={filtering} className={filtering ? "opacity-60 transition-opacity" : undefined}>
        {featured.length ? (
          <section aria-labelledby="featured-categories" className="mt-10">
            <h2 id="featured-categories" className="text-2xl font-bold">
              Featured categories
            </h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {featured.map((c) => (
                <li key={c.id} className="flex [&>*]:flex-1">
                  <CategoryCard category={c} featured />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {!error ? (
          <section aria-labelledby="all-categories" className="mt-10">
            <h2 id="all-categories" className="text-2xl font-bold">
              {q
                ? `${plural(categories.length, "category", "categories")} matching “${q}”`
                : featured.length
                  ? "More categories"
                  : "All categories"}
            </h2>
            {categories.length ? (
              <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="category-grid">
                {categories.map((c) => (
                  <li key={c.id} className="flex [&>*]:flex-1">
                    <CategoryCard category={c} />
                  </li>
                ))}
              </ul>
            ) : (
              <div className="mt-6 rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
                <p className="text-lg font-semibold">No categories found</p>
                <p className="mt-1 text-slate-600 dark:text-slate-400">Try another word, or browse every tool.</p>
                <Link to="/categories" className="mt-4 inline-block text-brand-700 underline dark:text-brand-100">
                  Clear search
                </Link>
              </div>
            )}
          </section>
        ) : null}
      </div>

      <section aria-labelledby="categories-more" className={cardClassOf("md", "mt-12 p-6 text-center")}>
        <h2 id="categories-more" className="text-xl font-semibold">
          Can't find what you're looking for?
        </h2>
        <p className="mt-1 text-slate-600 dark:text-slate-400">Browse the whole catalogue or tell us what's missing.</p>
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          <Link to="/tools" className={buttonClass()}>
            Browse all tools
          </Link>
          <Link to="/contact" className={buttonClass("secondary")}>
            Suggest a category
          </Link>
        </div>
      </section>
    </div>
  );
}
