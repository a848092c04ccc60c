import { Link } from "react-router";
import { cardClassOf } from "~/components/ui-classes";
import { listActivePolls } from "~/lib/community.server";
import { pollPercent } from "~/lib/community-types";
import type { Route } from "./+types/polls";

export function meta({ data }: Route.MetaArgs) {
  const n = data?.polls.length ?? 0;
  return [
    { title: "Community Polls | Toolscape" },
    {
      name: "description",
      content: n
        ? `${n} open ${n === 1 ? "poll" : "polls"} about AI tools: see how members and visitors answer, and vote on each tool's page.`
        : "Polls about AI tools: vote on each tool's page and see how the community answers.",
    },
  ];
}

/** Counts move with every vote and votes do not touch the page cache's version: never cached. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ context }: Route.LoaderArgs) {
  return { polls: await listActivePolls(context.services.db) };
}

export default function Polls({ loaderData }: Route.ComponentProps) {
  const { polls } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold">Community polls</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        Questions about the tools in the directory. Anyone can vote once per poll, on the tool's page.
      </p>
      {polls.length === 0 ? (
        <div className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="font-medium">No open polls right now</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            <Link to="/tools" className="underline">
              Browse tools
            </Link>{" "}
            while we prepare the next questions.
          </p>
        </div>
      ) : (
        <ul className="mt-8 space-y-6">
          {polls.map((poll) => (
            <li key={poll.id} className={cardClassOf("md", "p-5")} data-testid="poll-card">
              <p className="text-sm text-slate-600 dark:text-slate-400">
                About{" "}
                <Link
                  to={`/tools/${poll.tool.slug}`}
                  className="font-medium text-brand-700 underline dark:text-brand-100"
                >
                  {poll.tool.name}
                </Link>
              </p>
              <h2 className="mt-1 text-lg font-semibold">{poll.question}</h2>
              <ul className="mt-3 space-y-2">
                {poll.options.map((option, i) => {
                  const votes = poll.votes[i] ?? 0;
                  const pct = pollPercent(votes, poll.totalVotes);
                  return (
                    <li key={option} className="text-sm">
                      <div className="flex justify-between gap-3">
                        <span>{option}</span>
                        <span className="tabular-nums">
                          {votes} {votes === 1 ? "vote" : "votes"} · {pct}
                        </span>
                      </div>
                      <div className="meter mt-1" aria-hidden="true">
                        <div className="meter-fill" style={{ width: pct }} />
                      </div>
                    </li>
                  );
                })}
              </ul>
              <p className="mt-3 text-sm">
                {poll.totalVotes} {poll.totalVotes === 1 ? "vote" : "votes"} ·{" "}
                <Link to={`/tools/${poll.tool.slug}`} className="text-brand-700 underline dark:text-brand-100">
                  Vote on {poll.tool.name}'s page
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
