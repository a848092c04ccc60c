import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { ToolPicker } from "~/components/admin/tool-picker";
import { Button, cardClass, Field, Input, Notice } from "~/components/ui";
import { adminActor, requireAdminPage, uuidSchema } from "~/lib/admin.server";
import { pickTool } from "~/lib/catalog.server";
import {
  createPoll,
  listHiddenReviews,
  listPollsForAdmin,
  listReportedReviews,
  ModerateReviewInput,
  moderateReview,
  POLL_LIMITS,
  PollInput,
  PollStatusInput,
  RestoreReviewInput,
  restoreReview,
  setPollStatus,
} from "~/lib/community.server";
import { pollPercent } from "~/lib/community-types";
import { failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/reviews";

export { shouldRevalidate } from "~/lib/revalidate";

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
  const [reported, hidden, polls] = await Promise.all([
    listReportedReviews(db),
    listHiddenReviews(db),
    listPollsForAdmin(db),
  ]);
  return { reported, hidden, polls, maxOptions: POLL_LIMITS.maxOptions };
}

const Intents = z.discriminatedUnion("intent", [
  ModerateReviewInput.extend({ intent: z.literal("moderate") }),
  RestoreReviewInput.extend({ intent: z.literal("restore") }),
  PollInput.extend({
    intent: z.literal("poll-create"),
    tool: z.string().trim().min(1, "Enter the tool's slug or id").max(200, "Enter the tool's slug or id"),
  }),
  PollStatusInput.extend({ intent: z.literal("poll-status"), pollId: uuidSchema("Poll not found") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  const actor = adminActor(admin, context);
  const { services } = context;
  return formAction(
    request,
    Intents,
    async (input) => {
      switch (input.intent) {
        case "moderate":
          await moderateReview(services, actor, input);
          return { ok: true as const, message: input.decision === "hide" ? "Review hidden" : "Review kept" };
        case "restore":
          await restoreReview(services, actor, input);
          return { ok: true as const, message: "Review restored: it is published again" };
        case "poll-create": {
          // The tool picker's text (a name, slug or id); a miss answers with the closest tools.
          const tool = await pickTool(services.db, input.tool);
          await createPoll(services, actor, tool.id, input, context.requestId);
          return { ok: true as const, message: "Poll attached" };
        }
        case "poll-status":
          await setPollStatus(services, actor, input.pollId, input.status, context.requestId);
          return { ok: true as const, message: input.status === "closed" ? "Poll closed" : "Poll reopened" };
      }
    },
    // The poll form sends one `options` field per answer, read as an array.
    { arrays: ["options"] },
  );
}

export default function AdminCommunity({ loaderData, actionData }: Route.ComponentProps) {
  const { reported, hidden, polls, maxOptions } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = failureOf(actionData);
  return (
    <div className="space-y-10">
      <div aria-live="polite">
        {failed ? (
          <Notice tone="error">{failed.error}</Notice>
        ) : actionData && "message" in actionData ? (
          <Notice>{actionData.message}</Notice>
        ) : null}
      </div>
      <section aria-labelledby="reported-title">
        <h2 id="reported-title" className="text-xl font-semibold">
          Reported and held reviews ({reported.length})
        </h2>
        {reported.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-400">No reports or held reviews waiting.</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {reported.map((r) => (
              <li key={r.id} className={cardClass} data-testid="reported-review">
                <p className="text-sm">
                  <Link to={`/tools/${r.tool.slug}?tab=reviews`} className="font-medium underline">
                    {r.tool.name}
                  </Link>{" "}
                  · {r.author.name} · {r.rating}/5 · {r.status}
                </p>
                {r.holdReason ? (
                  <p className="mt-1 text-sm text-amber-700 dark:text-amber-400" data-testid="hold-reason">
                    Held: {r.holdReason}. Keep publishes it and lets it count; hide removes it.
                  </p>
                ) : null}
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
                  <Field id={`moderate-note-${r.id}`} label="Note">
                    <Input name="note" maxLength={500} inline="xs" />
                  </Field>
                  <Button type="submit" name="decision" value="hide" disabled={busy} variant="secondary" size="sm">
                    Hide
                  </Button>
                  <Button type="submit" name="decision" value="keep" disabled={busy} variant="secondary" size="sm">
                    Keep
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="hidden-title">
        <h2 id="hidden-title" className="text-xl font-semibold">
          Hidden reviews ({hidden.length})
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Hid one by mistake? Restore publishes it again. A review its author deleted after it was hidden stays hidden.
        </p>
        {hidden.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-400">No hidden reviews.</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {hidden.map((r) => (
              <li key={r.id} className={cardClass} data-testid="hidden-review">
                <p className="text-sm">
                  <Link to={`/tools/${r.tool.slug}?tab=reviews`} className="font-medium underline">
                    {r.tool.name}
                  </Link>{" "}
                  · {r.author.name} · {r.rating}/5 · hidden {r.moderatedAt ? r.moderatedAt.slice(0, 10) : ""}
                </p>
                <p className="mt-2 user-text whitespace-pre-line">{r.comment}</p>
                <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="reviewId" value={r.id} />
                  <Field id={`restore-note-${r.id}`} label="Note">
                    <Input name="note" maxLength={500} inline="xs" />
                  </Field>
                  <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                    Restore
                    <span className="sr-only">
                      {" "}
                      the review of {r.tool.name} by {r.author.name}
                    </span>
                  </Button>
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
        <Form method="post" noValidate className={`${cardClass} mt-3 grid max-w-xl gap-2`}>
          <input type="hidden" name="intent" value="poll-create" />
          <ToolPicker id="poll-tool" />
          <Field id="poll-question" label="Question">
            <Input name="question" maxLength={200} />
          </Field>
          {Array.from({ length: maxOptions }, (_, i) => `poll-option-${i + 1}`).map((key, i) => (
            <Field key={key} id={key} label={`Option ${i + 1}${i < 2 ? "" : " (optional)"}`}>
              <Input name="options" maxLength={100} />
            </Field>
          ))}
          <p className="text-xs text-slate-600 dark:text-slate-400">A new poll closes the tool's current one.</p>
          <Button type="submit" disabled={busy} className="justify-self-start">
            Attach poll
          </Button>
        </Form>
        <ul className="mt-4 space-y-3">
          {polls.map((p) => (
            <li key={p.id} className={cardClass} data-testid="admin-poll">
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
                <Button
                  type="submit"
                  name="status"
                  value={p.status === "active" ? "closed" : "active"}
                  disabled={busy}
                  variant="secondary"
                  size="sm"
                >
                  {p.status === "active" ? "Close poll" : "Reopen poll"}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
