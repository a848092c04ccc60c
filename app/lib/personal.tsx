import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import type { PersonalParts } from "#server/modules/personal/index.ts";
import type { loader as rootLoader } from "~/root";

export type { PersonalParts };

/**
 * The one personal request of a shared member page (ADR 0032). The server sent the cached page of
 * the member's tier (root data: `audience` set, `viewer` null); after hydration this asks
 * GET /api/me/page-state for the member's own parts of the page on screen and hands them to
 * whatever reads `usePersonal()`. On pages rendered for the member (actions, client navigations,
 * personal pages) the loaders' own data wins: read `loaderData.x ?? usePersonal()?.x`.
 */
const PersonalContext = createContext<PersonalParts | null>(null);

export function PersonalProvider({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  const shared = Boolean(root?.audience) && !root?.viewer;
  const path = `${location.pathname}${location.search}`;
  const [parts, setParts] = useState<{ path: string; parts: PersonalParts } | null>(null);
  useEffect(() => {
    if (!shared) return;
    // (An answer for a page left meanwhile is kept under its own path, never shown on another.)
    fetch(`/api/me/page-state?path=${encodeURIComponent(path)}`)
      .then((res) => (res.ok ? (res.json() as Promise<PersonalParts>) : null))
      .then((next) => {
        if (!next) return;
        setParts({ path, parts: next });
        // The account's dark mode applies where the browser has not chosen a theme itself.
        if (next.darkMode && !/(?:^|; )theme=/.test(document.cookie)) document.documentElement.classList.add("dark");
      })
      .catch(() => {
        // offline: the page stays the shared one (its forms still work)
      });
  }, [shared, path]);
  // The viewer and the compare cap hold across pages; the page's own parts only for their path.
  const value = parts ? (parts.path === path ? parts.parts : { ...parts.parts, tool: null, saveSearch: null }) : null;
  return <PersonalContext.Provider value={shared ? value : null}>{children}</PersonalContext.Provider>;
}

/** The member's own parts of the shared page on screen (null: not a shared page, or not there yet). */
export function usePersonal(): PersonalParts | null {
  return useContext(PersonalContext);
}

/** The tier a shared member page was rendered for (null for visitors and on personal renders). */
export function useAudience() {
  return useRouteLoaderData<typeof rootLoader>("root")?.audience ?? null;
}
