import { eq, or } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { isUuid } from "../../platform/ids.ts";
import { tools } from "./tables.ts";

/** Looks a tool up by id or slug for the admin API (any status); anything else is not a tool. */
export async function findToolId(db: Db, idOrSlug: string): Promise<string | null> {
  const isId = isUuid(idOrSlug);
  // Slugs are slugify()'s output; other text (NUL bytes, 10 KB keys) never reaches the database.
  if (!isId && !/^[a-z0-9][a-z0-9-]{0,199}$/i.test(idOrSlug)) return null;
  const [row] = await db
    .select({ id: tools.id })
    .from(tools)
    .where(isId ? or(eq(tools.id, idOrSlug), eq(tools.slug, idOrSlug)) : eq(tools.slug, idOrSlug.toLowerCase()));
  return row?.id ?? null;
}
