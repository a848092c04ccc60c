import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AppError } from "~/lib/accounts.server";
import { adminActor, requireAdminPage } from "~/lib/admin.server";
import type { BetaCard } from "~/lib/content.server";
import {
  BetaForm,
  BetaTarget,
  createBeta,
  deleteBeta,
  listBetaForAdmin,
  setBetaActive,
  updateBeta,
} from "~/lib/content.server";
import { BETA_CATEGORIES, BETA_CATEGORY_LABELS, BETA_STATUS_LABELS } from "~/lib/content-labels";
import type { Route } from "./+types/beta";

export function meta() {
  return [{ title: "Beta programs | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const url = new URL(request.url);
  const programs = await listBetaForAdmin(context.services.db, context.services.clock.now());
  const editId = url.searchParams.get("edit");
  const editing = editId ? (programs.find((p) => p.id === editId) ?? null) : null;
  return { programs, editing, notice: url.searchParams.get("notice") };
}

type ActionResult = { ok: false; message: string; values?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdminPage(context, request);
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const actor = adminActor(viewer, context);
  const { db, clock } = context.services;
  const now = clock.now();
  const fail = (status: number, message: string) =>
    data<ActionResult>({ ok: false, message, values: form }, { status });
  try {
    if (form.intent === "create" || form.intent === "update") {
      const input = BetaForm.safeParse(form);
      if (!input.success) return fail(400, input.error.issues[0]?.message ?? "Invalid input");
      if (form.intent === "create") {
        await createBeta(db, actor, input.data, now);
        return redirect("/admin/beta?notice=Program+created");
      }
      const target = BetaTarget.safeParse(form);
      if (!target.success) return fail(400, target.error.issues[0]?.message ?? "Beta program not found");
      await updateBeta(db, actor, target.data.id, input.data, now);
      return redirect("/admin/beta?notice=Program+saved");
    }
    if (form.intent === "deactivate" || form.intent === "activate" || form.intent === "delete") {
      const target = BetaTarget.safeParse(form);
      if (!target.success) return fail(400, target.error.issues[0]?.message ?? "Beta program not found");
      if (form.intent === "delete") await deleteBeta(db, actor, target.data.id, now);
      else await setBetaActive(db, actor, target.data.id, form.intent === "activate", now);
      return redirect(`/admin/beta?notice=Program+${form.intent === "delete" ? "deleted" : `${form.intent}d`}`);
    }
    return fail(400, "Unknown action");
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return fail(err.status, err.message);
    throw err;
  }
}

const input = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800";
const button =
  "rounded-md border border-slate-300 px-2 py-1 text-sm font-medium hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800";

function formValues(p: BetaCard | null, sent?: Record<string, string>): Record<string, string> {
  if (sent) return sent;
  if (!p) return { category: "language-models", durationWeeks: "4" };
  return {
    tool: p.toolSlug,
    provider: p.provider,
    description: p.description,
    category: p.category,
    spots: String(p.spots),
    startsOn: p.startsAt.slice(0, 10),
    durationWeeks: String(p.durationWeeks),
    benefits: p.benefits.join("\n"),
    requirements: p.requirements.join("\n"),
    featured: p.featured ? "on" : "",
  };
}

export default function AdminBeta({ loaderData, actionData }: Route.ComponentProps) {
  const { programs, editing, notice } = loaderData;
  const busy = useNavigation().state === "submitting";
  const v = formValues(editing, actionData?.values);
  return (
    <div className="space-y-8">
      {notice ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {notice}
        </p>
      ) : null}
      <section aria-labelledby="beta-form-title">
        <h2 id="beta-form-title" className="text-xl font-semibold">
          {editing ? `Edit the ${editing.toolName} program` : "Add a beta program"}
        </h2>
        <Form method="post" key={editing?.id ?? "new"} className="mt-4 grid max-w-3xl gap-3 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value={editing ? "update" : "create"} />
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          <label className="flex flex-col text-sm">
            Tool (slug or id)
            <input name="tool" defaultValue={v.tool} className={input} placeholder="e.g. midjourney" />
          </label>
          <label className="flex flex-col text-sm">
            Provider (empty: the tool's)
            <input name="provider" defaultValue={v.provider} maxLength={120} className={input} />
          </label>
          <label className="flex flex-col text-sm sm:col-span-2">
            Description
            <textarea name="description" defaultValue={v.description} rows={2} maxLength={600} className={input} />
          </label>
          <label className="flex flex-col text-sm">
            Category
            <select name="category" defaultValue={v.category} className={input}>
              {BETA_CATEGORIES.filter((c) => c.key !== "all").map((c) => (
                <option key={c.key} value={c.key}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col text-sm">
            Spots
            <input name="spots" defaultValue={v.spots} inputMode="numeric" className={input} />
          </label>
          <label className="flex flex-col text-sm">
            Start date
            <input name="startsOn" type="date" defaultValue={v.startsOn} className={input} />
          </label>
          <label className="flex flex-col text-sm">
            Duration (weeks)
            <input name="durationWeeks" defaultValue={v.durationWeeks} inputMode="numeric" className={input} />
          </label>
          <label className="flex flex-col text-sm">
            Benefits (one per line)
            <textarea name="benefits" defaultValue={v.benefits} rows={3} className={input} />
          </label>
          <label className="flex flex-col text-sm">
            Requirements (one per line)
            <textarea name="requirements" defaultValue={v.requirements} rows={3} className={input} />
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input name="featured" type="checkbox" defaultChecked={v.featured === "on" || v.featured === "true"} />
            Featured
          </label>
          {actionData?.message ? (
            <p role="alert" className="text-sm text-red-700 sm:col-span-2 dark:text-red-300">
              {actionData.message}
            </p>
          ) : null}
          <div className="flex gap-2 sm:col-span-2">
            <button
              type="submit"
              disabled={busy}
              className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white disabled:opacity-60"
            >
              {editing ? "Save program" : "Add program"}
            </button>
            {editing ? (
              <Link to="/admin/beta" className="rounded-lg border border-slate-300 px-4 py-2 dark:border-slate-600">
                Cancel
              </Link>
            ) : null}
          </div>
        </Form>
      </section>

      <section aria-labelledby="beta-list-title">
        <h2 id="beta-list-title" className="text-xl font-semibold">
          Beta programs ({programs.length})
        </h2>
        {programs.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            No programs yet. /beta shows its empty state.
          </p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th className="py-2 pr-3">Tool</th>
                  <th className="py-2 pr-3">Category</th>
                  <th className="py-2 pr-3">Spots taken</th>
                  <th className="py-2 pr-3">Starts</th>
                  <th className="py-2 pr-3">Status</th>
                  <th className="py-2">Actions</th>
                </tr>
              </thead>
              <tbody>
                {programs.map((p) => (
                  <tr key={p.id} className="border-b border-slate-100 align-top dark:border-slate-800">
                    <td className="py-2 pr-3">
                      {p.toolName}
                      {p.featured ? <span className="ml-1 text-xs text-amber-700">★ featured</span> : null}
                    </td>
                    <td className="py-2 pr-3">{BETA_CATEGORY_LABELS[p.category]}</td>
                    <td className="py-2 pr-3">
                      {p.spotsTaken} / {p.spots}
                    </td>
                    <td className="py-2 pr-3">
                      {p.startsAt.slice(0, 10)} · {p.durationWeeks} wk
                    </td>
                    <td className="py-2 pr-3">{p.active ? BETA_STATUS_LABELS[p.status] : "Inactive"}</td>
                    <td className="py-2">
                      <div className="flex flex-wrap gap-1">
                        <Link to={`/admin/beta?edit=${p.id}`} className={button}>
                          Edit
                        </Link>
                        <Form method="post">
                          <input type="hidden" name="id" value={p.id} />
                          <button
                            type="submit"
                            name="intent"
                            value={p.active ? "deactivate" : "activate"}
                            className={button}
                          >
                            {p.active ? "Deactivate" : "Activate"}
                          </button>
                        </Form>
                        <Form method="post">
                          <input type="hidden" name="id" value={p.id} />
                          <button type="submit" name="intent" value="delete" className={button}>
                            Delete
                          </button>
                        </Form>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
