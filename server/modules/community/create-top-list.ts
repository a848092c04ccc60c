import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { userProfiles } from "../accounts/tables.ts";
import { slugify } from "../catalog/index.ts";
import { getTopList } from "./get-top-list.ts";
import type { CommunityServices } from "./services.ts";
import { topLists } from "./tables.ts";
import { topListRefusal } from "./top-list-allowance.ts";
import {
  checkbox,
  ListDescription,
  ListTitle,
  limitListWrites,
  publishedOnce,
  type TopListActor,
  type TopListDetail,
} from "./top-list-rows.ts";

/** A new list: the form's fields, the API's body. */
export const CreateTopListInput = z.object({
  title: ListTitle,
  description: ListDescription.optional().default(""),
  isPublic: checkbox.optional().default(false),
});
export type CreateTopListInput = z.output<typeof CreateTopListInput>;

function newSlug(title: string): string {
  const base = slugify(title, 60) || "list";
  return `${base}-${randomBytes(3).toString("hex")}`;
}

/**
 * Creates a list within the member's allowance. The count and the insert happen in one transaction
 * with the member's profile row locked, so two quick submits cannot pass the limit together.
 */
export async function createTopList(
  services: CommunityServices,
  actor: TopListActor,
  input: CreateTopListInput,
): Promise<TopListDetail> {
  const { db, clock } = services;
  const { viewer } = actor;
  const now = clock.now();
  const gate = viewer.limit("saved_collections");
  if (gate === 0) {
    throw new AppError("forbidden", topListRefusal(viewer, 0) ?? "", { upgradeUrl: "/pricing" });
  }
  await limitListWrites(db, actor.id, now);
  const id = await transaction(db, async (tx) => {
    await tx.select({ one: sql`1` }).from(userProfiles).where(eq(userProfiles.userId, actor.id)).for("update");
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(topLists)
      .where(eq(topLists.userId, actor.id));
    const refusal = topListRefusal(viewer, row?.n ?? 0);
    if (refusal) throw new AppError("forbidden", refusal, { upgradeUrl: "/pricing", limit: gate });
    const [created] = await tx
      .insert(topLists)
      .values({
        userId: actor.id,
        slug: newSlug(input.title),
        title: input.title,
        description: input.description,
        isPublic: input.isPublic,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: topLists.id, published_at: topLists.publishedAt });
    if (!created) throw new AppError("internal", "Could not create the list");
    if (input.isPublic) await publishedOnce(tx, services, created, actor.id, now);
    return created.id;
  });
  const list = await getTopList(db, id, actor.id);
  if (!list) throw new AppError("internal", "Could not read the new list");
  return list;
}
