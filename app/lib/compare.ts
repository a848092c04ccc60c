import { useSyncExternalStore } from "react";
import { MAX_COMPARE_TOOLS } from "#server/modules/catalog/shared.ts";

/**
 * The visitor's compare list in the browser. The rules (caps, the cap message, the feature table)
 * come from the catalogue module's pure rules file — it has no imports and no I/O, so both the
 * server and this bundle use the very same code.
 */
export {
  addToCompare,
  COMPARE_CAPS,
  compareCap,
  compareCapMessage,
  DEFAULT_COMPARE_CAP,
  type FeatureRow,
  featureMatrix,
  MAX_COMPARE_TOOLS,
  type MemberTier,
} from "#server/modules/catalog/shared.ts";

/** The spec's localStorage key: a JSON array of tool ids. */
export const COMPARE_STORAGE_KEY = "compareTools";
/** The page's compare form (root.tsx): a Compare button submits it, without JavaScript, to /compare. */
export const COMPARE_FORM_ID = "compare-go";
/** App-wide events: open the drawer; ask it to add a tool ({ id }). */
export const COMPARE_OPEN_EVENT = "compare:open";
export const COMPARE_ADD_EVENT = "compare:add";
/** Same-tab change notice (other tabs hear the `storage` event instead). */
const CHANGE_EVENT = "compare:change";

const EMPTY: readonly string[] = Object.freeze([]);
let cache: { raw: string | null; ids: readonly string[] } = { raw: null, ids: EMPTY };
// When storage is unavailable (some private modes), the list lives for this page only.
let memory: string | null = null;

/** A stored value that is not a JSON array of short strings is treated as an empty list. */
export function parseCompareIds(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    const ids = value
      .filter((v): v is string => typeof v === "string")
      .map((v) => v.trim())
      .filter((v) => v.length > 0 && v.length <= 100);
    return [...new Set(ids)].slice(0, MAX_COMPARE_TOOLS);
  } catch {
    return [];
  }
}

function readRaw(): string | null {
  try {
    return localStorage.getItem(COMPARE_STORAGE_KEY);
  } catch {
    return memory;
  }
}

export function readCompareIds(): readonly string[] {
  const raw = readRaw();
  if (raw !== cache.raw) cache = { raw, ids: raw ? parseCompareIds(raw) : EMPTY };
  return cache.ids;
}

export function writeCompareIds(ids: readonly string[]): void {
  const raw = JSON.stringify(ids);
  try {
    localStorage.setItem(COMPARE_STORAGE_KEY, raw);
  } catch {
    memory = raw;
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function removeFromCompare(id: string): void {
  writeCompareIds(readCompareIds().filter((x) => x !== id));
}

export function clearCompare(): void {
  writeCompareIds([]);
}

/** Asks the drawer to add a tool; the drawer applies the cap and opens. */
export function requestCompareAdd(id: string): void {
  window.dispatchEvent(new CustomEvent(COMPARE_ADD_EVENT, { detail: { id } }));
}

export function openCompare(): void {
  window.dispatchEvent(new CustomEvent(COMPARE_OPEN_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === COMPARE_STORAGE_KEY || event.key === null) onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** The compare list, kept in step with this tab's changes and other tabs' (`storage` events). */
export function useCompareIds(): readonly string[] {
  return useSyncExternalStore(subscribe, readCompareIds, () => EMPTY);
}

const noSubscription = () => () => {};
/** False in the server HTML and during hydration, true once the browser has taken over. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
