import { removeFromCompare, requestCompareAdd, useCompareIds, useHydrated } from "~/lib/compare";
import { buttonClass } from "../ui-classes";

// A secondary button; aria-pressed tints it when the tool is in the comparison (app.css).
const CLASS = buttonClass("secondary", "xs");

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
      <a href={`/compare?tools=${encodeURIComponent(toolId)}`} data-compare-id={toolId} className={CLASS}>
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
      className={CLASS}
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
