import { Link } from "react-router";

export type ToolCardData = {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string;
  pricing_model: string;
  tags: string[];
  rating: number;
  review_count: number;
  is_featured: boolean;
};

export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export function ToolCard({ tool }: { tool: ToolCardData }) {
  return (
    <article className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-base font-semibold">
          <Link to={`/tools/${tool.slug}`} className="hover:text-brand-700 dark:hover:text-brand-100">
            {tool.name}
          </Link>
        </h3>
        {tool.is_featured ? (
          <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
            Featured
          </span>
        ) : null}
      </div>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {tool.category} · {tool.pricing_model}
      </p>
      <p className="mt-3 flex-1 text-sm text-slate-700 dark:text-slate-300">{cut(tool.description, 120)}</p>
      {tool.tags.length ? (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
          {tool.tags.slice(0, 3).map((tag) => (
            <li
              key={tag}
              className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300"
            >
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">
        {tool.review_count > 0 ? `★ ${tool.rating.toFixed(1)} (${tool.review_count})` : "No reviews yet"}
      </p>
    </article>
  );
}
