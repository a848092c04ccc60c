import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "../../platform/errors.ts";
import type { CommunityServices } from "./services.ts";
import { topListItems } from "./tables.ts";
import { changeListItem, ListId, ListNote, ListToolId, TOP_LIST_MESSAGES, type TopListActor } from "./top-list-rows.ts";

/** The note (the form's field; empty clears it), checked by the use case, and the list and the tool. */
export const SetToolNoteInTopListInput = z.object({ note: z.string().default(""), listId: ListId, toolId: ListToolId });
export type SetToolNoteInTopListInput = z.output<typeof SetToolNoteInTopListInput>;

/** Writes (or, with an empty text, clears) the note on one tool of a list the member may edit. */
export async function setToolNoteInTopList(
  services: CommunityServices,
  actor: TopListActor,
  input: SetToolNoteInTopListInput,
): Promise<void> {
  const clean = ListNote.safeParse(input.note);
  const check = () => {
    if (!clean.success)
      throw new AppError("bad_request", clean.error.issues[0]?.message ?? TOP_LIST_MESSAGES.noteTooLong);
  };
  await changeListItem(
    services,
    actor,
    input,
    async (tx, listId, toolId) => {
      const done = await tx
        .update(topListItems)
        .set({ note: clean.data || null })
        .where(and(eq(topListItems.listId, listId), eq(topListItems.toolId, toolId)))
        .returning({ tool_id: topListItems.toolId });
      if (!done.length) throw new AppError("not_found", TOP_LIST_MESSAGES.toolNotFound);
      return true;
    },
    check,
  );
}
