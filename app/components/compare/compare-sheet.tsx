import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import {
  addToCompare,
  clearCompare,
  compareCapMessage,
  readCompareIds,
  removeFromCompare,
  writeCompareIds,
} from "~/lib/compare";
import { Modal } from "../modal";
import { badgeClass, buttonClass } from "../ui-classes";
import { FeatureTable, ProsCons } from "./compare-tables";
import { CompareEmpty, CompareGrid, CompareSlot, CompareToolCard, type CompareToolData } from "./compare-view";

type CompareResponse =
  | { success: true; tools: CompareToolData[]; missing: string[] }
  | { success: false; error: string };

/**
 * Adds a tool to the stored list under the viewer's cap. Returns the refusal to show (the cap
 * message), or null when the tool is in the list (added now or already there).
 */
export function addTool(id: string, cap: number): string | null {
  const result = addToCompare(readCompareIds(), id, cap);
  if (result.ok) writeCompareIds(result.ids);
  return result.ok || result.reason === "already-added" ? null : result.message;
}

// Tools fetched so far in this page's life, by id and by slug: removing a tool or reopening the
// drawer costs no request.
let fetched: ReadonlyMap<string, CompareToolData> = new Map();

/**
 * The comparison sheet of the compare drawer, loaded the first time the drawer opens (it is not
 * part of any page's first load). `ids` is the stored list, `cap` the viewer's compare limit.
 */
export default function CompareSheet({
  ids,
  cap,
  onClose,
  returnFocus,
}: {
  ids: readonly string[];
  cap: number;
  onClose: () => void;
  returnFocus: React.RefObject<HTMLElement | null>;
}) {
  const shown = ids.slice(0, cap);
  const [tools, setToolsState] = useState(fetched);
  const setTools = (update: (prev: ReadonlyMap<string, CompareToolData>) => ReadonlyMap<string, CompareToolData>) =>
    setToolsState((prev) => {
      fetched = update(prev);
      return fetched;
    });
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const sheetRef = useRef<HTMLDivElement>(null);

  const needed = shown.filter((id) => !tools.has(id.toLowerCase()));
  const neededKey = needed.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the request after a failure
  useEffect(() => {
    if (!neededKey) return;
    const controller = new AbortController();
    setFailed(null);
    fetch(`/api/tools/compare?ids=${encodeURIComponent(neededKey)}`, {
      signal: controller.signal,
      headers: { accept: "application/json" },
    })
      .then(async (res) => {
        const body = (await res.json()) as CompareResponse;
        if (!res.ok || !body.success) throw new Error(body.success ? `HTTP ${res.status}` : body.error);
        setTools((prev) => {
          const next = new Map(prev);
          for (const t of body.tools) {
            next.set(t.id, t);
            next.set(t.slug, t);
          }
          return next;
        });
        // Tools deleted or unpublished since they were added leave the list.
        if (body.missing.length) {
          const gone = new Set(body.missing);
          writeCompareIds(readCompareIds().filter((id) => !gone.has(id.toLowerCase())));
        }
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setFailed(error instanceof Error ? error.message : "The comparison could not be loaded.");
      });
    return () => controller.abort();
  }, [neededKey, attempt]);

  const loaded = shown.map((id) => tools.get(id.toLowerCase())).filter((t): t is CompareToolData => !!t);
  const loading = needed.length > 0 && !failed;
  const pageHref = `/compare?tools=${(loaded.length === shown.length ? loaded.map((t) => t.slug) : shown).join(",")}`;

  return (
    <Modal
      open
      onClose={onClose}
      labelledBy="compare-title"
      describedBy="compare-description"
      testId="compare-drawer"
      // Focus the sheet itself rather than its first button (Clear All would be one key away); on
      // close, focus goes back to what opened the drawer, else to the Compare button.
      initialFocus={sheetRef}
      returnFocus={returnFocus}
      className="fixed inset-x-0 top-auto bottom-0 z-50 m-0 max-h-[88vh] w-full max-w-none rounded-t-2xl border-t border-slate-200 bg-slate-50 p-0 text-inherit shadow-2xl dark:border-slate-700 dark:bg-slate-950"
    >
      <div ref={sheetRef} tabIndex={-1} className="flex max-h-[88vh] flex-col outline-none">
        <div className="border-b border-slate-200 px-4 py-3 sm:px-6 dark:border-slate-800">
          <div className="mx-auto flex max-w-6xl flex-col gap-1">
            <div className="flex items-center gap-3">
              <h2 id="compare-title" className="text-lg font-bold">
                Tool Comparison
              </h2>
              <span data-testid="compare-count" className={badgeClass("brand", "px-2.5 text-sm")}>
                {shown.length} of {cap}
              </span>
              <button
                type="button"
                onClick={onClose}
                className="ml-auto rounded-md p-2 text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800"
                aria-label="Close comparison"
              >
                <span aria-hidden="true">✕</span>
              </button>
            </div>
            <div className="flex items-center gap-3">
              <p id="compare-description" className="flex-1 text-sm text-slate-600 dark:text-slate-400">
                {shown.length === 0 ? `Compare up to ${cap} tools side by side.` : compareCapMessage(cap, shown.length)}
              </p>
              {shown.length > 0 ? (
                <button
                  type="button"
                  onClick={clearCompare}
                  className="shrink-0 rounded-md border border-red-200 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 dark:border-red-900 dark:text-red-300 dark:hover:bg-red-950"
                >
                  Clear All
                </button>
              ) : null}
            </div>
          </div>
        </div>
        <div className="overflow-y-auto px-4 pt-4 pb-8 sm:px-6">
          <div className="mx-auto max-w-6xl">
            {shown.length === 0 ? (
              <CompareEmpty headingLevel={3} onBrowse={() => onClose()} />
            ) : failed ? (
              <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
                <p>The comparison could not be loaded. {failed}</p>
                <button
                  type="button"
                  onClick={() => setAttempt((n) => n + 1)}
                  className="mt-2 rounded-md border border-red-300 px-3 py-1.5 font-medium hover:bg-red-100"
                >
                  Try again
                </button>
              </div>
            ) : (
              <>
                {loading ? (
                  <p role="status" className="mb-3 text-sm text-slate-600 dark:text-slate-400">
                    Loading comparison…
                  </p>
                ) : null}
                {ids.length > cap ? (
                  <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
                    {ids.length - cap} more tool(s) in your list are not shown: you can compare up to {cap} tools.
                  </p>
                ) : null}
                <CompareGrid>
                  {loaded.map((tool) => (
                    <CompareToolCard
                      key={tool.id}
                      tool={tool}
                      headingLevel={3}
                      remove={
                        <button
                          type="button"
                          onClick={() => {
                            const stored = readCompareIds().find(
                              (id) => id.toLowerCase() === tool.id || id.toLowerCase() === tool.slug,
                            );
                            if (stored) removeFromCompare(stored);
                          }}
                          aria-label={`Remove ${tool.name} from comparison`}
                          className="shrink-0 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
                        >
                          <span aria-hidden="true">✕</span>
                        </button>
                      }
                    />
                  ))}
                  {!loading && shown.length < cap ? (
                    <CompareSlot>
                      <p>Add another tool for a complete comparison.</p>
                      <Link
                        to="/tools"
                        onClick={() => onClose()}
                        className={buttonClass("secondary", "md", "px-3 py-1.5")}
                      >
                        Find another tool
                      </Link>
                    </CompareSlot>
                  ) : null}
                </CompareGrid>
                {loaded.length > 0 ? (
                  <>
                    <FeatureTable tools={loaded} headingLevel={3} />
                    <ProsCons tools={loaded} headingLevel={3} />
                    <p className="mt-6 text-sm">
                      <Link
                        to={pageHref}
                        onClick={() => onClose()}
                        className="font-medium text-brand-700 underline hover:no-underline dark:text-brand-100"
                      >
                        Open as a shareable page
                      </Link>
                    </p>
                  </>
                ) : null}
              </>
            )}
          </div>
        </div>
      </div>
    </Modal>
  );
}
