import type { ChangeEvent } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import { FormAlert } from "~/components/account/form-parts";
import { Pagination } from "~/components/pagination";
import { Button, cardClass, Field, Input, Select, Textarea } from "~/components/ui";
import { requireAdminPage } from "~/lib/admin.server";
import { failureOf, formMessage } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import {
  type BulkItem,
  BulkRejectInput,
  bulkDecide,
  DecisionInput,
  decideSubmission,
  listQueue,
  QueueQuery,
  REOPEN_WINDOW_DAYS,
  ReopenInput,
  reopenSubmission,
  submissionCategories,
} from "~/lib/submissions.server";
import type { Route } from "./+types/moderation";

export { shouldRevalidate } from "~/lib/revalidate";

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
  // Decisions made after this instant can still be reopened (issue 21).
  const reopenSince = new Date(context.services.clock.now().getTime() - REOPEN_WINDOW_DAYS * 86_400_000).toISOString();
  return {
    ...queue,
    categories,
    reopenSince,
    reopenDays: REOPEN_WINDOW_DAYS,
    query: { status: query.status, category: query.category ?? "" },
  };
}

type ActionResult = {
  ok: boolean;
  message?: string;
  results?: (BulkItem & { name?: string })[];
};

const SubmissionId = z.string().max(64, "Submission not found");
const Intents = z.discriminatedUnion("intent", [
  BulkRejectInput.extend({ intent: z.enum(["bulk-approve", "bulk-reject"]) }),
  DecisionInput.extend({ intent: z.literal("decide"), id: SubmissionId }),
  ReopenInput.extend({ intent: z.literal("reopen"), id: SubmissionId }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  const deps = {
    db: context.services.db,
    jobs: context.services.jobs,
    now: context.services.clock.now(),
    requestId: context.requestId,
  };
  const bulk = async (decision: "approve" | "reject", input: z.output<typeof BulkRejectInput>) => {
    const { summary, results } = await bulkDecide(deps, admin, decision, input);
    const verb = decision === "approve" ? "approved" : "rejected";
    return { ok: summary.failed === 0, message: `${summary.successful} ${verb}, ${summary.failed} failed.`, results };
  };
  return formAction(
    request,
    Intents,
    async (input): Promise<ActionResult> => {
      switch (input.intent) {
        case "bulk-approve":
          return bulk("approve", input);
        case "bulk-reject":
          return bulk("reject", input);
        case "decide": {
          const r = await decideSubmission(deps, admin, input.id, input);
          const label = r.status.replace("_", " ");
          return { ok: true, message: `Submission ${label}.`, results: [{ id: r.id, ok: true, status: r.status }] };
        }
        case "reopen": {
          const r = await reopenSubmission(deps, admin, input.id, input.reason, input.confirm === "on");
          return {
            ok: true,
            message: "Decision reopened: the submission is back in the queue and the maker has been told.",
            results: [{ id: r.id, ok: true, status: r.status }],
          };
        }
      }
    },
    { arrays: ["submissionIds"] },
  );
}

/** Select all: ticks every item's box (they belong to the bulk form through its id). */
function toggleAll(event: ChangeEvent<HTMLInputElement>) {
  const boxes = document.querySelectorAll<HTMLInputElement>('input[name="submissionIds"][form="bulk-form"]');
  for (const box of boxes) box.checked = event.currentTarget.checked;
}

/** The intent of the per-submission reopen form, whose refusals show at that submission. */
const REOPEN = "reopen";

export default function Moderation({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const failed = failureOf(actionData);
  const result = failed ? undefined : (actionData as ActionResult | undefined);
  const busy = navigation.state === "submitting";
  const { submissions, pagination, categories, query, reopenSince, reopenDays } = loaderData;
  const names = new Map(submissions.map((s) => [s.id, s.name]));
  // A refused reopen shows its message at the field of the submission it was for, not in the banner.
  const reopenFailed = (id: string) =>
    failed &&
    failed.values.intent === REOPEN &&
    failed.values.id === id &&
    names.has(id) &&
    Object.keys(failed.fields).length
      ? failed
      : null;
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
          <Field id="queue-status" label="Status">
            <Select name="status" defaultValue={query.status} inline="sm">
              {STATUSES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="queue-category" label="Category">
            <Select name="category" defaultValue={query.category} inline="sm">
              <option value="">All categories</option>
              {categories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" variant="secondary" size="sm" className="py-2">
            Filter
          </Button>
        </Form>
      </div>

      <div className="mt-4 space-y-2" aria-live="polite">
        {formMessage(failed) ? (
          <FormAlert>{formMessage(failed)}</FormAlert>
        ) : failed && !reopenFailed(failed.values.id ?? "") ? (
          // A field error for a submission this page does not list: said here instead.
          <FormAlert>{failed.error}</FormAlert>
        ) : null}
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

      <Form method="post" id="bulk-form" className={`${cardClass} mt-4 grid gap-3 sm:grid-cols-2`}>
        <Field
          id="bulk-rejection-reason"
          label={
            <>
              Rejection reason{" "}
              <span className="font-normal text-slate-600 dark:text-slate-400">(required to reject)</span>
            </>
          }
        >
          <Textarea name="rejection_reason" rows={2} />
        </Field>
        <Field
          id="bulk-admin-notes"
          label={
            <>
              Admin notes <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
            </>
          }
        >
          <Textarea name="admin_notes" rows={2} />
        </Field>
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
          <label className="mr-2 flex items-center gap-2 text-sm">
            {/* aria-controls must name an element that exists: the list is absent when the queue is empty. */}
            <input
              type="checkbox"
              onChange={toggleAll}
              aria-controls={submissions.length ? "queue" : undefined}
              disabled={submissions.length === 0}
              data-testid="select-all"
            />
            Select all on this page
          </label>
          <Button type="submit" name="intent" value="bulk-approve" disabled={busy} variant="success" size="sm">
            Bulk approve
          </Button>
          <Button type="submit" name="intent" value="bulk-reject" disabled={busy} variant="danger" size="sm">
            Bulk reject
          </Button>
          <Button type="reset" variant="secondary" size="sm">
            Clear
          </Button>
        </div>
      </Form>

      {submissions.length === 0 ? (
        <p className="mt-8 text-center text-slate-600 dark:text-slate-400">No submissions here.</p>
      ) : (
        <ul id="queue" className="mt-4 space-y-3">
          {submissions.map((s) => {
            const open = s.status === "pending" || s.status === "needs_revision";
            return (
              <li key={s.id} data-testid="queue-item" className={cardClass}>
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
                      <span className="text-xs font-normal text-slate-600 dark:text-slate-400">
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
                      By{" "}
                      <Link to={`/admin/users/${encodeURIComponent(s.submitter.id)}`} className="underline">
                        {s.submitter.name}
                      </Link>{" "}
                      ({s.submitter.email}){s.maker_relation ? ` · ${s.maker_relation}` : ""}
                      {s.provider ? ` · ${s.provider}` : ""} · {s.pricing_model.replace("_", " ")} · submitted{" "}
                      {s.submitted_at.slice(0, 10)}
                      {s.tags.length ? ` · tags: ${s.tags.join(", ")}` : ""}
                    </p>
                    {s.reason ? <p className="mt-1 text-sm">Reason: {s.reason}</p> : null}
                    {s.admin_notes ? (
                      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Notes: {s.admin_notes}</p>
                    ) : null}
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
                    <Field
                      id={`reason-${s.id}`}
                      label={
                        <>
                          Reason{" "}
                          <span className="font-normal text-slate-600 dark:text-slate-400">
                            (for reject / revision)
                          </span>
                        </>
                      }
                    >
                      <Input name="reason" />
                    </Field>
                    <Field id={`notes-${s.id}`} label="Admin notes">
                      <Input name="admin_notes" />
                    </Field>
                    <div className="flex flex-wrap gap-1.5">
                      <Button type="submit" name="decision" value="approve" disabled={busy} variant="success" size="sm">
                        Approve<span className="sr-only"> {s.name}</span>
                      </Button>
                      <Button type="submit" name="decision" value="reject" disabled={busy} variant="danger" size="sm">
                        Reject<span className="sr-only"> {s.name}</span>
                      </Button>
                      <Button
                        type="submit"
                        name="decision"
                        value="needs_revision"
                        disabled={busy}
                        variant="secondary"
                        size="sm"
                      >
                        Needs revision<span className="sr-only"> {s.name}</span>
                      </Button>
                    </div>
                  </Form>
                ) : null}
                {s.status !== "pending" && s.decided_at && s.decided_at > reopenSince ? (
                  <Form method="post" className="mt-3 flex flex-wrap items-end gap-2" data-testid="reopen-form">
                    <input type="hidden" name="intent" value="reopen" />
                    <input type="hidden" name="id" value={s.id} />
                    <Field
                      id={`reopen-${s.id}`}
                      error={reopenFailed(s.id)?.fields.reason}
                      label={
                        <>
                          Why reopen{" "}
                          <span className="font-normal text-slate-600 dark:text-slate-400">
                            (required; the maker sees it)
                          </span>
                        </>
                      }
                    >
                      <Input name="reason" maxLength={1000} inline="sm" required />
                    </Field>
                    {s.status === "approved" ? (
                      <Field id={`reopen-confirm-${s.id}`} label="Live tool" error={reopenFailed(s.id)?.fields.confirm}>
                        <label className="flex items-center gap-1 text-sm">
                          <input type="checkbox" name="confirm" value="on" required />
                          Take it off the directory while it is reviewed again
                        </label>
                      </Field>
                    ) : null}
                    <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                      Reopen decision<span className="sr-only"> on {s.name}</span>
                    </Button>
                    <span className="text-xs text-slate-600 dark:text-slate-400">
                      {s.status.replace("_", " ")} on {s.decided_at.slice(0, 10)}; can be reopened for {reopenDays} days
                    </span>
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
