import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { Button, badgeClass, cardClass, Notice } from "~/components/ui";
import { AppError } from "~/lib/accounts.server";
import { requireAdminPage } from "~/lib/admin.server";
import {
  DiscussionModeration,
  discussionDeps,
  listDiscussionQueue,
  moderateReply,
  moderateThread,
  moderatorOf,
} from "~/lib/discussions.server";
import { failureOf } from "~/lib/form-action";
import { firstIssue, formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/discussions";

export { shouldRevalidate } from "~/lib/revalidate";

/** Reported and held discussion posts (ADR 0076): hide, keep (publish and close the reports), lock. */
export function meta() {
  return [{ title: "Discussions | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  return { queue: await listDiscussionQueue(context.services.db) };
}

const Intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("moderate"), target: z.string(), targetId: z.string(), decision: z.string() }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  const deps = discussionDeps(context);
  return formAction(request, Intents, async (input) => {
    const parsed = DiscussionModeration.safeParse(input);
    if (!parsed.success) throw new AppError("bad_request", firstIssue(parsed.error, "Choose a decision"));
    const d = parsed.data;
    if (d.target === "thread") await moderateThread(deps, moderatorOf(admin, context), d.targetId, d.decision);
    else await moderateReply(deps, moderatorOf(admin, context), d.targetId, d.decision);
    return { ok: true as const, message: `Decision saved: ${d.decision}` };
  });
}

export default function AdminDiscussions({ loaderData, actionData }: Route.ComponentProps) {
  const { queue } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = failureOf(actionData);
  return (
    <div className="space-y-6">
      <div aria-live="polite">
        {failed ? (
          <Notice tone="error">{failed.error}</Notice>
        ) : actionData && "message" in actionData ? (
          <Notice>{actionData.message}</Notice>
        ) : null}
      </div>
      <section aria-labelledby="queue-title">
        <h2 id="queue-title" className="text-xl font-semibold">
          Reported and waiting posts ({queue.length})
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Posts from new or unconfirmed accounts wait here (the reviews' gate); reported posts stay public until you
          decide. Keep publishes and closes the reports; hide removes the post from the boards.
        </p>
        {queue.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-400">Nothing waiting.</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {queue.map((item) => (
              <li key={`${item.kind}-${item.id}`} className={cardClass} data-testid="discussion-queue-item">
                <p className="text-sm">
                  <span className={badgeClass("neutral")}>{item.kind === "thread" ? "Question" : "Answer"}</span>{" "}
                  <Link to={`/community/discussions/${item.threadId}`} className="font-medium underline">
                    {item.threadTitle}
                  </Link>{" "}
                  · {item.board} · {item.authorName} · {item.state}
                  {item.locked ? " · locked" : ""}
                </p>
                {item.holdReason ? (
                  <p className="mt-1 text-sm text-amber-700 dark:text-amber-400">Waiting: {item.holdReason}</p>
                ) : null}
                <p className="mt-2 user-text whitespace-pre-line">{item.text}</p>
                {item.reports.length ? (
                  <ul className="mt-2 list-disc pl-5 text-sm text-slate-600 dark:text-slate-400">
                    {item.reports.map((r) => (
                      <li key={`${r.reporter}-${r.createdAt}`}>
                        {r.reporter}: {r.reason}
                      </li>
                    ))}
                  </ul>
                ) : null}
                <Form method="post" className="mt-3 flex flex-wrap gap-2">
                  <input type="hidden" name="intent" value="moderate" />
                  <input type="hidden" name="target" value={item.kind} />
                  <input type="hidden" name="targetId" value={item.id} />
                  {(item.kind === "thread" ? ["hide", "keep", item.locked ? "unlock" : "lock"] : ["hide", "keep"]).map(
                    (d) => (
                      <Button
                        key={d}
                        type="submit"
                        name="decision"
                        value={d}
                        disabled={busy}
                        variant="secondary"
                        size="sm"
                      >
                        {d[0]?.toUpperCase()}
                        {d.slice(1)}
                      </Button>
                    ),
                  )}
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
