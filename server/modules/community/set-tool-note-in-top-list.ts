import { z } from "zod";
import { queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID } from "../../platform/ids.ts";
import type { CommunityServices } from "./services.ts";
import {
  ListId,
  ListNote,
  ListToolId,
  limitListWrites,
  lockEditableList,
  TOP_LIST_MESSAGES,
  type TopListActor,
  touchList,
} from "./top-list-rows.ts";

/** The note (the form's field; empty clears it), checked by the use case, and the list and the tool. */
export const SetToolNoteInTopListInput = z.object({ note: z.string().default(""), listId: ListId, toolId: ListToolId });
export type SetToolNoteInTopListInput = z.output<typeof SetToolNoteInTopListInput>;

/** Writes (or, with an empty text, clears) the note on one tool of a list the member may edit. */
export async function setToolNoteInTopList(
  services: CommunityServices,
  actor: TopListActor,
  input: SetToolNoteInTopListInput,
): Promise<void> {
  const { db, clock } = services;
  const now = clock.now();
  const { toolId } = input;
  await limitListWrites(db, actor.id, now);
  if (!UUID.test(toolId)) throw new AppError("not_found", TOP_LIST_MESSAGES.toolNotFound);
  const clean = ListNote.safeParse(input.note);
  if (!clean.success)
    throw new AppError("bad_request", clean.error.issues[0]?.message ?? TOP_LIST_MESSAGES.noteTooLong);
  await transaction(db, async (tx) => {
    const row = await lockEditableList(tx, actor.viewer, input.listId);
    const done = await queryRows(
      tx,
      sql`UPDATE top_list_items SET note = ${clean.data || null}
          WHERE list_id = ${row.id}::uuid AND tool_id = ${toolId}::uuid RETURNING tool_id`,
      z.object({ tool_id: z.string() }),
    );
    if (!done.length) throw new AppError("not_found", TOP_LIST_MESSAGES.toolNotFound);
    await touchList(tx, row.id, now);
  });
}
