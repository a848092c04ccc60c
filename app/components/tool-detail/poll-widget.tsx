import { type FormEvent, useEffect, useState } from "react";
import { type Poll, type PollQuestion, pollPercent } from "~/lib/community-types";
import { buttonClass, cardClass } from "../ui-classes";

/** What the page's action answered to a vote posted without JavaScript. */
export type PollVoteResult = { ok: boolean; poll?: Poll; optionIndex?: number | null; error?: string };

const THANKS = "Thanks for voting!";

/**
 * The tool's poll (spec §4 states): hidden without a poll; unvoted (options and a Vote button);
 * voted (options disabled, counts and percentages with one decimal, thank-you text). The cached
 * public page carries only the question; after hydration the widget asks whether this visitor or
 * member voted and then shows the counts. Without JavaScript the form posts to the page's action.
 */
export function PollWidget({
  question,
  toolId,
  action,
  posted,
}: {
  question: PollQuestion;
  toolId: string;
  action: string;
  posted: PollVoteResult | null;
}) {
  const [poll, setPoll] = useState<Poll | null>(posted?.poll ?? null);
  const [chosen, setChosen] = useState<number | null>(posted?.optionIndex ?? null);
  const [error, setError] = useState<string | null>(posted && !posted.ok ? (posted.error ?? "Vote failed") : null);
  const [busy, setBusy] = useState(false);
  const api = `/api/tools/${encodeURIComponent(toolId)}/poll`;

  useEffect(() => {
    if (posted?.poll) return;
    let live = true;
    (async () => {
      try {
        const status = await fetch(`${api}/vote-status?pollId=${question.id}`, { credentials: "same-origin" });
        if (!status.ok) return;
        const { optionIndex } = (await status.json()) as { optionIndex: number | null };
        if (optionIndex === null && question.status === "active") return;
        const res = await fetch(api, { credentials: "same-origin" });
        if (!res.ok || !live) return;
        const body = (await res.json()) as { poll: Poll };
        setPoll(body.poll);
        setChosen(optionIndex);
      } catch {
        // the question stays votable; a vote shows the counts
      }
    })();
    return () => {
      live = false;
    };
  }, [api, question.id, question.status, posted]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const picked = new FormData(event.currentTarget).get("optionIndex");
    if (picked === null) {
      setError("Choose one of the poll's options");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(`${api}/vote`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ pollId: question.id, optionIndex: Number(picked) }),
      });
      const body = (await res.json().catch(() => ({}))) as { poll?: Poll; optionIndex?: number; error?: string };
      if (!res.ok || !body.poll) {
        setError(body.error ?? "Vote failed");
        return;
      }
      setPoll(body.poll);
      setChosen(body.optionIndex ?? Number(picked));
    } catch {
      setError("Vote failed");
    } finally {
      setBusy(false);
    }
  };

  const voted = poll !== null && (chosen !== null || question.status === "closed");
  return (
    <section aria-labelledby="tool-poll-q" data-testid="tool-poll" className={cardClass}>
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-100">Community poll</p>
      <h2 id="tool-poll-q" className="mt-1 font-semibold">
        {question.question}
      </h2>
      {voted && poll ? (
        <>
          <ul className="mt-3 space-y-2">
            {poll.options.map((option, i) => {
              const votes = poll.votes[i] ?? 0;
              const pct = pollPercent(votes, poll.totalVotes);
              return (
                <li key={option} className="text-sm">
                  <label className="flex items-center gap-2">
                    <input type="radio" disabled checked={chosen === i} readOnly name="optionIndex" />
                    <span className="flex-1">{option}</span>
                    <span data-testid="poll-result" className="tabular-nums">
                      {votes} {votes === 1 ? "vote" : "votes"} · {pct}
                    </span>
                  </label>
                  <div className="meter mt-1" aria-hidden="true">
                    <div className="meter-fill" style={{ width: pct }} />
                  </div>
                </li>
              );
            })}
          </ul>
          <p role="status" className="mt-3 text-sm text-emerald-700 dark:text-emerald-400">
            {question.status === "closed" && chosen === null ? "This poll is closed." : THANKS}
          </p>
        </>
      ) : (
        <form method="post" action={action} onSubmit={onSubmit} className="mt-3 space-y-2">
          <input type="hidden" name="intent" value="poll-vote" />
          <input type="hidden" name="pollId" value={question.id} />
          {question.options.map((option, i) => (
            <label key={option} className="flex items-center gap-2 text-sm">
              <input type="radio" name="optionIndex" value={i} />
              {option}
            </label>
          ))}
          <button type="submit" disabled={busy} className={buttonClass("primary", "md", "py-1.5 text-sm")}>
            Vote
          </button>
        </form>
      )}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </section>
  );
}
