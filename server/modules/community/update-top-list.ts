import { eq } from "drizzle-orm";
import { z } from "zod";
import { transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { getTopList } from "./get-top-list.ts";
import type { CommunityServices } from "./services.ts";
import { topLists } from "./tables.ts";
import {
  checkbox,
  ListDescription,
  ListId,
  ListTitle,
  limitListWrites,
  lockOwnList,
  publishedOnce,
  TOP_LIST_MESSAGES,
  type TopListActor,
  type TopListDetail,
} from "./top-list-rows.ts";

const Changes = z.object({
  title: ListTitle.optional(),
  description: ListDescription.optional(),
  isPublic: checkbox.optional(),
});
const anyChange = (v: z.output<typeof Changes>) =>
  v.title !== undefined || v.description !== undefined || v.isPublic !== undefined;
const ANY_CHANGE = { message: "Send a title, a description or isPublic" };

/** The changes alone: the body of PUT /api/top-lists/{id}. */
export const TopListPatch = Changes.refine(anyChange, ANY_CHANGE);

/** A list's new title, description or visibility (the form's fields, the API's body) and the list, from the address. */
export const UpdateTopListInput = Changes.extend({ listId: ListId }).refine(anyChange, ANY_CHANGE);
export type UpdateTopListInput = z.output<typeof UpdateTopListInput>;

/** Rename, describe, publish or hide one of the member's lists. */
export async function updateTopList(
  services: CommunityServices,
  actor: TopListActor,
  input: UpdateTopListInput,
): Promise<TopListDetail> {
  const { db, clock } = services;
  const now = clock.now();
  await limitListWrites(db, actor.id, now);
  await transaction(db, async (tx) => {
    const row = await lockOwnList(tx, actor.id, input.listId);
    // A field left out keeps its value.
    await tx
      .update(topLists)
      .set({
        ...(input.title != null ? { title: input.title } : {}),
        ...(input.description != null ? { description: input.description } : {}),
        ...(input.isPublic != null ? { isPublic: input.isPublic } : {}),
        updatedAt: now,
      })
      .where(eq(topLists.id, row.id));
    if (input.isPublic === true) await publishedOnce(tx, services, row, actor.id, now);
  });
  const list = await getTopList(db, input.listId, actor.id);
  if (!list) throw new AppError("not_found", TOP_LIST_MESSAGES.notFound);
  return list;
}
