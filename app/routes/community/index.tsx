import { Link } from "react-router";
import { AmaCard } from "~/components/community/ama-parts";
import { StoryCard } from "~/components/community/story-parts";
import { buttonClass, cardClass, cardClassOf } from "~/components/ui-classes";
import { viewerOf } from "~/lib/accounts.server";
import {
  communityFigures,
  countAmas,
  countDiscussions,
  countStories,
  leaderboard,
  listAmas,
  listStories,
} from "~/lib/community.server";
import { countSubscribers, listBetaPrograms } from "~/lib/content.server";
import type { Route } from "./+types/index";

export function meta() {
  return [
    { title: "Community | Toolscape" },
    {
      name: "description",
      content:
        "Toolscape's community: members who review AI tools, test betas, ask makers in AMAs, share success stories and discuss.",
    },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, clock } = context.services;
  const now = clock.now();
  const [figures, leaders, viewer, beta, readers, discussions, amaCount, amas, storyCount, stories] = await Promise.all(
    [
      communityFigures(db, now),
      leaderboard(db, 5),
      viewerOf(context, request),
      listBetaPrograms(db, { now }),
      countSubscribers(db),
      countDiscussions(db),
      countAmas(db),
      listAmas(db, now, { limit: 3 }),
      countStories(db),
      listStories(db, { limit: 3 }),
    ],
  );
  const counts: Record<FeatureKey, number | null> = {
    reviews: figures.reviews,
    beta: beta.length,
    newsletter: readers,
    discussions,
    amas: amaCount,
    stories: storyCount,
  };
  return { figures, leaders, signedIn: viewer !== null, counts, amas, stories };
}

type FeatureKey = "reviews" | "beta" | "newsletter" | "discussions" | "amas" | "stories";
type Feature = {
  key: FeatureKey;
  title: string;
  text: string;
  href: string;
  cta: string;
  /** the figure, worded; never shown at 0 */
  figure: (n: number) => string;
  /** said instead of a zero */
  invitation: string;
};

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The spec's six feature cards (issue 35 item 5), each leading to a working feature, with a real figure. */
const FEATURES: Feature[] = [
  {
    key: "reviews",
    title: "Tool Reviews",
    text: "Rate the tools you use and read what other members found.",
    href: "/tools",
    cta: "Browse tools",
    figure: (n) => plural(n, "review"),
    invitation: "No reviews counted yet: yours can be the first.",
  },
  {
    key: "beta",
    title: "Beta Testing",
    text: "Try new AI tools before launch and shape them with feedback.",
    href: "/beta",
    cta: "See beta programs",
    figure: (n) => `${plural(n, "program")} open`,
    invitation: "No program is open right now: see how beta testing works.",
  },
  {
    key: "newsletter",
    title: "Weekly Newsletter",
    text: "The week's new and trending tools in your inbox.",
    href: "/#newsletter",
    cta: "Subscribe",
    figure: (n) => plural(n, "reader"),
    invitation: "Be among its first readers.",
  },
  {
    key: "discussions",
    title: "Discussion Forums",
    text: "Ask how others use a tool, compare notes and get answers, the maker's included.",
    href: "/community/discussions",
    cta: "Join the discussions",
    figure: (n) => plural(n, "discussion"),
    invitation: "Start the first discussion.",
  },
  {
    key: "amas",
    title: "Expert AMAs",
    text: "Ask the makers of AI tools anything; the answers stay in the archive.",
    href: "/community/amas",
    cta: "See AMAs",
    figure: (n) => plural(n, "AMA"),
    invitation: "The first AMA is still to be scheduled: makers, host one.",
  },
  {
    key: "stories",
    title: "Success Stories",
    text: "Members' results with AI tools: the problem, the tools, the outcome.",
    href: "/community/stories",
    cta: "Read stories",
    figure: (n) => plural(n, "story", "stories"),
    invitation: "No story published yet: share yours.",
  },
];

type Card = { title: string; text: string; href: string; cta: string };

/** The other community pages (issue 21 removed the 'Coming Soon' tiles; each of these is live). */
const MORE: Card[] = [
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
];

export default function Community({ loaderData }: Route.ComponentProps) {
  const { figures, leaders, signedIn, counts, amas, stories } = loaderData;
  // Real activity or a designed invitation, never a row of zeros (issue 36): a figure shows once it is
  // above zero, and the member count only beside activity (one member alone says "empty").
  const activity: [string, number][] = (
    [
      ["Reviews", figures.reviews],
      ["Corrections proposed", figures.corrections],
      ["Active polls", figures.polls],
    ] as [string, number][]
  ).filter(([, n]) => n > 0);
  const stats: [string, number][] = activity.length ? [["Members", figures.members], ...activity] : [];
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
      {stats.length ? (
        <dl className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="community-figures">
          {stats.map(([label, value]) => (
            <div key={label} className={cardClass}>
              <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
              <dd className="mt-1 text-2xl font-bold">{value.toLocaleString("en-US")}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <section
          className={cardClassOf(
            "md",
            "mt-8 border-brand-200 bg-brand-50 p-5 dark:border-indigo-900 dark:bg-slate-900",
          )}
          data-testid="community-invitation"
          aria-labelledby="community-invitation-title"
        >
          <h2 id="community-invitation-title" className="text-lg font-semibold">
            The first reviews are still to be written
          </h2>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            Used one of these tools at work or for a project? Your review is what the next reader needs: what it did
            well, what it cost, and what you would pick instead.
          </p>
          <p className="mt-3 flex flex-wrap gap-3">
            <Link to="/tools" className={buttonClass("primary", "md")}>
              Review a tool you use
            </Link>
            <Link to="/corrections" className={buttonClass("secondary", "md")}>
              Fix a wrong fact
            </Link>
          </p>
        </section>
      )}
      <h2 className="mt-10 text-xl font-semibold">Take part</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="community-features">
        {FEATURES.map((f) => {
          const n = counts[f.key];
          return (
            <li key={f.key} className={cardClassOf("md", "flex flex-col p-5")} data-testid="community-feature">
              <h3 className="font-semibold">{f.title}</h3>
              <p className="mt-1 flex-1 text-sm text-slate-700 dark:text-slate-300">{f.text}</p>
              <p className="mt-2 text-sm font-medium" data-testid="community-feature-count">
                {n ? f.figure(n) : f.invitation}
              </p>
              <Link
                to={f.href}
                className="mt-3 text-sm font-semibold text-brand-700 hover:underline dark:text-indigo-300"
              >
                {f.cta} →
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="mt-10 grid gap-8 md:grid-cols-2">
        <section aria-labelledby="community-amas">
          <h2 id="community-amas" className="text-xl font-semibold">
            Maker AMAs
          </h2>
          {amas.upcoming.length === 0 && amas.past.length === 0 ? (
            <p className="mt-2 text-slate-600 dark:text-slate-400">
              No AMA yet. Verified makers can{" "}
              <Link to="/community/amas/new" className="underline">
                schedule one
              </Link>
              .
            </p>
          ) : (
            <>
              <h3 className="mt-3 text-sm font-semibold uppercase text-slate-600 dark:text-slate-400">Upcoming</h3>
              {amas.upcoming.length ? (
                <ul className="mt-2 space-y-3">
                  {amas.upcoming.map((a) => (
                    <AmaCard key={a.id} ama={a} />
                  ))}
                </ul>
              ) : (
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">None scheduled right now.</p>
              )}
              <h3 className="mt-4 text-sm font-semibold uppercase text-slate-600 dark:text-slate-400">Past</h3>
              {amas.past.length ? (
                <ul className="mt-2 space-y-3">
                  {amas.past.map((a) => (
                    <AmaCard key={a.id} ama={a} />
                  ))}
                </ul>
              ) : (
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                  The archive starts after the first one.
                </p>
              )}
            </>
          )}
        </section>
        <section aria-labelledby="community-stories">
          <h2 id="community-stories" className="text-xl font-semibold">
            Success stories
          </h2>
          {stories.length === 0 ? (
            <p className="mt-2 text-slate-600 dark:text-slate-400">
              No story published yet.{" "}
              <Link to="/community/stories/new" className="underline">
                Share yours
              </Link>
              .
            </p>
          ) : (
            <ul className="mt-3 space-y-3">
              {stories.map((st) => (
                <StoryCard key={st.id} story={st} />
              ))}
            </ul>
          )}
        </section>
      </div>
      <h2 className="mt-10 text-xl font-semibold">More ways to help</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {MORE.map((c) => (
          <li key={c.title} className={cardClassOf("md", "flex flex-col p-4")}>
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
