import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import type { Entitlements } from "../accounts/index.ts";
import { userProfiles } from "../accounts/tables.ts";
import { tools } from "../catalog/tables.ts";
import { ownerHas, TOKEN } from "./collection-rows.ts";
import { topListItems, topLists } from "./tables.ts";
import { LIST_ITEM_ORDER, selectListItems, type TopListTool } from "./top-list-rows.ts";

/** What a shared link shows, and nothing else: the title, and each live tool with its note. */
export type SharedList = {
  title: string;
  tools: {
    slug: string;
    name: string;
    category: string;
    description: string;
    logoUrl: string | null;
    note: string | null;
  }[];
};

/** The allow-listing serializer of a shared list (no owner, no ids, no e-mail, no token). */
export function serializeSharedList(title: string, tools: TopListTool[]): SharedList {
  return {
    title,
    tools: tools.map((t) => ({
      slug: t.slug,
      name: t.name,
      category: t.category,
      description: t.description,
      logoUrl: t.logoUrl,
      note: t.note,
    })),
  };
}

/** The list behind a share link, or null (unknown, revoked, or the owner's plan no longer has the feature). */
export async function getSharedList(db: Db, entitlements: Entitlements, token: string): Promise<SharedList | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await db
    .select({ id: topLists.id, title: topLists.title, owner_tier: userProfiles.tier })
    .from(topLists)
    .leftJoin(userProfiles, eq(userProfiles.userId, topLists.userId))
    .where(eq(topLists.shareToken, token))
    .limit(1);
  if (!row || !ownerHas(entitlements, row.owner_tier)) return null;
  const items = await selectListItems(db)
    .where(and(eq(topListItems.listId, row.id), eq(tools.status, "active")))
    .orderBy(...LIST_ITEM_ORDER);
  return serializeSharedList(
    row.title,
    items.map((r) => ({
      toolId: r.tool_id,
      slug: r.slug,
      name: r.name,
      description: r.description,
      logoUrl: r.logo_url,
      category: r.category,
      note: r.note,
      position: r.position,
    })),
  );
}
