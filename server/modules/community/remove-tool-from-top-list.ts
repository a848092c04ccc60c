import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "../../platform/errors.ts";
import type { CommunityServices } from "./services.ts";
import { topListItems } from "./tables.ts";
import { changeListItem, ListId, ListToolId, TOP_LIST_MESSAGES, type TopListActor } from "./top-list-rows.ts";

/** The list and the tool, from the address. */
export const RemoveToolFromTopListInput = z.object({ listId: ListId, toolId: ListToolId });
export type RemoveToolFromTopListInput = z.output<typeof RemoveToolFromTopListInput>;

/** Takes a tool out of a list the member may edit. */
export async function removeToolFromTopList(
  services: CommunityServices,
  actor: TopListActor,
  input: RemoveToolFromTopListInput,
): Promise<void> {
  await changeListItem(services, actor, input, async (tx, listId, toolId) => {
    const gone = await tx
      .delete(topListItems)
      .where(and(eq(topListItems.listId, listId), eq(topListItems.toolId, toolId)))
      .returning({ tool_id: topListItems.toolId });
    if (!gone.length) throw new AppError("not_found", TOP_LIST_MESSAGES.toolNotFound);
    return true;
  });
}
