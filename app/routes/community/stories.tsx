import { Link } from "react-router";
import { StoryCard } from "~/components/community/story-parts";
import { badgeClass, buttonClass, cardClass } from "~/components/ui";
import { viewerOf } from "~/lib/accounts.server";
import { listMyStories, listStories } from "~/lib/community.server";
import type { Route } from "./+types/stories";

/** Success stories (issue 35 item 3): published ones, and the member's own with their status. */
export function meta() {
  return [
    { title: "Success stories | Toolscape community" },
    {
      name: "description",
      content: "Members' results with AI tools: the problem, the tools they used, what came out of it.",
    },
  ];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await viewerOf(context, request);
  const { db } = context.services;
  const [stories, mine] = await Promise.all([
    listStories(db, { limit: 50 }),
    viewer ? listMyStories(db, viewer.user.id) : [],
  ]);
  const submitted = new URL(request.url).searchParams.get("submitted") === "1";
  return { stories, mine, signedIn: viewer !== null, submitted };
}

const STATUS = { pending: "Waiting for a moderator", published: "Published", rejected: "Not published" } as const;
const TONE = { pending: "warning", published: "success", rejected: "danger" } as const;

export default function Stories({ loaderData }: Route.ComponentProps) {
  const { stories, mine, signedIn, submitted } = loaderData;
  return (
    <div className="mx-auto max-w-4xl">
      <p className="text-sm">
        <Link to="/community" className="underline">
          Community
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">Success stories</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        What members got done with AI tools: the problem, the tools, the outcome and, where they have them, the numbers.
        A moderator reads every story before it is published.
      </p>
      {submitted ? (
        <p className="mt-4 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-100">
          Thank you! Your story is waiting for a moderator; you will see it below once it is decided.
        </p>
      ) : null}
      <p className="mt-4">
        <Link
          to={signedIn ? "/community/stories/new" : "/sign-in?redirectTo=/community/stories/new"}
          className={buttonClass("primary", "md")}
        >
          Share your story
        </Link>
      </p>
      {mine.length ? (
        <section className="mt-8" aria-labelledby="stories-mine">
          <h2 id="stories-mine" className="text-xl font-semibold">
            Your stories
          </h2>
          <ul className="mt-3 space-y-3">
            {mine.map((s) => (
              <li key={s.id} className={cardClass} data-testid="my-story">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">{s.title}</h3>
                  <span className={badgeClass(TONE[s.status])}>{STATUS[s.status]}</span>
                </div>
                {s.rejectReason ? (
                  <p className="mt-1 text-sm text-red-800 dark:text-red-300">Reason: {s.rejectReason}</p>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="mt-8" aria-labelledby="stories-published">
        <h2 id="stories-published" className="text-xl font-semibold">
          Published stories
        </h2>
        {stories.length === 0 ? (
          <p className="mt-3 text-slate-600 dark:text-slate-400" data-testid="stories-empty">
            No story is published yet. Saved hours, money or a project with an AI tool? Yours could be the first.
          </p>
        ) : (
          <ul className="mt-3 space-y-3">
            {stories.map((s) => (
              <StoryCard key={s.id} story={s} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
