import type { ChangeEvent } from "react";
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import { FormAlert } from "~/components/account/form-parts";
import { Pagination } from "~/components/pagination";
import { AppError } from "~/lib/accounts.server";
import { requireAdminPage } from "~/lib/admin.server";
import {
  type BulkItem,
  BulkRejectInput,
  bulkDecide,
  DecisionInput,
  decideSubmission,
  listQueue,
  QueueQuery,
  submissionCategories,
} from "~/lib/submissions.server";
import type { Route } from "./+types/moderation";

const STATUSES = [
  { value: "pending", label: "Pending" },
  { value: "needs_revision", label: "Needs revision" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
  { value: "all", label: "All" },
] as const;

export function meta() {
  return [{ title: "Moderation | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const url = new URL(request.url);
  const parsed = QueueQuery.safeParse(Object.fromEntries(url.searchParams));
  // A hand-edited address falls back to the default view rather than failing.
  const query = parsed.success ? parsed.data : QueueQuery.parse({});
  const [queue, categories] = await Promise.all([
    listQueue(context.services.db, query),
    submissionCategories(context.services.db),
  ]);
  return { ...queue, categories, query: { status: query.status, category: query.category ?? "" } };
}

type ActionResult = {
  ok: boolean;
  message?: string;
  error?: string;
  results?: (BulkItem & { name?: string })[];
};

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  const form = await request.formData();
  const intent = form.get("intent");
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const deps = {
    db: context.services.db,
    jobs: context.services.jobs,
    now: context.services.clock.now(),
    requestId: context.requestId,
  };
  const fail = (error: string, status: number) => data<ActionResult>({ ok: false, error }, { status });
  try {
    if (intent === "bulk-approve" || intent === "bulk-reject") {
      const ids = form.getAll("submissionIds").filter((v): v is string => typeof v === "string");
      const parsed = BulkRejectInput.safeParse({
        submissionIds: ids,
        admin_notes: text("admin_notes"),
        rejection_reason: text("rejection_reason"),
      });
      if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? "Bulk action failed", 400);
      const decision = intent === "bulk-approve" ? "approve" : "reject";
      const { summary, results } = await bulkDecide(deps, admin, decision, parsed.data);
      const verb = decision === "approve" ? "approved" : "rejected";
      return {
        ok: summary.failed === 0,
        message: `${summary.successful} ${verb}, ${summary.failed} failed.`,
        results,
      } satisfies ActionResult;
    }
    if (intent === "decide") {
      const parsed = DecisionInput.safeParse({
        decision: text("decision"),
        reason: text("reason"),
        admin_notes: text("admin_notes"),
      });
      if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? "Update failed", 400);
      const r = await decideSubmission(deps, admin, text("id") ?? "", parsed.data);
      const label = r.status.replace("_", " ");
      return { ok: true, message: `Submission ${label}.`, results: [{ id: r.id, ok: true, status: r.status }] };
    }
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return fail(err.message, err.status);
    throw err;
  }
  return fail("Unknown action", 400);
}

const button = "rounded-lg px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 disabled:opacity-60";
const inputCls =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";

/** Select all: ticks every item's box (they belong to the bulk form through its id). */
function toggleAll(event: ChangeEvent<HTMLInputElement>) {
  const boxes = document.querySelectorAll<HTMLInputElement>('input[name="submissionIds"][form="bulk-form"]');
  for (const box of boxes) box.checked = event.currentTarget.checked;
}

export default function Moderation({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result = actionData as ActionResult | undefined;
  const busy = navigation.state === "submitting";
  const { submissions, pagination, categories, query } = loaderData;
  const names = new Map(submissions.map((s) => [s.id, s.name]));
  const { search } = useLocation();

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">Moderation queue</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {pagination.total} {pagination.total === 1 ? "submission" : "submissions"}
            {query.status === "all" ? "" : ` ${query.status.replace("_", " ")}`}
          </p>
        </div>
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            Status
            <select name="status" defaultValue={query.status} className={inputCls}>
              {STATUSES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            Category
            <select name="category" defaultValue={query.category} className={inputCls}>
              <option value="">All categories</option>
              {categories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={`${button} border border-slate-300 dark:border-slate-600`}>
            Filter
          </button>
        </Form>
      </div>

      <div className="mt-4 space-y-2" aria-live="polite">
        {result?.error ? <FormAlert>{result.error}</FormAlert> : null}
        {result?.message ? (
          <FormAlert tone={result.ok ? "success" : "error"}>
            <span data-testid="moderation-result">{result.message}</span>
            {result.results?.some((r) => !r.ok) ? (
              <ul className="mt-1 list-disc pl-5">
                {result.results
                  .filter((r) => !r.ok)
                  .map((r) => (
                    <li key={r.id}>
                      {names.get(r.id) ?? r.id}: {r.error}
                    </li>
                  ))}
              </ul>
            ) : null}
          </FormAlert>
        ) : null}
      </div>

      <Form
        method="post"
        id="bulk-form"
        className="mt-4 grid gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-800"
      >
        <label className="text-sm">
          Rejection reason <span className="text-slate-500">(required to reject)</span>
          <textarea name="rejection_reason" rows={2} className={inputCls} />
        </label>
        <label className="text-sm">
          Admin notes <span className="text-slate-500">(optional)</span>
          <textarea name="admin_notes" rows={2} className={inputCls} />
        </label>
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
          <label className="mr-2 flex items-center gap-2 text-sm">
            <input type="checkbox" onChange={toggleAll} aria-controls="queue" data-testid="select-all" />
            Select all on this page
          </label>
          <button
            type="submit"
            name="intent"
            value="bulk-approve"
            disabled={busy}
            className={`${button} bg-emerald-600 text-white hover:bg-emerald-700`}
          >
            Bulk approve
          </button>
          <button
            type="submit"
            name="intent"
            value="bulk-reject"
            disabled={busy}
            className={`${button} bg-red-600 text-white hover:bg-red-700`}
          >
            Bulk reject
          </button>
          <button type="reset" className={`${button} border border-slate-300 dark:border-slate-600`}>
            Clear
          </button>
        </div>
      </Form>

      {submissions.length === 0 ? (
        <p className="mt-8 text-center text-slate-600 dark:text-slate-400">No submissions here.</p>
      ) : (
        <ul id="queue" className="mt-4 space-y-3">
          {submissions.map((s) => {
            const open = s.status === "pending" || s.status === "needs_revision";
            return (
              <li
                key={s.id}
                data-testid="queue-item"
                className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
              >
                <div className="flex flex-wrap items-start gap-3">
                  {open ? (
                    <input
                      type="checkbox"
                      name="submissionIds"
                      value={s.id}
                      form="bulk-form"
                      aria-label={`Select ${s.name}`}
                      className="mt-1.5"
                    />
                  ) : null}
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">
                      {s.name}{" "}
                      <span className="text-xs font-normal text-slate-500">
                        {s.category} · {s.status.replace("_", " ")}
                        {s.revisions ? ` · revised ${s.revisions}×` : ""}
                      </span>
                    </p>
                    <a
                      href={s.url}
                      rel="noopener noreferrer nofollow"
                      target="_blank"
                      className="text-sm break-all text-brand-700 underline dark:text-brand-100"
                    >
                      {s.url}
                    </a>
                    <p className="mt-1 text-sm user-text whitespace-pre-line text-slate-700 dark:text-slate-300">
                      {s.description}
                    </p>
                    <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                      By {s.submitter.name} ({s.submitter.email}){s.maker_relation ? ` · ${s.maker_relation}` : ""}
                      {s.provider ? ` · ${s.provider}` : ""} · {s.pricing_model.replace("_", " ")} · submitted{" "}
                      {s.submitted_at.slice(0, 10)}
                      {s.tags.length ? ` · tags: ${s.tags.join(", ")}` : ""}
                    </p>
                    {s.reason ? <p className="mt-1 text-sm">Reason: {s.reason}</p> : null}
                    {s.admin_notes ? <p className="mt-1 text-sm text-slate-500">Notes: {s.admin_notes}</p> : null}
                    {s.tool_slug ? (
                      <Link to={`/tools/${s.tool_slug}`} className="text-sm underline">
                        Live tool
                      </Link>
                    ) : null}
                  </div>
                </div>
                {open ? (
                  <Form method="post" className="mt-3 grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
                    <input type="hidden" name="intent" value="decide" />
                    <input type="hidden" name="id" value={s.id} />
                    <label className="text-sm">
                      Reason <span className="text-slate-500">(for reject / revision)</span>
                      <input name="reason" className={inputCls} />
                    </label>
                    <label className="text-sm">
                      Admin notes
                      <input name="admin_notes" className={inputCls} />
                    </label>
                    <div className="flex flex-wrap gap-1.5">
                      <button
                        type="submit"
                        name="decision"
                        value="approve"
                        disabled={busy}
                        className={`${button} bg-emerald-600 text-white`}
                      >
                        Approve<span className="sr-only"> {s.name}</span>
                      </button>
                      <button
                        type="submit"
                        name="decision"
                        value="reject"
                        disabled={busy}
                        className={`${button} bg-red-600 text-white`}
                      >
                        Reject<span className="sr-only"> {s.name}</span>
                      </button>
                      <button
                        type="submit"
                        name="decision"
                        value="needs_revision"
                        disabled={busy}
                        className={`${button} border border-slate-300 dark:border-slate-600`}
                      >
                        Needs revision<span className="sr-only"> {s.name}</span>
                      </button>
                    </div>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={pagination.page} totalPages={pagination.totalPages} search={search} />
    </div>
  );
}
