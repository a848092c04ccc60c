import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { canAccessTier, isTier, requiresLabel, type Tier } from "./tiers";

/** The signed-in member as the root loader sent it (null for visitors). */
export function useViewer() {
  return useRouteLoaderData<typeof rootLoader>("root")?.viewer ?? null;
}

/**
 * Whether the viewer's tier opens a tool of `toolTier` (the server has already left out what a
 * locked tool may not show; this only mirrors it: dimmed card, 'Requires …', Upgrade to Access).
 */
export function useToolLock(
  toolTier: string | undefined,
): { locked: false } | { locked: true; label: string; tier: Tier } {
  const viewer = useViewer();
  if (!isTier(toolTier) || canAccessTier(viewer?.tier ?? null, toolTier)) return { locked: false };
  return { locked: true, label: requiresLabel(toolTier), tier: toolTier };
}
