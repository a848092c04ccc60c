import { inArray } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { publicMemberName } from "../../platform/public-name.ts";
import type { Viewer } from "../accounts/index.ts";
import { ownerHas } from "./collection-rows.ts";
import { topListItems } from "./tables.ts";
import { LIST_ITEM_ORDER, selectListItems, type TopListDetail } from "./top-list-rows.ts";

/** A list shared with the member: its tools (to edit) and whose it is; `active` false when the owner's plan lapsed. */
export type SharedWithMe = Pick<TopListDetail, "id" | "slug" | "title" | "tools"> & {
  owner: string;
  active: boolean;
};

/** The lists the member collaborates on, with their tools, for the dashboard. */
export async function listsSharedWithMe(db: Db, viewer: Viewer): Promise<SharedWithMe[]> {
  const rows = await queryRows(
    db,
    sql`SELECT l.id, l.slug, l.title, ${publicMemberName("u")} AS owner, p.tier::text AS owner_tier
        FROM top_list_collaborators c JOIN top_lists l ON l.id = c.list_id JOIN users u ON u.id = l.user_id
        LEFT JOIN user_profiles p ON p.user_id = l.user_id
        WHERE c.user_id = ${viewer.user.id} ORDER BY c.added_at, l.id`,
    z.object({
      id: z.string(),
      slug: z.string(),
      title: z.string(),
      owner: z.string(),
      owner_tier: z.string().nullable(),
    }),
  );
  if (!rows.length) return [];
  const items = await selectListItems(db)
    .where(
      inArray(
        topListItems.listId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(...LIST_ITEM_ORDER);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    owner: r.owner,
    active: ownerHas(viewer.entitlements, r.owner_tier),
    tools: items
      .filter((i) => i.list_id === r.id)
      .map((i) => ({
        toolId: i.tool_id,
        slug: i.slug,
        name: i.name,
        description: i.description,
        logoUrl: i.logo_url,
        category: i.category,
        note: i.note,
        position: i.position,
      })),
  }));
}
