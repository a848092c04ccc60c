import { and, eq, isNotNull } from "drizzle-orm";
import { recordAudit } from "../../platform/audit.ts";
import { transaction } from "../../platform/db/index.ts";
import type { Viewer } from "../accounts/index.ts";
import { actorOf, limitWrites, type Options } from "./collection-rows.ts";
import type { CommunityServices } from "./services.ts";
import { topLists } from "./tables.ts";
import { lockOwnList } from "./top-list-rows.ts";

/** Turns a list's private link off; the old link answers 404 from then on. */
export async function revokeShare(
  deps: Pick<CommunityServices, "db" | "activity">,
  viewer: Viewer,
  listId: string,
  o: Options,
): Promise<void> {
  await limitWrites(deps.db, viewer.user.id, o.now);
  // Revoking stays possible after a downgrade: a member can always take a link back.
  await transaction(deps.db, async (tx) => {
    const row = await lockOwnList(tx, viewer.user.id, listId);
    const gone = await tx
      .update(topLists)
      .set({ shareToken: null, sharedAt: null })
      .where(and(eq(topLists.id, row.id), isNotNull(topLists.shareToken)))
      .returning({ id: topLists.id });
    if (!gone.length) return;
    await recordAudit(tx, {
      actor: actorOf(viewer, o.requestId),
      action: "top_list.share_link_revoked",
      targetType: "top_list",
      targetId: row.id,
      before: { shared: true },
      after: { shared: false },
      requestId: o.requestId,
      at: o.now,
    });
  });
}
