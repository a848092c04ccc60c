import { eq } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "../../platform/audit.ts";
import { queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID } from "../../platform/ids.ts";
import { type CommunityActor, type CommunityServices, MODERATORS_ONLY } from "./services.ts";
import { topLists } from "./tables.ts";
import {
  ListId,
  SUMMARY_SELECT,
  SummaryRow,
  TOP_LIST_MESSAGES,
  type TopListSummary,
  toSummary,
} from "./top-list-rows.ts";

/** Editorial or not (the form's field, the API's body) and the list, from the address. */
export const SetTopListEditorialInput = z.object({
  editorial: z.boolean({ message: "editorial must be true or false" }),
  listId: ListId,
});
export type SetTopListEditorialInput = z.output<typeof SetTopListEditorialInput>;

/**
 * Admins mark a public list editorial (shown first on /top-lists) or unmark it; audited in the same
 * transaction. Moderators only (the actor's role, checked here as well as by the routes).
 */
export async function setTopListEditorial(
  services: Pick<CommunityServices, "db" | "clock">,
  actor: CommunityActor,
  input: SetTopListEditorialInput,
): Promise<TopListSummary> {
  if (!actor.moderator) throw new AppError("forbidden", MODERATORS_ONLY);
  const { db, clock } = services;
  const { listId, editorial } = input;
  if (!UUID.test(listId)) throw new AppError("not_found", TOP_LIST_MESSAGES.notFound);
  const now = clock.now();
  await transaction(db, async (tx) => {
    const [row] = await tx
      .select({ editorial: topLists.editorial, is_public: topLists.isPublic, title: topLists.title })
      .from(topLists)
      .where(eq(topLists.id, listId))
      .for("update");
    if (!row) throw new AppError("not_found", TOP_LIST_MESSAGES.notFound);
    if (!row.is_public && editorial) {
      throw new AppError("bad_request", "Only a public list can be marked editorial");
    }
    if (row.editorial === editorial) return;
    await tx.update(topLists).set({ editorial }).where(eq(topLists.id, listId));
    await recordAudit(tx, {
      actor,
      action: editorial ? "top_list.editorial_marked" : "top_list.editorial_unmarked",
      targetType: "top_list",
      targetId: listId,
      before: { editorial: row.editorial, title: row.title },
      after: { editorial },
      requestId: actor.requestId ?? undefined,
      at: now,
    });
  });
  const [row] = await queryRows(db, sql`${SUMMARY_SELECT} WHERE l.id = ${listId}::uuid`, SummaryRow);
  if (!row) throw new AppError("not_found", TOP_LIST_MESSAGES.notFound);
  return toSummary(row);
}
