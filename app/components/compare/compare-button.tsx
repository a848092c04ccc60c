import { COMPARE_FORM_ID, removeFromCompare, requestCompareAdd, useCompareIds, useHydrated } from "~/lib/compare";
import { buttonClass } from "../ui-classes";

// A secondary button; aria-pressed tints it when the tool is in the comparison (app.css).
const CLASS = buttonClass("secondary", "xs");

/**
 * Adds a tool to (or takes it out of) the comparison. One element before and after hydration (issue 36
 * item 4: swapping 30 links for 30 buttons right after hydration was the largest blocking task on
 * /search): a submit button of the page's compare form (root.tsx), so without JavaScript it opens the
 * shareable /compare page for this tool (`/compare?tools=<id>`); once the app has hydrated, a click asks
 * the drawer to add the tool (the drawer applies the cap) and the button shows the Added state.
 */
export function CompareButton({ toolId, toolName }: { toolId: string; toolName: string }) {
  const hydrated = useHydrated();
  const ids = useCompareIds();
  const added = hydrated && ids.includes(toolId);
  return (
    <button
      type="submit"
      form={COMPARE_FORM_ID}
      name="tools"
      value={toolId}
      data-compare-id={toolId}
      aria-pressed={hydrated ? added : undefined}
      className={CLASS}
      onClick={(event) => {
        event.preventDefault();
        if (added) removeFromCompare(toolId);
        else requestCompareAdd(toolId);
      }}
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
