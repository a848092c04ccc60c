import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { publicMemberName } from "../../platform/public-name.ts";
import { consumeRateLimit } from "../../platform/rate-limit.ts";
import type { Viewer } from "../accounts/index.ts";
import { users } from "../accounts/tables.ts";
import { actorOf, COLLECTION_MESSAGES, COLLECTION_RULES, type Options, requireCollections } from "./collection-rows.ts";
import type { CommunityServices } from "./services.ts";
import { topListCollaborators } from "./tables.ts";
import { lockOwnList } from "./top-list-rows.ts";

export const CollaboratorInput = z.object({
  who: z
    .string({ message: COLLECTION_MESSAGES.whoRequired })
    .trim()
    .min(1, COLLECTION_MESSAGES.whoRequired)
    .max(COLLECTION_RULES.whoMax, COLLECTION_MESSAGES.noSuchMember),
});

async function limitInvites(db: Db, userId: string, now: Date): Promise<void> {
  const rate = await consumeRateLimit(
    db,
    `collections:invite:${userId}`,
    { max: COLLECTION_RULES.invitesPerHour, windowSec: 3600 },
    now,
  );
  if (!rate.allowed) {
    throw new AppError("rate_limited", COLLECTION_MESSAGES.tooManyInvites, { retryAfterSec: rate.retryAfterSec });
  }
}

/** Invites an existing member (by e-mail address or username) to edit one of the owner's lists. */
export async function addCollaborator(
  deps: Pick<CommunityServices, "db" | "activity">,
  viewer: Viewer,
  listId: string,
  input: z.output<typeof CollaboratorInput>,
  o: Options,
): Promise<{ name: string }> {
  requireCollections(viewer);
  await limitInvites(deps.db, viewer.user.id, o.now);
  const who = input.who.replace(/^@/, "").toLowerCase();
  return transaction(deps.db, async (tx) => {
    const row = await lockOwnList(tx, viewer.user.id, listId);
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          isNull(users.suspendedAt),
          who.includes("@") ? sql`lower(${users.email}) = ${who}` : sql`lower(${users.username}) = ${who}`,
        ),
      )
      .limit(1);
    if (!member) throw new AppError("not_found", COLLECTION_MESSAGES.noSuchMember, { field: "who" });
    if (member.id === viewer.user.id)
      throw new AppError("bad_request", COLLECTION_MESSAGES.notYourself, { field: "who" });
    const c = topListCollaborators;
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int`, has: sql<boolean | null>`bool_or(${c.userId} = ${member.id})` })
      .from(c)
      .where(eq(c.listId, row.id));
    if (count?.has) throw new AppError("conflict", COLLECTION_MESSAGES.already, { field: "who" });
    if ((count?.n ?? 0) >= COLLECTION_RULES.collaboratorsMax)
      throw new AppError("bad_request", COLLECTION_MESSAGES.full);
    await tx
      .insert(topListCollaborators)
      .values({ listId: row.id, userId: member.id, addedBy: viewer.user.id, addedAt: o.now });
    await recordAudit(tx, {
      actor: actorOf(viewer, o.requestId),
      action: "top_list.collaborator_added",
      targetType: "top_list",
      targetId: row.id,
      after: { userId: member.id },
      requestId: o.requestId,
      at: o.now,
    });
    const [named] = await queryRows(
      tx,
      sql`SELECT ${publicMemberName("u")} AS name FROM users u WHERE u.id = ${member.id}`,
      z.object({ name: z.string() }),
    );
    return { name: named?.name ?? "the member" };
  });
}
