import { Link } from "react-router";
import { CompareButton } from "~/components/compare/compare-button";
import { Island } from "~/lib/island";
import { splitComponent } from "~/lib/split";
import type { SideCardDeal, SideCardTool } from "./static-parts";

export type { SideCardDeal, SideCardTool } from "./static-parts";

const SideCardMain = splitComponent(() => import("./static-parts").then((m) => m.SideCardMain));

/**
 * The tool page's side card: the deal and outbound links (a static island) and the Compare button.
 * Every outbound link goes through /go, which records the click. It is about the tool only: Toolscape's
 * own membership note read as the tool's guarantee and was shown to paying members too (issue 36).
 * On a wide screen it ends with the best alternatives, so the first screen names them (issue 36 item 2), not
 * only a tab; on a phone the card comes before the summary, and the Alternatives tab names them.
 */
export function SideCard({
  tool,
  deal,
  maxIncluded,
  alternatives = [],
}: {
  tool: SideCardTool;
  deal: SideCardDeal | null;
  maxIncluded: number;
  /** the ranked alternatives, best first; the card names the first three with why */
  alternatives?: SideAlternative[];
}) {
  return (
    <aside
      aria-label={`Get ${tool.name}`}
      className="h-fit rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-20 dark:border-slate-800 dark:bg-slate-900"
    >
      <Island
        id="tool-side"
        component={SideCardMain}
        props={{ tool, deal, included: tool.features.slice(0, maxIncluded) }}
      />
      <div className="mt-4 flex justify-center">
        <CompareButton toolId={tool.id} toolName={tool.name} />
      </div>
      <BestAlternatives slug={tool.slug} alternatives={alternatives} />
    </aside>
  );
}

type SideAlternative = { id: string; slug: string; name: string; reason?: string };

const SIDE_ALTERNATIVES = 3;

function BestAlternatives({ slug, alternatives }: { slug: string; alternatives: SideAlternative[] }) {
  if (!alternatives.length) return null;
  return (
    <section
      aria-labelledby="side-alternatives-title"
      data-testid="side-alternatives"
      className="mt-5 hidden border-t border-slate-200 pt-4 lg:block dark:border-slate-800"
    >
      <h2 id="side-alternatives-title" className="text-sm font-semibold">
        Best alternatives
      </h2>
      <ul className="mt-2 space-y-2 text-sm">
        {alternatives.slice(0, SIDE_ALTERNATIVES).map((a) => (
          <li key={a.id}>
            <Link to={`/tools/${a.slug}`} className="font-medium text-brand-700 hover:underline dark:text-indigo-300">
              {a.name}
            </Link>
            {a.reason ? <span className="block text-xs text-slate-600 dark:text-slate-400">{a.reason}</span> : null}
          </li>
        ))}
      </ul>
      {alternatives.length > SIDE_ALTERNATIVES ? (
        <a
          href={`/tools/${slug}?tab=alternatives#tabs`}
          className="mt-3 inline-block text-xs text-slate-600 underline hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
        >
          All {alternatives.length} alternatives
        </a>
      ) : null}
    </section>
  );
}
