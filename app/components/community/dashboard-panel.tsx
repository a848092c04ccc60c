import { Link } from "react-router";
import { badgeClass } from "../ui-classes";
import { type ReviewCorrection, type ReviewFeedback, ReviewPanel } from "./review-panel";

type Progress = {
  id: string;
  name: string;
  icon: string;
  description: string;
  goal: number;
  value: number;
  earned: boolean;
  earnedAt: string | null;
};
type Leader = { rank: number; userId: string; name: string; points: number; badges: number };

/** Dashboard: achievements with progress, the leaderboard with the member's own rank, and (admins) the review. */
export function CommunityPanel({
  progress,
  leaders,
  rank,
  userId,
  review,
  className,
}: {
  progress: Progress[];
  leaders: Leader[];
  rank: { rank: number | null; points: number; members: number };
  userId: string;
  review: {
    corrections: ReviewCorrection[];
    feedback: ReviewFeedback[];
    totalCorrections: number;
    totalFeedback: number;
  } | null;
  className: string;
}) {
  const earned = progress.filter((p) => p.earned);
  // The next goals: the unearned badges the member is closest to.
  const next = progress
    .filter((p) => !p.earned)
    .sort((a, b) => b.value / b.goal - a.value / a.goal)
    .slice(0, 4);
  return (
    <>
      <section aria-labelledby="achievements-heading" className={className} data-testid="dashboard-achievements">
        <h2 id="achievements-heading" className="text-lg font-semibold">
          Achievements
        </h2>
        {earned.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No badges yet.</p>
        ) : (
          <ul className="mt-3 flex flex-wrap gap-2">
            {earned.map((b) => (
              <li key={b.id} title={b.description} className={badgeClass("success", "px-3 py-1 text-sm")}>
                <span aria-hidden="true">{b.icon}</span> {b.name}
              </li>
            ))}
          </ul>
        )}
        {next.length ? (
          <>
            <h3 className="mt-4 text-sm font-semibold">Progress</h3>
            <ul className="mt-2 space-y-2 text-sm">
              {next.map((b) => (
                <li key={b.id}>
                  <span>
                    {b.icon} {b.name}: {b.description} — {b.value} of {b.goal}
                  </span>
                  <progress max={b.goal} value={b.value} className="block w-full" aria-label={`${b.name} progress`} />
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <p className="mt-3 text-sm">
          <Link to="/achievements" className="text-brand-700 underline dark:text-indigo-300">
            All badges
          </Link>
        </p>
      </section>
      <section aria-labelledby="leaderboard-heading" className={className}>
        <h2 id="leaderboard-heading" className="text-lg font-semibold">
          Leaderboard
        </h2>
        <p className="mt-1 text-sm" data-testid="own-rank">
          {rank.rank
            ? `Your rank: #${rank.rank} of ${rank.members} · ${rank.points} points`
            : "Contribute (reviews, votes, corrections) to join the leaderboard."}
        </p>
        {leaders.length ? (
          <ol className="mt-3 space-y-1 text-sm">
            {leaders.map((l) => (
              <li key={l.userId} className={l.userId === userId ? "font-semibold" : undefined}>
                #{l.rank} {l.name} — {l.points} pts · {l.badges} badge{l.badges === 1 ? "" : "s"}
              </li>
            ))}
          </ol>
        ) : null}
      </section>
      {review ? (
        <section aria-labelledby="review-heading" className={className}>
          <h2 id="review-heading" className="text-lg font-semibold">
            Feedback &amp; Correction Review
          </h2>
          <div className="mt-3">
            <ReviewPanel {...review} />
          </div>
        </section>
      ) : null}
    </>
  );
}
