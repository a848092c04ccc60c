import { Link } from "react-router";
import { cardClass } from "~/components/ui";
import type { StoryView } from "~/lib/community-types";

/** A published story as a card (the list, /community and the tool page's section). */
export function StoryCard({ story, full = false }: { story: StoryView; full?: boolean }) {
  return (
    <li className={cardClass} data-testid="story-card">
      <h3 className="font-semibold">
        <Link to={`/community/stories/${story.id}`} className="hover:underline">
          {story.title}
        </Link>
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        by {story.authorName} · with{" "}
        {story.tools.map((t, i) => (
          <span key={t.slug}>
            {i ? ", " : ""}
            <Link to={`/tools/${t.slug}`} className="underline">
              {t.name}
            </Link>
          </span>
        ))}
      </p>
      {story.numbers ? <p className="mt-2 text-sm font-semibold">{story.numbers}</p> : null}
      <p className={`user-text mt-2 whitespace-pre-line text-sm ${full ? "" : "line-clamp-3"}`}>{story.outcome}</p>
      {story.reply && !full ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">The maker replied.</p>
      ) : null}
    </li>
  );
}
