import { eq } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { publicMemberName } from "../../platform/public-name.ts";
import { topLists } from "./tables.ts";

export type Collaborator = { userId: string; name: string; handle: string | null };
/** What only the owner sees of their lists: the share link's token and who collaborates. */
export type OwnerCollectionState = { shareToken: string | null; collaborators: Collaborator[] };

/** The owner-only parts of the member's own lists, by list id. */
export async function ownerCollectionState(db: Db, userId: string): Promise<Record<string, OwnerCollectionState>> {
  const [lists, people] = await Promise.all([
    db.select({ id: topLists.id, share_token: topLists.shareToken }).from(topLists).where(eq(topLists.userId, userId)),
    queryRows(
      db,
      sql`SELECT c.list_id, c.user_id, ${publicMemberName("u")} AS name, u.username AS handle
          FROM top_list_collaborators c JOIN top_lists l ON l.id = c.list_id JOIN users u ON u.id = c.user_id
          WHERE l.user_id = ${userId} ORDER BY c.added_at, c.user_id`,
      z.object({ list_id: z.string(), user_id: z.string(), name: z.string(), handle: z.string().nullable() }),
    ),
  ]);
  const out: Record<string, OwnerCollectionState> = {};
  for (const l of lists) out[l.id] = { shareToken: l.share_token, collaborators: [] };
  for (const p of people) out[p.list_id]?.collaborators.push({ userId: p.user_id, name: p.name, handle: p.handle });
  return out;
}
