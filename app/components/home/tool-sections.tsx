import { Link } from "react-router";
import { ToolCard, type ToolCardData } from "~/components/tool-card";

/**
 * The home page's tool sections (issue 36: the home page leads with tools, like the directories
 * people know): a heading with its "see all" link and a row of small cards.
 */
export function ToolStrip({
  id,
  title,
  note,
  more,
  tools,
}: {
  id: string;
  title: string;
  note?: string;
  more: { href: string; label: string };
  tools: ToolCardData[];
}) {
  if (!tools.length) return null;
  return (
    <section aria-labelledby={id} data-testid={id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-2xl font-bold">
          {title}
        </h2>
        <Link to={more.href} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100">
          {more.label}
        </Link>
      </div>
      {note ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{note}</p> : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tools.map((t) => (
          <ToolCard key={t.id} tool={t} size="small" />
        ))}
      </div>
    </section>
  );
}

/** The jobs people hire AI tools for, with how many tools do each: the way in by task. */
export function TaskChips({ tasks }: { tasks: { slug: string; name: string; tool_count: number }[] }) {
  if (!tasks.length) return null;
  return (
    <section aria-labelledby="by-task" data-testid="home-tasks">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="by-task" className="text-2xl font-bold">
          Find a tool by task
        </h2>
        <Link to="/tasks" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100">
          All tasks →
        </Link>
      </div>
      <ul className="mt-4 flex flex-wrap gap-2">
        {tasks.map((t) => (
          <li key={t.slug}>
            <Link
              to={`/tasks/${t.slug}`}
              className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white px-3.5 py-1.5 text-sm font-medium text-slate-800 hover:border-brand-400 hover:text-brand-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:border-brand-400 dark:hover:text-brand-100"
            >
              {t.name}
              <span className="text-xs font-normal text-slate-600 dark:text-slate-400">{t.tool_count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
