import { z } from "zod";
import { queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID } from "../../platform/ids.ts";
import type { CommunityServices } from "./services.ts";
import {
  ListId,
  ListToolId,
  limitListWrites,
  lockEditableList,
  TOP_LIST_MESSAGES,
  type TopListActor,
  touchList,
} from "./top-list-rows.ts";

/** The list and the tool, from the address. */
export const RemoveToolFromTopListInput = z.object({ listId: ListId, toolId: ListToolId });
export type RemoveToolFromTopListInput = z.output<typeof RemoveToolFromTopListInput>;

/** Takes a tool out of a list the member may edit. */
export async function removeToolFromTopList(
  services: CommunityServices,
  actor: TopListActor,
  input: RemoveToolFromTopListInput,
): Promise<void> {
  const { db, clock } = services;
  const now = clock.now();
  const { toolId } = input;
  await limitListWrites(db, actor.id, now);
  if (!UUID.test(toolId)) throw new AppError("not_found", TOP_LIST_MESSAGES.toolNotFound);
  await transaction(db, async (tx) => {
    const row = await lockEditableList(tx, actor.viewer, input.listId);
    const gone = await queryRows(
      tx,
      sql`DELETE FROM top_list_items WHERE list_id = ${row.id}::uuid AND tool_id = ${toolId}::uuid RETURNING tool_id`,
      z.object({ tool_id: z.string() }),
    );
    if (!gone.length) throw new AppError("not_found", TOP_LIST_MESSAGES.toolNotFound);
    await touchList(tx, row.id, now);
  });
}
