import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { day, ThreadBadges, VipGate } from "~/components/discussions";
import { Button, badgeClass, cardClass, Field, Input, Notice, Textarea } from "~/components/ui";
import { AppError, viewerOf } from "~/lib/accounts.server";
import {
  acceptAnswer,
  createReply,
  DISCUSSION_MESSAGES,
  DiscussionModeration,
  DiscussionReportInput,
  discussionDeps,
  discussionNotice,
  getThread,
  moderateReply,
  moderateThread,
  moderatorOf,
  ReplyId,
  ReplyInput,
  readerOf,
  reportPost,
  setFollow,
  signInFirst,
  ThreadId,
  VIP_FEATURE,
  type VipGateData,
} from "~/lib/discussions.server";
import { failureOf } from "~/lib/form-action";
import { firstIssue, formAction, refusalOf } from "~/lib/form-action.server";
import type { Route } from "./+types/discussion";

export { shouldRevalidate } from "~/lib/revalidate";

/** One question and its answers (ADR 0076): answer, accept, follow, report; moderators hide and lock. */
export function meta({ data }: Route.MetaArgs) {
  const title = data?.thread?.title ?? "Discussion";
  const robots =
    data?.thread && data.thread.board !== "vip" && data.thread.state === "published"
      ? []
      : [{ name: "robots", content: "noindex" }];
  return [{ title: `${title} | Toolscape discussions` }, ...robots];
}

async function load(context: Route.LoaderArgs["context"], request: Request, threadId: string) {
  const viewer = await viewerOf(context, request);
  const id = ThreadId.safeParse(threadId);
  if (!id.success) throw data({ message: DISCUSSION_MESSAGES.threadNotFound }, { status: 404 });
  try {
    return { viewer, thread: await getThread(context.services.db, id.data, readerOf(viewer)) };
  } catch (err) {
    const refused = refusalOf(err);
    if (!refused) throw err;
    if (refused.status === 401 || refused.status === 403) {
      const path = new URL(request.url).pathname;
      throw data<VipGateData>(
        {
          gate: refused.status === 401 ? "sign-in" : "upgrade",
          path,
          from: viewer?.entitlements.lowestTierWith(VIP_FEATURE) ?? null,
        },
        { status: refused.status },
      );
    }
    throw data({ message: refused.message }, { status: refused.status });
  }
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { viewer, thread } = await load(context, request, params.threadId);
  const done = new URL(request.url).searchParams.get("posted") ?? new URL(request.url).searchParams.get("done");
  return {
    thread,
    signedIn: viewer !== null,
    moderator: viewer?.role === "admin",
    notice: discussionNotice(done),
    lockedMessage: DISCUSSION_MESSAGES.locked,
  };
}

const Intents = z.discriminatedUnion("intent", [
  ReplyInput.extend({ intent: z.literal("reply") }),
  z.object({ intent: z.literal("accept"), replyId: ReplyId }),
  z.object({ intent: z.literal("unaccept") }),
  z.object({ intent: z.literal("follow") }),
  z.object({ intent: z.literal("unfollow") }),
  DiscussionReportInput.extend({ intent: z.literal("report") }),
  z.object({ intent: z.literal("moderate"), target: z.string(), targetId: z.string(), decision: z.string() }),
]);

export async function action({ params, request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  const here = new URL(request.url).pathname;
  if (!viewer) signInFirst(here);
  const id = ThreadId.safeParse(params.threadId);
  if (!id.success) throw data({ message: DISCUSSION_MESSAGES.threadNotFound }, { status: 404 });
  const threadId = id.data;
  const actor = { id: viewer.user.id, moderator: viewer.role === "admin", vip: viewer.can("vip_community") };
  const deps = discussionDeps(context);
  const back = (done: string) => redirect(`${here}?done=${done}`);
  return formAction(request, Intents, async (input) => {
    switch (input.intent) {
      case "reply": {
        const posted = await createReply(deps, actor, threadId, input.body);
        return back(posted.held ? "reply-held" : "reply");
      }
      case "accept":
        await acceptAnswer(deps, actor, threadId, input.replyId, moderatorOf(viewer, context));
        return back("accepted");
      case "unaccept":
        await acceptAnswer(deps, actor, threadId, null, moderatorOf(viewer, context));
        return back("unaccepted");
      case "follow":
        await setFollow(deps, actor, threadId, true);
        return back("followed");
      case "unfollow":
        await setFollow(deps, actor, threadId, false);
        return back("unfollowed");
      case "report":
        await reportPost(deps, actor, input);
        return back("reported");
      case "moderate": {
        if (viewer.role !== "admin") throw new AppError("forbidden", "Access denied: moderators only.");
        const decided = DiscussionModeration.safeParse(input);
        if (!decided.success) throw new AppError("bad_request", firstIssue(decided.error, "Choose a decision"));
        const d = decided.data;
        if (d.target === "thread") await moderateThread(deps, moderatorOf(viewer, context), d.targetId, d.decision);
        else await moderateReply(deps, moderatorOf(viewer, context), d.targetId, d.decision);
        return back("moderated");
      }
    }
  });
}

export const ErrorBoundary = VipGate;

function ReportForm({ target, id, label }: { target: "thread" | "reply"; id: string; label: string }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-slate-600 underline dark:text-slate-400">Report {label}</summary>
      <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="target" value={target} />
        <input type="hidden" name="targetId" value={id} />
        <Field id={`report-${id}`} label="Why?">
          <Input name="reason" required minLength={3} maxLength={500} inline="sm" />
        </Field>
        <Button type="submit" variant="secondary" size="sm">
          Send report
        </Button>
      </Form>
    </details>
  );
}

function ModerateButtons({ target, id, decisions }: { target: "thread" | "reply"; id: string; decisions: string[] }) {
  return (
    <Form method="post" className="flex flex-wrap gap-2" aria-label={`Moderate this ${target}`}>
      <input type="hidden" name="intent" value="moderate" />
      <input type="hidden" name="target" value={target} />
      <input type="hidden" name="targetId" value={id} />
      {decisions.map((d) => (
        <Button key={d} type="submit" name="decision" value={d} variant="secondary" size="xs">
          {d[0]?.toUpperCase()}
          {d.slice(1)}
        </Button>
      ))}
    </Form>
  );
}

export default function Discussion({ loaderData, actionData }: Route.ComponentProps) {
  const { thread, signedIn, moderator, notice, lockedMessage } = loaderData;
  const failed = failureOf(actionData);
  const busy = useNavigation().state === "submitting";
  const board =
    thread.board === "vip"
      ? { to: "/community/vip", label: "VIP community" }
      : thread.tool
        ? { to: `/tools/${thread.tool.slug}/discussions`, label: `${thread.tool.name} discussions` }
        : { to: "/community/discussions", label: "Discussions" };
  const mayAccept = thread.mine || moderator;
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <p className="text-sm">
        <Link to={board.to} className="underline">
          ← {board.label}
        </Link>
      </p>
      <div aria-live="polite">
        {failed ? <Notice tone="error">{failed.error}</Notice> : notice ? <Notice>{notice}</Notice> : null}
      </div>
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{thread.title}</h1>
        <ThreadBadges t={thread} />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Asked by {thread.authorName} on {day(thread.createdAt)}
        </p>
      </header>
      <div className="user-text whitespace-pre-line">{thread.body}</div>
      <div className="flex flex-wrap items-center gap-4">
        {signedIn ? (
          <Form method="post">
            <input type="hidden" name="intent" value={thread.following ? "unfollow" : "follow"} />
            <Button type="submit" variant="secondary" size="sm" aria-pressed={thread.following}>
              {thread.following ? "Unfollow" : "Follow"}
            </Button>
          </Form>
        ) : null}
        {signedIn && !thread.mine && !thread.reported ? (
          <ReportForm target="thread" id={thread.id} label="this question" />
        ) : null}
        {thread.reported ? (
          <span className="text-sm text-slate-600 dark:text-slate-400">You reported this question.</span>
        ) : null}
      </div>
      {moderator ? (
        <ModerateButtons
          target="thread"
          id={thread.id}
          decisions={[
            thread.state === "hidden" ? "show" : "hide",
            ...(thread.state === "held" ? ["keep"] : []),
            thread.locked ? "unlock" : "lock",
          ]}
        />
      ) : null}
      <section aria-labelledby="answers-title" className="space-y-3">
        <h2 id="answers-title" className="text-xl font-semibold">
          {thread.replies} {thread.replies === 1 ? "answer" : "answers"}
        </h2>
        <ul className="space-y-3">
          {thread.replyList.map((r) => (
            <li
              key={r.id}
              className={`${cardClass} ${r.accepted ? "border-emerald-500 dark:border-emerald-500" : ""}`}
              data-testid="reply"
            >
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium">{r.authorName}</span>
                {r.maker ? (
                  <span className={badgeClass("brand")} title="The tool's verified maker">
                    Maker
                  </span>
                ) : null}
                {r.accepted ? <span className={badgeClass("success", "badge-strong")}>Accepted answer</span> : null}
                {r.state === "held" ? <span className={badgeClass("warning")}>Waiting for a moderator</span> : null}
                {r.state === "hidden" ? <span className={badgeClass("danger")}>Hidden by a moderator</span> : null}
                <span className="text-slate-600 dark:text-slate-400">{day(r.createdAt)}</span>
              </p>
              <div className="mt-2 user-text whitespace-pre-line">{r.body}</div>
              <div className="mt-2 flex flex-wrap items-center gap-3">
                {mayAccept && r.state === "published" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value={r.accepted ? "unaccept" : "accept"} />
                    {r.accepted ? null : <input type="hidden" name="replyId" value={r.id} />}
                    <Button type="submit" variant="secondary" size="xs">
                      {r.accepted ? "Unaccept" : "Accept this answer"}
                    </Button>
                  </Form>
                ) : null}
                {signedIn && !r.mine && !r.reported && r.state === "published" ? (
                  <ReportForm target="reply" id={r.id} label="this answer" />
                ) : null}
                {moderator ? (
                  <ModerateButtons
                    target="reply"
                    id={r.id}
                    decisions={[r.state === "hidden" ? "show" : "hide", ...(r.state === "held" ? ["keep"] : [])]}
                  />
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </section>
      {thread.locked ? (
        <p className="text-slate-600 dark:text-slate-400">{lockedMessage}</p>
      ) : signedIn ? (
        <Form method="post" className={`${cardClass} space-y-3`} aria-labelledby="answer-title">
          <h2 id="answer-title" className="text-lg font-semibold">
            Your answer
          </h2>
          <input type="hidden" name="intent" value="reply" />
          <Field id="reply-body" label="Answer" error={failed?.fields.body}>
            <Textarea
              name="body"
              required
              minLength={10}
              maxLength={5000}
              rows={5}
              defaultValue={failed?.values.body ?? ""}
            />
          </Field>
          <Button type="submit" disabled={busy}>
            Post answer
          </Button>
        </Form>
      ) : (
        <p className="text-sm">
          <Link to={`/sign-in?redirectTo=/community/discussions/${thread.id}`} className="font-semibold underline">
            Sign in
          </Link>{" "}
          to answer or follow this discussion.
        </p>
      )}
    </article>
  );
}
