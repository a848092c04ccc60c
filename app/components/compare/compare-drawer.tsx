import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { COMPARE_ADD_EVENT, COMPARE_OPEN_EVENT, DEFAULT_COMPARE_CAP, useCompareIds } from "~/lib/compare";
import { LoadBoundary } from "../load-boundary";
import { useToast } from "../toast";

// The sheet (the comparison itself) loads when the drawer first opens.
const loadSheet = () => import("./compare-sheet");
const CompareSheet = lazy(loadSheet);

/**
 * The app-wide comparison drawer (a bottom sheet). It opens on the `compare:open` event and when a
 * tool is added (`compare:add` with { id }); the list lives in localStorage `compareTools` and is
 * re-read whenever it changes, in this tab or another. `cap` is the viewer's compare limit from
 * the root loader (their tier's, from the entitlements table; visitors the free cap). The server
 * applies the same cap to what it answers.
 */
export function CompareDrawer({ cap = DEFAULT_COMPARE_CAP }: { cap?: number }) {
  const toast = useToast();
  const ids = useCompareIds();
  const shown = ids.slice(0, cap);
  const [open, setOpen] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const fabRef = useRef<HTMLButtonElement>(null);
  // On close, focus goes back to what opened the drawer (a Compare button), else to the floating one.
  const [focusBack] = useState(() => ({
    get current(): HTMLElement | null {
      return returnFocus.current?.isConnected ? returnFocus.current : fabRef.current;
    },
  }));

  const show = useCallback(() => {
    const active = document.activeElement;
    returnFocus.current = active instanceof HTMLElement && active !== document.body ? active : null;
    setOpen(true);
  }, []);

  useEffect(() => {
    const onOpen = () => show();
    const onAdd = (event: Event) => {
      const id = (event as CustomEvent<{ id?: unknown }>).detail?.id;
      if (typeof id !== "string" || !id.trim()) return;
      // The rules (and the sheet that shows the result) load with the first tool added.
      loadSheet().then(
        ({ addTool }) => {
          const refused = addTool(id.trim(), cap);
          if (refused) toast(refused);
          else show();
        },
        () => toast("The comparison could not be loaded. Reload the page to try again.", "error"),
      );
    };
    window.addEventListener(COMPARE_OPEN_EVENT, onOpen);
    window.addEventListener(COMPARE_ADD_EVENT, onAdd);
    return () => {
      window.removeEventListener(COMPARE_OPEN_EVENT, onOpen);
      window.removeEventListener(COMPARE_ADD_EVENT, onAdd);
    };
  }, [cap, show, toast]);

  return (
    <>
      {ids.length > 0 && !open ? (
        <button
          ref={fabRef}
          type="button"
          onClick={show}
          className="fixed bottom-4 left-4 z-40 flex items-center gap-2 rounded-full bg-slate-900 px-4 py-2.5 text-sm font-semibold text-white shadow-lg hover:bg-slate-800 dark:bg-white dark:text-slate-900 dark:hover:bg-slate-200"
        >
          <span aria-hidden="true">⇄</span> Compare ({shown.length})
        </button>
      ) : null}
      {open ? (
        <LoadBoundary>
          <Suspense fallback={null}>
            <CompareSheet ids={ids} cap={cap} onClose={() => setOpen(false)} returnFocus={focusBack} />
          </Suspense>
        </LoadBoundary>
      ) : null}
    </>
  );
}
