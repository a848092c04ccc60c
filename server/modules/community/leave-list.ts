import { transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID } from "../../platform/ids.ts";
import type { Viewer } from "../accounts/index.ts";
import { actorOf, dropCollaborator, limitWrites, type Options } from "./collection-rows.ts";
import type { CommunityServices } from "./services.ts";
import { TOP_LIST_MESSAGES } from "./top-list-rows.ts";

/** A collaborator leaves a list shared with them. */
export async function leaveList(
  deps: Pick<CommunityServices, "db" | "activity">,
  viewer: Viewer,
  listId: string,
  o: Options,
): Promise<void> {
  await limitWrites(deps.db, viewer.user.id, o.now);
  if (!UUID.test(listId)) throw new AppError("not_found", TOP_LIST_MESSAGES.notFound);
  await transaction(deps.db, async (tx) => {
    await dropCollaborator(tx, listId, viewer.user.id, actorOf(viewer, o.requestId), "top_list.collaborator_left", o);
  });
}
