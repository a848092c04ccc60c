import { data, Link } from "react-router";
import { getTool } from "~/lib/catalog.server";
import type { Route } from "./+types/detail";

export function meta({ data }: Route.MetaArgs) {
  if (!data?.tool) return [{ title: "Tool Not Found | Toolscape" }];
  const { tool } = data;
  return [
    { title: tool.meta_title ?? `${tool.name} — ${tool.category} | Toolscape` },
    { name: "description", content: tool.meta_description ?? tool.description },
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const tool = await getTool(context.services.db, params.idOrSlug);
  if (!tool) return data({ tool: null }, { status: 404 });
  return { tool };
}

function List({ title, items }: { title: string; items: string[] }) {
  if (!items.length) return null;
  return (
    <section className="mt-8">
      <h2 className="text-xl font-semibold">{title}</h2>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

export default function ToolDetail({ loaderData }: Route.ComponentProps) {
  const { tool } = loaderData;
  if (!tool) {
    return (
      <div className="py-16 text-center">
        <h1 className="text-3xl font-bold">Tool Not Found</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">
          The tool you're looking for doesn't exist or has been removed.
        </p>
        <Link
          to="/tools"
          className="mt-6 inline-block rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          Browse All Tools
        </Link>
      </div>
    );
  }
  return (
    <article className="grid gap-8 lg:grid-cols-[1fr_18rem]">
      <div>
        <nav aria-label="Breadcrumb" className="text-sm text-slate-500 dark:text-slate-400">
          <Link to="/" className="hover:underline">
            Home
          </Link>{" "}
          /{" "}
          <Link to="/tools" className="hover:underline">
            Tools
          </Link>{" "}
          /{" "}
          <Link to={`/tools?category=${tool.category_slug}`} className="hover:underline">
            {tool.category}
          </Link>
        </nav>
        <h1 className="mt-3 text-4xl font-bold tracking-tight">{tool.name}</h1>
        <p className="mt-2 text-slate-500 dark:text-slate-400">
          {tool.category} · {tool.pricing_model} · by {tool.company_name}
        </p>
        <p className="mt-6 text-lg text-slate-800 dark:text-slate-200">{tool.full_description || tool.description}</p>
        {tool.tags.length ? (
          <ul className="mt-6 flex flex-wrap gap-2" aria-label="Tags">
            {tool.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-sm dark:bg-slate-800">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <List title="Features" items={tool.features} />
        <List title="Use cases" items={tool.use_cases} />
      </div>
      <aside className="h-fit rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <a
          href={tool.website_url}
          rel="noopener noreferrer nofollow"
          target="_blank"
          className="block rounded-lg bg-brand-600 px-4 py-2 text-center font-medium text-white hover:bg-brand-700"
        >
          Visit Website
        </a>
        <dl className="mt-4 space-y-2 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-500 dark:text-slate-400">Rating</dt>
            <dd>{tool.review_count > 0 ? `★ ${tool.rating.toFixed(1)} (${tool.review_count})` : "No reviews yet"}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-500 dark:text-slate-400">Pricing</dt>
            <dd>{tool.pricing_model}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-500 dark:text-slate-400">Category</dt>
            <dd>{tool.category}</dd>
          </div>
        </dl>
      </aside>
    </article>
  );
}
