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
  alternatives: ToolCardData[];
}) {
  return (
    <section>
      <h2 className={h2}>Alternatives to {toolName}</h2>
      {alternatives.length ? (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Tools named by this listing, then {category} tools ranked by shared tags and similar descriptions.
          </p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="alternatives">
            {alternatives.map((alt) => (
              <ToolCard key={alt.id} tool={alt} />
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
