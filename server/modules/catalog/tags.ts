import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";

/** Rebuilds the tag catalogue (name, slug, count) from the tools' tag lists, the source of truth. */
export async function refreshTagCatalogue(db: Pick<Db, "execute">): Promise<void> {
  await db.execute(sql`DELETE FROM tags`);
  await db.execute(sql`
    INSERT INTO tags (slug, name, tool_count)
    SELECT slug, min(name), count(DISTINCT tool_id)::int
    FROM (
      SELECT t.id AS tool_id, tag AS name,
             trim(both '-' from regexp_replace(lower(tag), '[^a-z0-9]+', '-', 'g')) AS slug
      FROM tools t, unnest(t.tags) AS tag
      WHERE t.status = 'active'
    ) x
    WHERE slug <> ''
    GROUP BY slug`);
}
