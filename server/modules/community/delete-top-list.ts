import { eq } from "drizzle-orm";
import { z } from "zod";
import { transaction } from "../../platform/db/index.ts";
import type { CommunityServices } from "./services.ts";
import { topLists } from "./tables.ts";
import { ListId, limitListWrites, lockOwnList, type TopListActor } from "./top-list-rows.ts";

/** The list, from the address. */
export const DeleteTopListInput = z.object({ listId: ListId });
export type DeleteTopListInput = z.output<typeof DeleteTopListInput>;

/** Deletes one of the member's lists with its tools. */
export async function deleteTopList(
  services: CommunityServices,
  actor: TopListActor,
  input: DeleteTopListInput,
): Promise<void> {
  const { db, clock } = services;
  await limitListWrites(db, actor.id, clock.now());
  await transaction(db, async (tx) => {
    const row = await lockOwnList(tx, actor.id, input.listId);
    await tx.delete(topLists).where(eq(topLists.id, row.id));
  });
}
