import { eq, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit.ts";
import { transaction } from "../../platform/db/index.ts";
import type { Viewer } from "../accounts/index.ts";
import { actorOf, limitWrites, newToken, type Options, requireCollections } from "./collection-rows.ts";
import type { CommunityServices } from "./services.ts";
import { topLists } from "./tables.ts";
import { lockOwnList } from "./top-list-rows.ts";

/** Gives one of the owner's lists a new private link (replacing any old one, which stops working). */
export async function shareList(
  deps: Pick<CommunityServices, "db" | "activity">,
  viewer: Viewer,
  listId: string,
  o: Options,
): Promise<string> {
  requireCollections(viewer);
  await limitWrites(deps.db, viewer.user.id, o.now);
  return transaction(deps.db, async (tx) => {
    const row = await lockOwnList(tx, viewer.user.id, listId);
    const token = newToken();
    const [before] = await tx
      .select({ shared: sql<boolean>`${topLists.shareToken} IS NOT NULL` })
      .from(topLists)
      .where(eq(topLists.id, row.id));
    await tx.update(topLists).set({ shareToken: token, sharedAt: o.now }).where(eq(topLists.id, row.id));
    await recordAudit(tx, {
      actor: actorOf(viewer, o.requestId),
      action: before?.shared ? "top_list.share_link_replaced" : "top_list.share_link_created",
      targetType: "top_list",
      targetId: row.id,
      before: { shared: before?.shared ?? false },
      after: { shared: true },
      requestId: o.requestId,
      at: o.now,
    });
    return token;
  });
}
