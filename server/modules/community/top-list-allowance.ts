import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { tierLabel, type Viewer } from "../accounts/index.ts";
import { topLists } from "./tables.ts";

// The allowance: the entitlement decides, never the tier name.

export type TopListAllowance = { used: number; limit: number | null; message: string | null };

function allowanceWords(limit: number | null): string {
  if (limit === null) return "unlimited top lists";
  return `${limit} top ${limit === 1 ? "list" : "lists"}`;
}

/**
 * The refusal in words: what the member's plan allows and what the plans above allow, read from the
 * entitlements table, with the way to /pricing.
 */
export function topListRefusal(viewer: Viewer, used: number): string | null {
  const limit = viewer.limit("saved_collections");
  if (limit !== null && used < limit) return null;
  if (limit === null) return null;
  const better = (["standard", "expert"] as const)
    .filter((t) => {
      const l = viewer.entitlements.limitFor(t, "saved_collections");
      return l === null || l > limit;
    })
    .map((t) => `${tierLabel(t)} allows ${allowanceWords(viewer.entitlements.limitFor(t, "saved_collections"))}`);
  const plan = `${tierLabel(viewer.tier)} plan`;
  const head =
    limit === 0
      ? `Top lists are not included in your ${plan}.`
      : `Your ${plan} allows ${allowanceWords(limit)} and you have ${used}. Delete one to make room.`;
  return better.length ? `${head} ${better.join("; ")}: see /pricing to upgrade.` : head;
}

/** How many lists the member keeps, how many the plan allows, and the refusal when full. */
export async function topListAllowance(db: Db, viewer: Viewer): Promise<TopListAllowance> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(topLists)
    .where(eq(topLists.userId, viewer.user.id));
  const used = row?.n ?? 0;
  return { used, limit: viewer.limit("saved_collections"), message: topListRefusal(viewer, used) };
}
