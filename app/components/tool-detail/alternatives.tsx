import { Link } from "react-router";
import { Empty } from "../empty-state";
import { ToolCard, type ToolCardData } from "../tool-card";

const h2 = "text-xl font-semibold";

/** The alternatives tab: the ranked alternatives as cards, and the way to the whole category. */
export function Alternatives({
  toolName,
  category,
  categoryHref,
  alternatives,
}: {
  toolName: string;
  category: string;
  categoryHref: string;
  /** `reason`: why it is one ('also does: summarise a video · cheaper'), issue 32 */
  alternatives: (ToolCardData & { reason?: string })[];
}) {
  return (
    <section>
      <h2 className={h2}>Alternatives to {toolName}</h2>
      {alternatives.length ? (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Tools that do the same jobs, named by this listing or alike in tags and category, each with the reason.
          </p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="alternatives">
            {alternatives.map((alt) => (
              <div key={alt.id} className="flex flex-col gap-1">
                <ToolCard tool={alt} />
                {alt.reason ? (
                  <p className="px-1 text-sm text-slate-600 dark:text-slate-400" data-testid="alternative-reason">
                    {alt.reason}
                  </p>
                ) : null}
              </div>
            ))}
          </div>
        </>
      ) : (
        <div className="mt-3">
          <Empty title="No alternatives yet">No other {category} tools are listed yet.</Empty>
        </div>
      )}
      <p className="mt-4">
        <Link to={categoryHref} className="font-medium text-brand-700 hover:underline dark:text-indigo-300">
          Browse all {category} tools →
        </Link>
      </p>
    </section>
  );
}
