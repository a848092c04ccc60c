import { data, Form, Link, useNavigation } from "react-router";
import { ToolPicker } from "~/components/admin/tool-picker";
import { AppError } from "~/lib/accounts.server";
import { adminActor, requireAdminPage } from "~/lib/admin.server";
import { pickTool } from "~/lib/catalog.server";
import { pollPercent } from "~/lib/community-types";
import {
  createPoll,
  listPollsForAdmin,
  listReportedReviews,
  ModerationDecision,
  moderateReview,
  POLL_LIMITS,
  PollInput,
  PollStatusInput,
  ReviewId,
  setPollStatus,
} from "~/lib/reviews.server";
import type { Route } from "./+types/reviews";

/** Reported reviews (hide / keep) and tool polls (attach, close, reopen); every change audited. */
export function meta() {
  return [{ title: "Reviews & polls | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const { db } = context.services;
  const [reported, polls] = await Promise.all([listReportedReviews(db), listPollsForAdmin(db)]);
  return { reported, polls, maxOptions: POLL_LIMITS.maxOptions };
}

type Result = { ok: boolean; intent: string; message?: string; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const actor = adminActor(admin, context);
  const deps = { db: context.services.db, clock: context.services.clock };
  const fail = (status: number, error: string) => data<Result>({ ok: false, intent, error }, { status });
  try {
    if (intent === "moderate") {
      const id = ReviewId.safeParse(form.get("reviewId"));
      const input = ModerationDecision.safeParse({
        decision: form.get("decision"),
        note: form.get("note") || undefined,
      });
      if (!id.success) return fail(404, "Review not found");
      if (!input.success) return fail(400, input.error.issues[0]?.message ?? "Invalid input");
      await moderateReview(deps, actor, id.data, input.data.decision, input.data.note, context.requestId);
      return { ok: true, intent, message: input.data.decision === "hide" ? "Review hidden" : "Review kept" };
    }
    if (intent === "poll-create") {
      // The tool picker's text (a name, slug or id); a miss answers with the closest tools.
      const tool = await pickTool(deps.db, String(form.get("tool") ?? ""));
      const input = PollInput.safeParse({ question: form.get("question"), options: form.getAll("option").map(String) });
      if (!input.success) return fail(400, input.error.issues[0]?.message ?? "Invalid input");
      await createPoll(deps, actor, tool.id, input.data, context.requestId);
      return { ok: true, intent, message: "Poll attached" };
    }
    if (intent === "poll-status") {
      const status = PollStatusInput.safeParse({ status: form.get("status") });
      const pollId = String(form.get("pollId") ?? "");
      if (!status.success) return fail(400, status.error.issues[0]?.message ?? "Invalid input");
      if (!/^[0-9a-f-]{36}$/i.test(pollId)) return fail(404, "Poll not found");
      await setPollStatus(deps, actor, pollId, status.data.status, context.requestId);
      return { ok: true, intent, message: status.data.status === "closed" ? "Poll closed" : "Poll reopened" };
    }
    return fail(400, "Unknown action");
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return fail(err.status, err.message);
    throw err;
  }
}

const btn = "rounded-lg border border-slate-300 px-3 py-1.5 text-sm dark:border-slate-600";

export default function AdminCommunity({ loaderData, actionData }: Route.ComponentProps) {
  const { reported, polls, maxOptions } = loaderData;
  const busy = useNavigation().state === "submitting";
  const result = actionData as Result | undefined;
  return (
    <div className="space-y-10">
      {result ? (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-emerald-700" : "text-red-700"}>
          {result.ok ? result.message : result.error}
        </p>
      ) : null}
      <section aria-labelledby="reported-title">
        <h2 id="reported-title" className="text-xl font-semibold">
          Reported reviews ({reported.length})
        </h2>
        {reported.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-400">No reports waiting.</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {reported.map((r) => (
              <li
                key={r.id}
                className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
                data-testid="reported-review"
              >
                <p className="text-sm">
                  <Link to={`/tools/${r.tool.slug}?tab=reviews`} className="font-medium underline">
                    {r.tool.name}
                  </Link>{" "}
                  · {r.author.name} · {r.rating}/5 · {r.status}
                </p>
                <p className="mt-2 user-text whitespace-pre-line">{r.comment}</p>
                <ul className="mt-2 list-disc pl-5 text-sm text-slate-600 dark:text-slate-400">
                  {r.reports.map((rep) => (
                    <li key={`${rep.reporter}-${rep.createdAt}`}>
                      {rep.reporter}: {rep.reason}
                    </li>
                  ))}
                </ul>
                <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="moderate" />
                  <input type="hidden" name="reviewId" value={r.id} />
                  <label className="text-sm">
                    Note
                    <input
                      name="note"
                      maxLength={500}
                      className="ml-1 rounded border border-slate-300 px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
                    />
                  </label>
                  <button type="submit" name="decision" value="hide" disabled={busy} className={btn}>
                    Hide
                  </button>
                  <button type="submit" name="decision" value="keep" disabled={busy} className={btn}>
                    Keep
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="polls-title">
        <h2 id="polls-title" className="text-xl font-semibold">
          Tool polls
        </h2>
        <Form
          method="post"
          noValidate
          className="mt-3 grid max-w-xl gap-2 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
        >
          <input type="hidden" name="intent" value="poll-create" />
          <ToolPicker id="poll-tool" />
          <label className="text-sm font-medium">
            Question
            <input
              name="question"
              maxLength={200}
              className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
            />
          </label>
          {Array.from({ length: maxOptions }, (_, i) => `option-${i + 1}`).map((key, i) => (
            <label key={key} className="text-sm">
              Option {i + 1}
              {i < 2 ? "" : " (optional)"}
              <input
                name="option"
                maxLength={100}
                className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
              />
            </label>
          ))}
          <p className="text-xs text-slate-600 dark:text-slate-400">A new poll closes the tool's current one.</p>
          <button
            type="submit"
            disabled={busy}
            className="justify-self-start rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white"
          >
            Attach poll
          </button>
        </Form>
        <ul className="mt-4 space-y-3">
          {polls.map((p) => (
            <li
              key={p.id}
              className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
              data-testid="admin-poll"
            >
              <p className="text-sm">
                <Link to={`/tools/${p.tool.slug}`} className="underline">
                  {p.tool.name}
                </Link>{" "}
                · {p.status} · {p.totalVotes} votes
              </p>
              <p className="font-medium">{p.question}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {p.options
                  .map((o, i) => `${o}: ${p.votes[i] ?? 0} (${pollPercent(p.votes[i] ?? 0, p.totalVotes)})`)
                  .join(" · ")}
              </p>
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="poll-status" />
                <input type="hidden" name="pollId" value={p.id} />
                <button
                  type="submit"
                  name="status"
                  value={p.status === "active" ? "closed" : "active"}
                  disabled={busy}
                  className={btn}
                >
                  {p.status === "active" ? "Close poll" : "Reopen poll"}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
