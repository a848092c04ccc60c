import { data, Form, Link } from "react-router";
import { z } from "zod";
import { buttonClass, controlClass } from "~/components/ui-classes";
import { listTasks, taskGroups } from "~/lib/catalog.server";
import { firstIssue } from "~/lib/form-action.server";
import { plural } from "~/lib/format";
import { originOf } from "~/lib/site-origin.server";
import type { Route } from "./+types/index";

/** /tasks (issue 32): every job people hire AI tools for, by group, with its number of tools. */
export function meta({ data }: Route.MetaArgs) {
  const origin = data?.origin ?? "";
  return [
    {
      title: data?.q
        ? `Tasks matching “${data.q}” | Toolscape`
        : "What do you want to do? AI tools by task | Toolscape",
    },
    {
      name: "description",
      content: `${plural(data?.total ?? 0, "job")} people hire AI tools for — summarise a video, remove an image background, write unit tests — each with the tools that do it.`,
    },
    { name: "robots", content: data?.q || data?.error ? "noindex, follow" : "index, follow" },
    { tagName: "link", rel: "canonical", href: `${origin}/tasks` },
  ];
}

const Query = z.object({ q: z.string().trim().max(100, "Keep the search under 100 characters").optional() });

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { db } = context.services;
  const origin = originOf(context);
  const parsed = Query.safeParse({ q: url.searchParams.get("q") ?? undefined });
  const groups = await taskGroups(db);
  const total = groups.reduce((n, g) => n + g.tasks.length, 0);
  if (!parsed.success) {
    return data(
      { origin, q: null, error: firstIssue(parsed.error, "Invalid search"), groups, total, matches: null },
      { status: 400 },
    );
  }
  const q = parsed.data.q || null;
  const matches = q ? (await listTasks(db, { query: q, limit: 100 })).tasks : null;
  return { origin, q, error: null, groups: q ? [] : groups, total, matches };
}

function TaskLink({ task }: { task: { slug: string; name: string; tool_count: number } }) {
  return (
    <li>
      <Link
        to={`/tasks/${task.slug}`}
        className="text-brand-700 underline decoration-brand-700/30 underline-offset-2 hover:decoration-current dark:text-brand-100 dark:decoration-brand-100/40"
      >
        {task.name}
      </Link>{" "}
      <span className="text-sm text-slate-600 dark:text-slate-400">({plural(task.tool_count, "tool")})</span>
    </li>
  );
}

export default function Tasks({ loaderData }: Route.ComponentProps) {
  const { q, error, groups, total, matches } = loaderData;
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight">What do you want to do?</h1>
      <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">
        {plural(total, "job")} people hire AI tools for, each with the tools that do it. Pick yours.
      </p>
      <Form method="get" role="search" aria-label="Search tasks" className="mt-6 flex max-w-xl gap-2">
        <label htmlFor="task-q" className="sr-only">
          Describe the job
        </label>
        <input
          id="task-q"
          name="q"
          type="search"
          defaultValue={q ?? ""}
          maxLength={100}
          placeholder="Describe the job, e.g. summarise youtube videos"
          className={controlClass()}
        />
        <button type="submit" className={buttonClass()}>
          Find
        </button>
      </Form>
      {error ? (
        <p role="alert" className="mt-6 text-red-800 dark:text-red-200">
          {error}
        </p>
      ) : null}
      {matches ? (
        <section aria-labelledby="task-matches" className="mt-8">
          <h2 id="task-matches" className="text-2xl font-bold">
            {plural(matches.length, "task")} matching “{q}”
          </h2>
          {matches.length ? (
            <ul className="mt-4 space-y-2" data-testid="task-matches">
              {matches.map((t) => (
                <TaskLink key={t.slug} task={t} />
              ))}
            </ul>
          ) : (
            <p className="mt-4">
              No task matches. <Link to={`/search?q=${encodeURIComponent(q ?? "")}`}>Search the tools</Link> or{" "}
              <Link to="/tasks">see every task</Link>.
            </p>
          )}
        </section>
      ) : null}
      <div className="mt-8 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3" data-testid="task-groups">
        {groups.map((g) => (
          <section key={g.group} aria-labelledby={`group-${g.tasks[0]?.slug}`}>
            <h2 id={`group-${g.tasks[0]?.slug}`} className="text-xl font-semibold">
              {g.group}
            </h2>
            <ul className="mt-3 space-y-1.5">
              {g.tasks.map((t) => (
                <TaskLink key={t.slug} task={t} />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
