import { randomBytes } from "node:crypto";
import { z } from "zod";
import { queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { slugify } from "../catalog/index.ts";
import { getTopList } from "./get-top-list.ts";
import type { CommunityServices } from "./services.ts";
import { topListRefusal } from "./top-list-allowance.ts";
import {
  CountRow,
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
    await tx.execute(sql`SELECT 1 FROM user_profiles WHERE user_id = ${actor.id} FOR UPDATE`);
    const [row] = await queryRows(
      tx,
      sql`SELECT count(*)::int AS n FROM top_lists WHERE user_id = ${actor.id}`,
      CountRow,
    );
    const refusal = topListRefusal(viewer, row?.n ?? 0);
    if (refusal) throw new AppError("forbidden", refusal, { upgradeUrl: "/pricing", limit: gate });
    const [created] = await queryRows(
      tx,
      sql`INSERT INTO top_lists (user_id, slug, title, description, is_public, created_at, updated_at)
          VALUES (${actor.id}, ${newSlug(input.title)}, ${input.title}, ${input.description},
                  ${input.isPublic}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          RETURNING id, published_at`,
      z.object({ id: z.string(), published_at: z.null() }),
    );
    if (!created) throw new AppError("internal", "Could not create the list");
    if (input.isPublic) await publishedOnce(tx, services, created, actor.id, now);
    return created.id;
  });
  const list = await getTopList(db, id, actor.id);
  if (!list) throw new AppError("internal", "Could not read the new list");
  return list;
}
