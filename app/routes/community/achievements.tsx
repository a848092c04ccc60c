import { Link } from "react-router";
import { viewerOf } from "~/lib/accounts.server";
import { badgeProgress, listBadges, memberRank } from "~/lib/community.server";
import { originOf } from "~/lib/site-origin.server";
import type { Route } from "./+types/achievements";

export function meta() {
  return [
    { title: "Achievements | Toolscape community" },
    {
      name: "description",
      content: "Badges Toolscape members earn by reviewing, correcting and voting: goals and who earned them.",
    },
  ];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await viewerOf(context, request);
  const { db, clock } = context.services;
  const [badges, progress, rank] = await Promise.all([
    listBadges(db),
    viewer ? badgeProgress(db, viewer.user.id, clock.now()) : null,
    viewer ? memberRank(db, viewer.user.id) : null,
  ]);
  const origin = originOf(context);
  return { badges, progress, rank, shareUrl: `${origin}/achievements` };
}

/** Plain share links (no third-party scripts). */
function shareLinks(text: string, url: string) {
  return {
    x: `https://x.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
  };
}

export default function Achievements({ loaderData }: Route.ComponentProps) {
  const { badges, progress, rank, shareUrl } = loaderData;
  const mine = new Map((progress ?? []).map((p) => [p.id, p]));
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-3xl font-bold tracking-tight">Achievements</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Badges come from real contributions: visiting on consecutive days, reviews, votes and corrections the team
        verified. Each is earned once.
      </p>
      {rank ? (
        <p className="mt-3 text-sm" data-testid="own-rank">
          You have {rank.points} points{rank.rank ? ` · rank #${rank.rank} of ${rank.members}` : ""}.{" "}
          <Link to="/dashboard" className="text-brand-700 underline dark:text-indigo-300">
            Your dashboard
          </Link>
        </p>
      ) : (
        <p className="mt-3 text-sm">
          <Link to="/sign-up" className="font-semibold text-brand-700 underline dark:text-indigo-300">
            Join free
          </Link>{" "}
          to start earning badges.
        </p>
      )}
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {badges.map((b) => {
          const p = mine.get(b.id);
          const links = shareLinks(`I earned the ${b.name} badge on Toolscape!`, shareUrl);
          return (
            <li
              key={b.id}
              data-testid={`badge-${b.id}`}
              className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="flex items-center gap-3">
                <span aria-hidden="true" className="text-3xl">
                  {b.icon}
                </span>
                <div>
                  <h2 className="font-semibold">{b.name}</h2>
                  <p className="text-sm text-slate-600 dark:text-slate-400">{b.description}</p>
                </div>
              </div>
              <p className="mt-3 text-sm">
                Earned by {b.earnedBy} member{b.earnedBy === 1 ? "" : "s"}
              </p>
              {p ? (
                p.earned ? (
                  <div className="mt-2 text-sm">
                    <p className="font-semibold text-emerald-800 dark:text-emerald-300">✓ You earned it</p>
                    <p className="mt-1 flex gap-3">
                      <a href={links.x} target="_blank" rel="noopener noreferrer" className="underline">
                        Share on X
                      </a>
                      <a href={links.linkedin} target="_blank" rel="noopener noreferrer" className="underline">
                        Share on LinkedIn
                      </a>
                    </p>
                  </div>
                ) : (
                  <div className="mt-2 text-sm">
                    <p>
                      Your progress: {p.value} of {p.goal}
                    </p>
                    <progress max={p.goal} value={p.value} className="mt-1 w-full" aria-label={`${b.name} progress`} />
                  </div>
                )
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
