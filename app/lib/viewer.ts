import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { usePersonal } from "./personal";
import { canAccessTier, isTier, requiresLabel, type Tier } from "./tiers";

/**
 * The signed-in member: as the root loader sent it, or on a shared member page (ADR 0032) from the
 * personal request once it has answered (null for visitors and until then).
 */
export function useViewer() {
  const root = useRouteLoaderData<typeof rootLoader>("root")?.viewer ?? null;
  const personal = usePersonal();
  return root ?? personal?.viewer ?? null;
}

/** The tier tier-gated content is shown for: the viewer's, or the shared page's audience. */
export function useTier(): Tier | null {
  const viewer = useViewer();
  const audience = useRouteLoaderData<typeof rootLoader>("root")?.audience ?? null;
  return viewer?.tier ?? audience;
}

/**
 * Whether the viewer's tier opens a tool of `toolTier` (the server has already left out what a
 * locked tool may not show; this only mirrors it: dimmed card, 'Requires …', Upgrade to access).
 */
export function useToolLock(
  toolTier: string | undefined,
): { locked: false } | { locked: true; label: string; tier: Tier } {
  const tier = useTier();
  if (!isTier(toolTier) || canAccessTier(tier, toolTier)) return { locked: false };
  return { locked: true, label: requiresLabel(toolTier), tier: toolTier };
}
