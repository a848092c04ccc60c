/**
 * Saved tools and favourites in the browser. Only a visitor's own saves live in local storage (tool
 * ids, under these keys); a member's lists live on the server and are never copied here, so nothing of
 * one member's is left in the browser after sign-out (issue 31: a member's saves stayed after sign-out
 * and were merged into the next account that signed in on that browser). At sign-in, what this browser
 * saved while signed out is offered to the account with a prompt (`SavedToolsSync`): added
 * (POST /api/saved-tools/merge) or discarded, and either way the local lists are emptied.
 */
export const SAVED_TOOLS_KEY = "savedTools";
export const FAVORITE_TOOLS_KEY = "favoriteTools";

export function readLocalList(key: string): string[] {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? "[]");
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string").slice(0, 500) : [];
  } catch {
    return [];
  }
}

export function writeLocalList(key: string, ids: string[]): void {
  try {
    if (ids.length) localStorage.setItem(key, JSON.stringify(ids));
    else localStorage.removeItem(key);
    window.dispatchEvent(new StorageEvent("storage", { key }));
  } catch {
    // storage unavailable: nothing was saved in this browser
  }
}

/** How many tools this browser saved (or marked favourite) while signed out. */
export function localSaveCount(): number {
  return new Set([...readLocalList(SAVED_TOOLS_KEY), ...readLocalList(FAVORITE_TOOLS_KEY)]).size;
}

/** Empties this browser's lists (the visitor's saves were added to the account, or declined). */
export function discardLocalSavedTools(): void {
  writeLocalList(SAVED_TOOLS_KEY, []);
  writeLocalList(FAVORITE_TOOLS_KEY, []);
}

/** Adds what this browser saved while signed out to the signed-in account, then forgets it locally. */
export async function mergeLocalSavedTools(): Promise<boolean> {
  const saved = readLocalList(SAVED_TOOLS_KEY);
  const favorites = readLocalList(FAVORITE_TOOLS_KEY);
  const res = await fetch("/api/saved-tools/merge", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ saved, favorites }),
  });
  if (!res.ok) return false;
  discardLocalSavedTools();
  return true;
}

export type SavedKind = "saved" | "favorite";

/** The toasts of the tool page's toggles (the spec's for favourites). */
export const TOGGLE_MESSAGES: Record<SavedKind, { on: string; off: string }> = {
  favorite: { on: "Added to favorites!", off: "Removed from favorites" },
  saved: { on: "Tool saved", off: "Removed from saved tools" },
};

export const LOCAL_KEYS: Record<SavedKind, string> = { saved: SAVED_TOOLS_KEY, favorite: FAVORITE_TOOLS_KEY };

/** Whether the local list holds a tool (by id or slug: older entries may be slugs). */
export function inLocalList(kind: SavedKind, tool: { id: string; slug: string }): boolean {
  return readLocalList(LOCAL_KEYS[kind]).some((v) => v === tool.id || v === tool.slug);
}

/** Adds a tool to (or removes it from) this visitor's local list. */
export function setInLocalList(kind: SavedKind, tool: { id: string; slug: string }, on: boolean): void {
  const rest = readLocalList(LOCAL_KEYS[kind]).filter((v) => v !== tool.id && v !== tool.slug);
  writeLocalList(LOCAL_KEYS[kind], on ? [...rest, tool.id] : rest);
}
