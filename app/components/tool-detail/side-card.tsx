import { Link } from "react-router";
import { CompareButton } from "~/components/compare/compare-button";
import { Island } from "~/lib/island";
import { splitComponent } from "~/lib/split";
import type { SideCardDeal, SideCardTool } from "./static-parts";

export type { SideCardDeal, SideCardTool } from "./static-parts";

const SideCardMain = splitComponent(() => import("./static-parts").then((m) => m.SideCardMain));

/**
 * The tool page's side card: the deal and outbound links (a static island), the Compare button and
 * the membership note. Every outbound link goes through /go, which records the click.
 */
export function SideCard({
  tool,
  deal,
  maxIncluded,
}: {
  tool: SideCardTool;
  deal: SideCardDeal | null;
  maxIncluded: number;
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
      <p className="mt-4 border-t border-slate-200 pt-4 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
        <Link to="/pricing" className="font-medium text-slate-800 hover:underline dark:text-slate-200">
          Toolscape memberships
        </Link>
        : 30-day money-back guarantee, no setup fees.
      </p>
    </aside>
  );
}
