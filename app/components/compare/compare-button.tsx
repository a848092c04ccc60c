/**
 * Adds a tool to the comparison list. Placeholder contract for the compare drawer:
 * the list lives in localStorage `compareTools` (tool ids); this dispatches `compare:open`.
 */
export function CompareButton({ toolId, toolName }: { toolId: string; toolName: string }) {
  return (
    <button
      type="button"
      data-compare-id={toolId}
      aria-label={`Compare ${toolName}`}
      className="rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
      onClick={() => window.dispatchEvent(new CustomEvent("compare:add", { detail: { id: toolId } }))}
    >
      Compare
    </button>
  );
}
