import { Link } from "react-router";
import type { ToolCommunity } from "~/lib/community-types";

/** The tool's success stories and AMAs (issue 35): a small section with links, plain HTML. */
export function ToolCommunityLinks({
  tool,
  community,
  claimed,
}: {
  tool: { name: string; slug: string };
  community: ToolCommunity;
  claimed: boolean;
}) {
  const { stories, storyCount, amas } = community;
  return (
    <section className="mt-8" aria-labelledby="tool-community" data-testid="tool-community">
      <h2 id="tool-community" className="text-xl font-semibold">
        From the community
      </h2>
      {stories.length ? (
        <>
          <h3 className="mt-3 font-semibold">Success stories with {tool.name}</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
            {stories.map((s) => (
              <li key={s.id}>
                <Link to={`/community/stories/${s.id}`} className="underline">
                  {s.title}
                </Link>{" "}
                <span className="text-slate-600 dark:text-slate-400">by {s.authorName}</span>
              </li>
            ))}
          </ul>
          {storyCount > stories.length ? (
            <p className="mt-1 text-sm">
              <Link to="/community/stories" className="underline">
                All {storyCount} stories
              </Link>
            </p>
          ) : null}
        </>
      ) : null}
      {amas.length ? (
        <>
          <h3 className="mt-3 font-semibold">AMAs with its makers</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
            {amas.map((a) => (
              <li key={a.id}>
                <Link to={`/community/amas/${a.id}`} className="underline">
                  {a.title}
                </Link>{" "}
                <span className="text-slate-600 dark:text-slate-400">
                  {a.startsAt.slice(0, 10)} {a.startsAt.slice(11, 16)} UTC
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="mt-3 flex flex-wrap gap-4 text-sm">
        <Link to={`/community/stories/new?tool=${encodeURIComponent(tool.slug)}`} className="underline">
          Got a result with {tool.name}? Share your story
        </Link>
        {claimed ? (
          <Link to={`/community/amas/new?tool=${encodeURIComponent(tool.slug)}`} className="underline">
            Makers: host an AMA
          </Link>
        ) : null}
      </p>
    </section>
  );
}
