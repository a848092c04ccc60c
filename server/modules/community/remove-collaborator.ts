import { transaction } from "../../platform/db/index.ts";
import type { Viewer } from "../accounts/index.ts";
import { actorOf, dropCollaborator, limitWrites, type Options } from "./collection-rows.ts";
import type { CommunityServices } from "./services.ts";
import { lockOwnList } from "./top-list-rows.ts";

/** The owner takes a collaborator off a list (allowed on any plan: access can always be taken back). */
export async function removeCollaborator(
  deps: Pick<CommunityServices, "db" | "activity">,
  viewer: Viewer,
  listId: string,
  userId: string,
  o: Options,
): Promise<void> {
  await limitWrites(deps.db, viewer.user.id, o.now);
  await transaction(deps.db, async (tx) => {
    const row = await lockOwnList(tx, viewer.user.id, listId);
    await dropCollaborator(tx, row.id, userId, actorOf(viewer, o.requestId), "top_list.collaborator_removed", o);
  });
}
