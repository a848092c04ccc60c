import { Link } from "react-router";
import { AmaCard } from "~/components/community/ama-parts";
import { buttonClass } from "~/components/ui";
import { viewerOf } from "~/lib/accounts.server";
import { listAmas } from "~/lib/community.server";
import type { Route } from "./+types/amas";

/** Maker AMAs (issue 35 item 2): upcoming and live ones, then the archive. */
export function meta() {
  return [
    { title: "Maker AMAs | Toolscape community" },
    {
      name: "description",
      content: "Ask the makers of AI tools anything: upcoming AMAs take questions, past ones keep the answers.",
    },
  ];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await viewerOf(context, request);
  const { upcoming, past } = await listAmas(context.services.db, context.services.clock.now());
  return { upcoming, past, signedIn: viewer !== null };
}

export default function Amas({ loaderData }: Route.ComponentProps) {
  const { upcoming, past, signedIn } = loaderData;
  return (
    <div className="mx-auto max-w-4xl">
      <p className="text-sm">
        <Link to="/community" className="underline">
          Community
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">Maker AMAs</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        The people who build AI tools answer members' questions. Ask before an AMA starts and upvote the questions you
        want answered; the answers stay here afterwards.
      </p>
      <p className="mt-4">
        <Link
          to={signedIn ? "/community/amas/new" : "/sign-in?redirectTo=/community/amas/new"}
          className={buttonClass("secondary", "md")}
        >
          Host an AMA for your tool
        </Link>
      </p>
      <section className="mt-8" aria-labelledby="amas-upcoming">
        <h2 id="amas-upcoming" className="text-xl font-semibold">
          Upcoming and live
        </h2>
        {upcoming.length === 0 ? (
          <p className="mt-3 text-slate-600 dark:text-slate-400" data-testid="amas-empty">
            No AMA is scheduled yet. Are you the verified maker of a tool? Schedule one and meet the people who use it.
          </p>
        ) : (
          <ul className="mt-3 space-y-3">
            {upcoming.map((a) => (
              <AmaCard key={a.id} ama={a} />
            ))}
          </ul>
        )}
      </section>
      <section className="mt-10" aria-labelledby="amas-past">
        <h2 id="amas-past" className="text-xl font-semibold">
          Archive
        </h2>
        {past.length === 0 ? (
          <p className="mt-3 text-slate-600 dark:text-slate-400">Past AMAs and their answers will be kept here.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {past.map((a) => (
              <AmaCard key={a.id} ama={a} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
