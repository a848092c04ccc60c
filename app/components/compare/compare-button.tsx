import { removeFromCompare, requestCompareAdd, useCompareIds, useHydrated } from "~/lib/compare";

const BASE =
  "inline-flex items-center gap-1 rounded-md border px-2.5 py-1 text-xs font-medium transition-colors focus-visible:outline-2";
const IDLE =
  "border-slate-300 text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800";
const ADDED =
  "border-brand-600 bg-brand-50 text-brand-700 hover:bg-brand-100 dark:border-brand-500 dark:bg-brand-900 dark:text-brand-100";

/**
 * Adds a tool to (or takes it out of) the comparison. Without JavaScript it is a link to the
 * shareable /compare page for this tool; once the app has hydrated it becomes a toggle button that
 * asks the drawer to add the tool (the drawer applies the cap) and shows the Added state.
 */
export function CompareButton({ toolId, toolName }: { toolId: string; toolName: string }) {
  const hydrated = useHydrated();
  const ids = useCompareIds();
  if (!hydrated) {
    return (
      <a href={`/compare?tools=${encodeURIComponent(toolId)}`} data-compare-id={toolId} className={`${BASE} ${IDLE}`}>
        Compare<span className="sr-only"> {toolName}</span>
      </a>
    );
  }
  const added = ids.includes(toolId);
  return (
    <button
      type="button"
      data-compare-id={toolId}
      aria-pressed={added}
      className={`${BASE} ${added ? ADDED : IDLE}`}
      onClick={() => (added ? removeFromCompare(toolId) : requestCompareAdd(toolId))}
    >
      {added ? (
        <>
          <span aria-hidden="true">✓</span> Added<span className="sr-only"> to comparison: {toolName}</span>
        </>
      ) : (
        <>
          Compare<span className="sr-only"> {toolName}</span>
        </>
      )}
    </button>
  );
}
