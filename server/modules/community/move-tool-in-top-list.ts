import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "../../platform/errors.ts";
import type { CommunityServices } from "./services.ts";
import { topListItems } from "./tables.ts";
import { changeListItem, ListId, ListToolId, TOP_LIST_MESSAGES, type TopListActor } from "./top-list-rows.ts";

/** Which way (the API's body; the form's intent) and the list and the tool, from the address. */
export const MoveToolInTopListInput = z.object({
  direction: z.enum(["up", "down"], { message: "direction must be up or down" }),
  listId: ListId,
  toolId: ListToolId,
});
export type MoveToolInTopListInput = z.output<typeof MoveToolInTopListInput>;

/** Moves a tool one place up or down (swaps with its neighbour; the ends stay where they are). */
export async function moveToolInTopList(
  services: CommunityServices,
  actor: TopListActor,
  input: MoveToolInTopListInput,
): Promise<void> {
  const { direction } = input;
  await changeListItem(services, actor, input, async (tx, listId, toolId) => {
    const items = await tx
      .select({ tool_id: topListItems.toolId, position: topListItems.position })
      .from(topListItems)
      .where(eq(topListItems.listId, listId))
      .orderBy(asc(topListItems.position), asc(topListItems.addedAt));
    const at = items.findIndex((i) => i.tool_id === toolId);
    if (at < 0) throw new AppError("not_found", TOP_LIST_MESSAGES.toolNotFound);
    const other = direction === "up" ? at - 1 : at + 1;
    if (other < 0 || other >= items.length) return false;
    // Renumber 1..n in the new order: also heals gaps and ties left by removals and merges.
    const order = items.map((i) => i.tool_id);
    [order[at], order[other]] = [order[other] as string, order[at] as string];
    for (const [index, id] of order.entries()) {
      await tx
        .update(topListItems)
        .set({ position: index + 1 })
        .where(and(eq(topListItems.listId, listId), eq(topListItems.toolId, id)));
    }
    return true;
  });
}
