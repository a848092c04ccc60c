/**
 * Our editors' summary of a tool (issue 20, ADR 0027), in our own words and dated, shown beside the
 * source's text (which follows under "About"). Nothing renders when there is none. A summary checked on
 * the tool's site says when; one written from the listing's sources (issue 36: verified_at null) says
 * only that, and when it was written — never "checked".
 */
export type EditorialSummaryTool = {
  name: string;
  editorial_summary?: string | null;
  editorial_summary_verified_at?: string | null;
  editorial_summary_written_at?: string | null;
};

const dateFmt = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** The line under the summary: what it rests on, and its date. */
export function editorialSummaryNote(tool: EditorialSummaryTool): string {
  if (tool.editorial_summary_verified_at) {
    return `Written by Toolscape editors in our own words, checked ${dateFmt(tool.editorial_summary_verified_at)}.`;
  }
  const written = tool.editorial_summary_written_at ? ` ${dateFmt(tool.editorial_summary_written_at)}` : "";
  return `Editors' summary · written${written} from the listing's sources, not yet checked on ${tool.name}'s own site.`;
}

/**
 * Where the listing's own text is on the page: under "About {name}", or only in the line under the name
 * (when its long text is that line: the overview does not repeat it).
 */
export function EditorialSummary({
  tool,
  sourceText = "about",
}: {
  tool: EditorialSummaryTool;
  sourceText?: "about" | "lead";
}) {
  if (!tool.editorial_summary) return null;
  return (
    <section
      aria-labelledby="editorial-summary-h"
      className="rounded-xl border border-brand-100 bg-brand-50 p-4 dark:border-brand-900 dark:bg-slate-800"
      data-testid="editorial-summary"
      data-basis={tool.editorial_summary_verified_at ? "site" : "listing"}
    >
      <h2
        id="editorial-summary-h"
        className="text-sm font-semibold tracking-wide text-brand-900 uppercase dark:text-brand-100"
      >
        Our summary
      </h2>
      <p className="mt-2 leading-relaxed text-slate-800 dark:text-slate-200">{tool.editorial_summary}</p>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        {editorialSummaryNote(tool)}{" "}
        {sourceText === "about"
          ? `The text under “About ${tool.name}” is the listing’s source text.`
          : `The line under ${tool.name}’s name is the listing’s source text.`}
      </p>
    </section>
  );
}
