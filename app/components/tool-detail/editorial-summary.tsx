/**
 * Our editors' summary of a tool (issue 20, ADR 0027), in our own words and dated, shown beside the
 * source's text (which follows under "About"). Nothing renders when there is none.
 */
export type EditorialSummaryTool = {
  name: string;
  editorial_summary?: string | null;
  editorial_summary_verified_at?: string | null;
};

const dateFmt = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export function EditorialSummary({ tool }: { tool: EditorialSummaryTool }) {
  if (!tool.editorial_summary) return null;
  return (
    <section
      aria-labelledby="editorial-summary-h"
      className="rounded-xl border border-brand-100 bg-brand-50 p-4 dark:border-brand-900 dark:bg-slate-800"
      data-testid="editorial-summary"
    >
      <h2
        id="editorial-summary-h"
        className="text-sm font-semibold tracking-wide text-brand-900 uppercase dark:text-brand-100"
      >
        Our summary
      </h2>
      <p className="mt-2 leading-relaxed text-slate-800 dark:text-slate-200">{tool.editorial_summary}</p>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        Written by Toolscape editors in our own words
        {tool.editorial_summary_verified_at ? `, checked ${dateFmt(tool.editorial_summary_verified_at)}` : ""}. The text
        under “About {tool.name}” is the listing’s source text.
      </p>
    </section>
  );
}
