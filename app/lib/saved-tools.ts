/**
 * Saved tools and favourites in the browser. Visitors keep them in local storage under these keys
 * (tool ids); members have them on the server, and at sign-in the local lists are merged into the
 * account (POST /api/saved-tools/merge), after which local storage mirrors the account.
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
    localStorage.setItem(key, JSON.stringify(ids));
    window.dispatchEvent(new StorageEvent("storage", { key }));
  } catch {
    // storage unavailable: the server copy is the truth for members anyway
  }
}

/** Sends the local lists to the account once per sign-in (per browser tab session) and mirrors the result. */
export async function mergeLocalSavedTools(userId: string): Promise<void> {
  const flag = `savedToolsMerged:${userId}`;
  try {
    if (sessionStorage.getItem(flag)) return;
  } catch {
    return;
  }
  const saved = readLocalList(SAVED_TOOLS_KEY);
  const favorites = readLocalList(FAVORITE_TOOLS_KEY);
  const res = await fetch("/api/saved-tools/merge", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ saved, favorites }),
  });
  if (!res.ok) return;
  const merged = (await res.json()) as { saved: string[]; favorites: string[] };
  writeLocalList(SAVED_TOOLS_KEY, merged.saved);
  writeLocalList(FAVORITE_TOOLS_KEY, merged.favorites);
  try {
    sessionStorage.setItem(flag, "1");
  } catch {
    // ignore
  }
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

/** Adds a tool to (or removes it from) the local list; members' lists mirror the account this way too. */
export function setInLocalList(kind: SavedKind, tool: { id: string; slug: string }, on: boolean): void {
  const rest = readLocalList(LOCAL_KEYS[kind]).filter((v) => v !== tool.id && v !== tool.slug);
  writeLocalList(LOCAL_KEYS[kind], on ? [...rest, tool.id] : rest);
}
