import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { badgeClass, buttonClass, cardClass, controlClass, Notice } from "~/components/ui";
import { adminActor, requireAdminPage } from "~/lib/admin.server";
import {
  allTasks,
  decideTaskTool,
  requestDerivedRefresh,
  TaskToolDecision,
  taskToolsForAdmin,
} from "~/lib/catalog.server";
import { formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/tasks";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [{ title: "Tasks | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/**
 * Issue 32: editors keep or drop the tools rules proposed for a task (or add one the rules missed).
 * Each decision is stored with the editor's id and an audit row; recomputations never override it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const { db } = context.services;
  const url = new URL(request.url);
  const tasks = await allTasks(db);
  const slug = url.searchParams.get("task");
  const task = slug ? (tasks.find((t) => t.slug === slug) ?? null) : null;
  return {
    tasks,
    task,
    rows: task ? await taskToolsForAdmin(db, task.slug) : [],
    saved: url.searchParams.get("saved"),
    refreshing: url.searchParams.has("refreshing"),
  };
}

const TaskIntent = z.discriminatedUnion("intent", [
  TaskToolDecision.extend({ intent: z.literal("decide") }),
  z.object({ intent: z.literal("refresh") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  const { db, jobs, clock } = context.services;
  return formAction(request, TaskIntent, async (input) => {
    switch (input.intent) {
      case "decide": {
        const done = await decideTaskTool(db, { actor: adminActor(admin, context), now: clock.now() }, input);
        return redirect(`/admin/tasks?task=${encodeURIComponent(done.task)}&saved=${encodeURIComponent(done.tool)}`);
      }
      case "refresh":
        await requestDerivedRefresh(jobs);
        return redirect("/admin/tasks?refreshing=1");
    }
  });
}

function Decide({ task, tool, decision, label }: { task: string; tool: string; decision: string; label: string }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value="decide" />
      <input type="hidden" name="task" value={task} />
      <input type="hidden" name="tool" value={tool} />
      <input type="hidden" name="decision" value={decision} />
      <button type="submit" className={buttonClass(decision === "rejected" ? "danger" : "secondary", "xs")}>
        {label}
      </button>
    </Form>
  );
}

const TONE = { accepted: "success", proposed: "neutral", rejected: "danger" } as const;

export default function AdminTasks({ loaderData }: Route.ComponentProps) {
  const { tasks, task, rows, saved, refreshing } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold">Tasks</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {tasks.length} tasks from the taxonomy file. Rules propose tools; what you accept or reject stays.
      </p>
      {refreshing ? <Notice tone="success">A full recomputation is queued.</Notice> : null}
      {saved ? <Notice tone="success">Saved the decision on {saved}.</Notice> : null}
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <Form method="get" className="flex items-end gap-2">
          <label className="text-sm font-medium">
            Task
            <select name="task" defaultValue={task?.slug ?? ""} className={controlClass(undefined, "mt-1")}>
              <option value="">Choose a task</option>
              {tasks.map((t) => (
                <option key={t.slug} value={t.slug}>
                  {t.group} — {t.name} ({t.tool_count})
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClass("secondary")}>
            Show
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="refresh" />
          <button type="submit" className={buttonClass("ghost")}>
            Recompute all proposals
          </button>
        </Form>
      </div>
      {task ? (
        <section className={`${cardClass} mt-6 p-4`} aria-labelledby="task-tools-admin">
          <h2 id="task-tools-admin" className="text-lg font-semibold">
            <Link to={`/tasks/${task.slug}`} className="underline">
              {task.name}
            </Link>
          </h2>
          <Form method="post" className="mt-3 flex items-end gap-2">
            <input type="hidden" name="intent" value="decide" />
            <input type="hidden" name="task" value={task.slug} />
            <input type="hidden" name="decision" value="accepted" />
            <label className="text-sm font-medium">
              Add a tool by slug
              <input name="tool" required maxLength={200} className={controlClass(undefined, "mt-1")} />
            </label>
            <button type="submit" className={buttonClass("secondary")}>
              Accept
            </button>
          </Form>
          <table className="mt-4 w-full text-sm" data-testid="admin-task-tools">
            <thead>
              <tr className="text-left">
                <th>Tool</th>
                <th>Status</th>
                <th>How</th>
                <th>Score</th>
                <th>Decide</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.slug} className="border-t border-slate-200 dark:border-slate-700">
                  <td className="py-1.5">
                    <Link to={`/tools/${r.slug}`} className="underline">
                      {r.name}
                    </Link>
                  </td>
                  <td>
                    <span className={badgeClass(TONE[r.status])}>{r.status}</span>
                  </td>
                  <td>
                    {r.method} · {r.source}
                  </td>
                  <td>{r.score.toFixed(2)}</td>
                  <td className="space-x-1">
                    {r.status !== "accepted" ? (
                      <Decide task={task.slug} tool={r.slug} decision="accepted" label="Accept" />
                    ) : null}
                    {r.status !== "rejected" ? (
                      <Decide task={task.slug} tool={r.slug} decision="rejected" label="Reject" />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </div>
  );
}
