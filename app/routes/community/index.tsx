import { Link } from "react-router";
import { buttonClass, cardClass, cardClassOf } from "~/components/ui-classes";
import { viewerOf } from "~/lib/accounts.server";
import { communityFigures, leaderboard } from "~/lib/community.server";
import type { Route } from "./+types/index";

export function meta() {
  return [
    { title: "Community | Toolscape" },
    {
      name: "description",
      content: "Toolscape's community: members who review AI tools, fix their facts, vote in polls and earn badges.",
    },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.services;
  const [figures, leaders, viewer] = await Promise.all([
    communityFigures(db),
    leaderboard(db, 5),
    viewerOf(context, request),
  ]);
  return { figures, leaders, signedIn: viewer !== null };
}

type Card = { title: string; text: string; href: string; cta: string };

/** The community's feature cards: each one live (issue 21 removed the 'Coming Soon' tiles). */
const CARDS: Card[] = [
  {
    title: "Tool Reviews",
    text: "Rate the tools you use and read what other members found.",
    href: "/tools",
    cta: "Browse tools",
  },
  {
    title: "Beta Testing",
    text: "Try new AI tools before launch and shape them with feedback.",
    href: "/beta",
    cta: "See beta programs",
  },
  {
    title: "Corrections",
    text: "Spot a wrong price or a dead link? Propose a fix and vote on others'.",
    href: "/corrections",
    cta: "Review corrections",
  },
  {
    title: "Achievements",
    text: "Earn badges for streaks, reviews and verified corrections.",
    href: "/achievements",
    cta: "See badges",
  },
  {
    title: "Top Lists",
    text: "Members' and editors' picks of the tools worth your time, public and shareable.",
    href: "/top-lists",
    cta: "See top lists",
  },
  {
    title: "Polls",
    text: "Say what you use a tool for and see how others answered.",
    href: "/polls",
    cta: "Answer polls",
  },
  {
    title: "Trending",
    text: "What members saved, reviewed and clicked most this week, and why.",
    href: "/trending",
    cta: "See what's trending",
  },
  {
    title: "Weekly Newsletter",
    text: "The week's new and trending tools in your inbox.",
    href: "/#newsletter",
    cta: "Subscribe",
  },
];

export default function Community({ loaderData }: Route.ComponentProps) {
  const { figures, leaders, signedIn } = loaderData;
  const stats: [string, number][] = [
    ["Members", figures.members],
    ["Reviews", figures.reviews],
    ["Corrections proposed", figures.corrections],
    ["Active polls", figures.polls],
  ];
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">The Toolscape community</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
        Real people keeping an AI tool directory honest: reviews from users, corrections checked by our team, and badges
        for those who help most.
      </p>
      {!signedIn ? (
        <p className="mt-5">
          <Link to="/sign-up" className={buttonClass("primary", "lg")}>
            Join the community — free
          </Link>
        </p>
      ) : null}
      <dl className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="community-figures">
        {stats.map(([label, value]) => (
          <div key={label} className={cardClass}>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="mt-1 text-2xl font-bold">{value.toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-10 text-xl font-semibold">Take part</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {CARDS.map((c) => (
          <li key={c.title} className={cardClassOf("md", "flex flex-col p-5")}>
            <h3 className="font-semibold">{c.title}</h3>
            <p className="mt-1 flex-1 text-sm text-slate-700 dark:text-slate-300">{c.text}</p>
            <Link
              to={c.href}
              className="mt-3 text-sm font-semibold text-brand-700 hover:underline dark:text-indigo-300"
            >
              {c.cta} →
            </Link>
          </li>
        ))}
      </ul>
      <section className="mt-10">
        <h2 className="text-xl font-semibold">Top contributors</h2>
        {leaders.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-400">No contributions yet: be the first.</p>
        ) : (
          <ol className={cardClassOf("md", "mt-3 divide-y divide-slate-200 p-0 dark:divide-slate-800")}>
            {leaders.map((l) => (
              <li key={l.userId} className="flex items-center justify-between px-4 py-2 text-sm">
                <span>
                  #{l.rank}{" "}
                  <Link to={`/user/${l.userId}`} className="font-medium hover:underline">
                    {l.name}
                  </Link>
                </span>
                <span>
                  {l.points} pts · {l.badges} badge{l.badges === 1 ? "" : "s"}
                </span>
              </li>
            ))}
          </ol>
        )}
        <p className="mt-3 text-sm">
          <Link to="/feedback" className="text-brand-700 underline dark:text-indigo-300">
            Send us feedback
          </Link>
        </p>
      </section>
    </div>
  );
}
