import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { FormAlert } from "~/components/account/form-parts";
import { Button, cardClass, Field, Input } from "~/components/ui";
import { adminActor, requireAdminPage } from "~/lib/admin.server";
import { decideStory, listPendingStories, StoryDecision } from "~/lib/community.server";
import { failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import type { Route } from "./+types/stories";

export { shouldRevalidate } from "~/lib/revalidate";

/** Success stories waiting for a moderator (issue 35 item 3): publish, or reject with a reason for the author. */
export function meta() {
  return [{ title: "Success stories | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  return { pending: await listPendingStories(context.services.db) };
}

const [Approve, Reject] = StoryDecision.options;
const Intents = z.discriminatedUnion("intent", [
  Approve.omit({ decision: true }).extend({ intent: z.literal("approve") }),
  Reject.omit({ decision: true }).extend({ intent: z.literal("reject") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(context, request);
  const actor = adminActor(admin, context);
  return formAction(request, Intents, async (input) => {
    switch (input.intent) {
      case "approve":
        await decideStory(context.services, actor, { decision: "approve", id: input.id });
        return { ok: true as const, message: "Story published." };
      case "reject":
        await decideStory(context.services, actor, { decision: "reject", id: input.id, reason: input.reason });
        return { ok: true as const, message: "Story rejected; the author sees the reason." };
    }
  });
}

export default function AdminStories({ loaderData, actionData }: Route.ComponentProps) {
  const { pending } = loaderData;
  const failed = failureOf(actionData);
  const done = actionData && "message" in actionData ? actionData.message : null;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6 break-words">
      <div aria-live="polite">
        {failed ? <FormAlert>{failed.error}</FormAlert> : null}
        {done ? <FormAlert tone="success">{done}</FormAlert> : null}
      </div>
      <section className="space-y-3">
        <h2 className="text-xl font-semibold">Success stories waiting ({pending.length})</h2>
        {pending.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">No stories waiting.</p>
        ) : (
          <ul className="space-y-3">
            {pending.map((s) => (
              <li key={s.id} className={cardClass} data-testid="pending-story">
                <h3 className="font-semibold">{s.title}</h3>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  by {s.authorName} · {s.createdAt.slice(0, 10)} · with{" "}
                  {s.tools.map((t, i) => (
                    <span key={t.slug}>
                      {i ? ", " : ""}
                      <Link to={`/tools/${t.slug}`} className="underline">
                        {t.name}
                      </Link>
                    </span>
                  ))}
                </p>
                <p className="mt-2 text-sm font-medium">Problem</p>
                <p className="user-text whitespace-pre-line text-sm">{s.problem}</p>
                <p className="mt-2 text-sm font-medium">Outcome</p>
                <p className="user-text whitespace-pre-line text-sm">{s.outcome}</p>
                {s.numbers ? <p className="mt-2 text-sm">Numbers: {s.numbers}</p> : null}
                <div className="mt-3 flex flex-wrap items-end gap-3">
                  <Form method="post">
                    <input type="hidden" name="id" value={s.id} />
                    <Button type="submit" name="intent" value="approve" disabled={busy} size="sm">
                      Publish
                    </Button>
                  </Form>
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="id" value={s.id} />
                    <Field id={`story-reason-${s.id}`} label="Reason">
                      <Input name="reason" inline="xs" />
                    </Field>
                    <Button type="submit" name="intent" value="reject" disabled={busy} variant="secondary" size="sm">
                      Reject
                    </Button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
