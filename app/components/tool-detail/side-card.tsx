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
    </aside>
  );
}
