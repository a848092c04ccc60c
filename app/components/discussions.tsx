import type { ReactNode } from "react";
import { Form, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Button, badgeClass, buttonClass, cardClass, Field, Input, Notice, Textarea } from "~/components/ui";
import type { ActionFailure } from "~/lib/form-action";
import { TIER_LABELS, type Tier } from "~/lib/tiers";

/** Discussions' shared parts (ADR 0076): a board's list, its search, the new-question form, the VIP gate. */

export type ThreadCard = {
  id: string;
  title: string;
  excerpt: string;
  authorName: string;
  createdAt: string;
  lastActivityAt: string;
  replies: number;
  answered: boolean;
  priority: boolean;
  locked: boolean;
  state: "published" | "held" | "hidden";
  tool: { name: string; slug: string } | null;
};

export type Board = { items: ThreadCard[]; total: number; page: number; totalPages: number; q: string };

export const day = (iso: string) => iso.slice(0, 10);

/** The little labels a thread carries, in the list and on its page. */
export function ThreadBadges({ t }: { t: Pick<ThreadCard, "priority" | "answered" | "locked" | "state"> }) {
  return (
    <span className="inline-flex flex-wrap gap-1 align-middle">
      {t.priority ? (
        <span className={badgeClass("brand")} title="Asked by an Expert member">
          Priority
        </span>
      ) : null}
      {t.answered ? <span className={badgeClass("success")}>Answered</span> : null}
      {t.locked ? <span className={badgeClass("neutral")}>Locked</span> : null}
      {t.state === "held" ? <span className={badgeClass("warning")}>Waiting for a moderator</span> : null}
      {t.state === "hidden" ? <span className={badgeClass("danger")}>Hidden by a moderator</span> : null}
    </span>
  );
}

function pageHref(base: string, q: string, page: number) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `${base}?${s}` : base;
}

/** A board: search (a plain GET form), the threads, pages. */
export function BoardList({ board, base, empty }: { board: Board; base: string; empty: string }) {
  return (
    <section aria-labelledby="threads-title" className="space-y-4">
      <Form method="get" action={base} role="search" className="flex flex-wrap items-end gap-2">
        <Field id="discussion-q" label="Search discussions">
          <Input type="search" name="q" defaultValue={board.q} maxLength={100} inline="sm" />
        </Field>
        <Button type="submit" variant="secondary" size="sm">
          Search
        </Button>
        {board.q ? (
          <Link to={base} className="text-sm underline">
            Clear
          </Link>
        ) : null}
      </Form>
      <h2 id="threads-title" className="text-xl font-semibold">
        {board.q ? `Questions matching “${board.q}”` : "Questions"} ({board.total})
      </h2>
      {board.items.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">{board.q ? "No question matches your search." : empty}</p>
      ) : (
        <ul className="space-y-3" data-testid="thread-list">
          {board.items.map((t) => (
            <li key={t.id} className={cardClass} data-testid="thread">
              <p className="font-medium">
                <Link to={`/community/discussions/${t.id}`} className="underline">
                  {t.title}
                </Link>{" "}
                <ThreadBadges t={t} />
              </p>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300 user-text">{t.excerpt}</p>
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                {t.authorName} · {day(t.createdAt)} · {t.replies} {t.replies === 1 ? "answer" : "answers"}
                {t.tool ? (
                  <>
                    {" "}
                    ·{" "}
                    <Link to={`/tools/${t.tool.slug}/discussions`} className="underline">
                      {t.tool.name}
                    </Link>
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      )}
      {board.totalPages > 1 ? (
        <nav aria-label="Pages" className="flex gap-3 text-sm">
          {board.page > 1 ? <Link to={pageHref(base, board.q, board.page - 1)}>← Newer</Link> : null}
          <span>
            Page {board.page} of {board.totalPages}
          </span>
          {board.page < board.totalPages ? <Link to={pageHref(base, board.q, board.page + 1)}>Older →</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

/** Ask a question: posts to the board's own action (works without JavaScript). */
export function NewThreadForm({
  canPost,
  signInPath,
  failed,
  busy,
  hint,
}: {
  canPost: boolean;
  signInPath: string;
  failed: ActionFailure | null;
  busy: boolean;
  hint?: ReactNode;
}) {
  if (!canPost) {
    return (
      <p className="text-sm">
        <Link to={`/sign-in?redirectTo=${encodeURIComponent(signInPath)}`} className="font-semibold underline">
          Sign in
        </Link>{" "}
        to ask a question.
      </p>
    );
  }
  const v = failed?.values ?? {};
  const f = failed?.fields ?? {};
  const alert = failed && Object.keys(f).length === 0 ? failed.error : null;
  return (
    <Form method="post" className={`${cardClass} space-y-3`} aria-labelledby="ask-title">
      <h2 id="ask-title" className="text-lg font-semibold">
        Ask a question
      </h2>
      {alert ? <Notice tone="error">{alert}</Notice> : null}
      <input type="hidden" name="intent" value="create" />
      <Field id="thread-title" label="Title" error={f.title}>
        <Input name="title" required minLength={8} maxLength={160} defaultValue={v.title ?? ""} />
      </Field>
      <Field id="thread-body" label="Your question" error={f.body} hint={hint}>
        <Textarea name="body" required minLength={10} maxLength={5000} rows={5} defaultValue={v.body ?? ""} />
      </Field>
      <Button type="submit" disabled={busy}>
        Post question
      </Button>
    </Form>
  );
}

/** The VIP space's refusal as a page: sign in, or which plan has it and the way there (honest, no tricks). */
export function VipGate() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || (error.status !== 401 && error.status !== 403)) throw error;
  const gate = error.data as { gate: "sign-in" | "upgrade"; path: string; from: Tier | null };
  return (
    <div className="mx-auto max-w-2xl space-y-4 py-8" data-testid="vip-gate">
      <h1 className="text-3xl font-bold">VIP community</h1>
      <p className="text-slate-700 dark:text-slate-300">
        A discussion space for Expert members: questions and answers among people who use AI tools at work, moderated
        like the rest of the community. Expert members' questions in a tool's discussions are also marked priority.
      </p>
      <p className="rounded-lg bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
        {gate.gate === "sign-in" ? (
          <>
            Please{" "}
            <Link to={`/sign-in?redirectTo=${encodeURIComponent(gate.path)}`} className="underline">
              sign in
            </Link>{" "}
            to see the VIP community.
          </>
        ) : gate.from ? (
          <>
            The VIP community is available for {TIER_LABELS[gate.from]} members.{" "}
            <Link to="/pricing" className="font-semibold underline">
              Upgrade to {TIER_LABELS[gate.from]}
            </Link>{" "}
            to join it. The general discussions stay open to everyone:{" "}
            <Link to="/community/discussions" className="underline">
              community discussions
            </Link>
            .
          </>
        ) : (
          "The VIP community is not available on any plan right now."
        )}
      </p>
    </div>
  );
}

export const boardLinkClass = buttonClass("secondary", "sm");
