import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, transaction } from "../../../platform/db/index.ts";
import { SEED_DIR } from "../../../platform/paths.ts";
import { loadTaxonomy, TASKS_SOURCE, type TaskDefinition } from "./taxonomy.ts";

/**
 * The taxonomy's rows (issue 32, ADR 0067). `ensureTasks` runs at every boot: it writes only what the
 * committed file changed (so the content version, and every cached page, moves only then) and reports
 * whether anything did, so the caller knows proposals are owed.
 */
export async function ensureTasks(db: Db, now: Date, defs: TaskDefinition[] = loadTaxonomy()): Promise<boolean> {
  const payload = JSON.stringify(
    defs.map((d) => ({
      slug: d.slug,
      name: d.name,
      description: d.description,
      group_name: d.group,
      categories: d.categories,
      related: d.related,
      sort_order: d.order,
    })),
  );
  const synonyms = JSON.stringify(defs.flatMap((d) => d.synonyms.map((phrase) => ({ slug: d.slug, phrase }))));
  return transaction(db, async (tx) => {
    const changed = await queryRows(
      tx,
      sql`WITH file AS (
            SELECT * FROM jsonb_to_recordset(${payload}::jsonb)
              AS f(slug text, name text, description text, group_name text, categories text[], related text[], sort_order int)
          ),
          gone AS (DELETE FROM tasks WHERE slug NOT IN (SELECT slug FROM file) RETURNING slug),
          put AS (
            INSERT INTO tasks (slug, name, description, group_name, categories, related, sort_order, source, updated_at)
            SELECT slug, name, description, group_name, categories, related, sort_order, ${TASKS_SOURCE}, ${now.toISOString()}::timestamptz
            FROM file
            ON CONFLICT (slug) DO UPDATE SET name = excluded.name, description = excluded.description,
              group_name = excluded.group_name, categories = excluded.categories, related = excluded.related,
              sort_order = excluded.sort_order, source = excluded.source, updated_at = excluded.updated_at
            WHERE (tasks.name, tasks.description, tasks.group_name, tasks.categories, tasks.related, tasks.sort_order)
              IS DISTINCT FROM (excluded.name, excluded.description, excluded.group_name, excluded.categories,
                                excluded.related, excluded.sort_order)
            RETURNING slug
          )
          SELECT slug FROM gone UNION ALL SELECT slug FROM put`,
      z.object({ slug: z.string() }),
    );
    const synonymRows = await queryRows(
      tx,
      sql`WITH file AS (SELECT * FROM jsonb_to_recordset(${synonyms}::jsonb) AS f(slug text, phrase text)),
          gone AS (
            DELETE FROM task_synonyms s WHERE NOT EXISTS (SELECT 1 FROM file f WHERE f.slug = s.task_slug AND f.phrase = s.phrase)
            RETURNING task_slug
          ),
          put AS (
            INSERT INTO task_synonyms (task_slug, phrase) SELECT slug, phrase FROM file
            ON CONFLICT DO NOTHING RETURNING task_slug
          )
          SELECT task_slug AS slug FROM gone UNION ALL SELECT task_slug FROM put`,
      z.object({ slug: z.string() }),
    );
    return changed.length + synonymRows.length > 0;
  });
}

/**
 * The committed accepted set: tools an editor checked for a sample of tasks. Loading it marks those
 * pairs accepted unless an editor decided otherwise on this database since (an admin's decision wins).
 */
export const ACCEPTED_FILE = path.join(SEED_DIR, "task-tools-accepted.json");
export const ACCEPTED_SOURCE = "seed:task-tools-accepted.json";
const AcceptedFile = z.object({ accepted: z.record(z.string(), z.array(z.string())) });

export function loadAcceptedSet(): Record<string, string[]> {
  return AcceptedFile.parse(JSON.parse(readFileSync(ACCEPTED_FILE, "utf8"))).accepted;
}

export async function applyAcceptedSet(db: Db, now: Date, accepted = loadAcceptedSet()): Promise<number> {
  const pairs = Object.entries(accepted).flatMap(([task, slugs]) => slugs.map((tool) => ({ task, tool })));
  const rows = await queryRows(
    db,
    sql`INSERT INTO task_tools (task_slug, tool_id, status, score, method, source, decided_at, updated_at)
        SELECT p.task, t.id, 'accepted', 0, 'editor', ${ACCEPTED_SOURCE}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        FROM jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) AS p(task text, tool text)
        JOIN tasks k ON k.slug = p.task
        JOIN tools t ON t.slug = p.tool AND t.status = 'active'
        ON CONFLICT (task_slug, tool_id) DO UPDATE SET status = 'accepted', method = 'editor',
          source = excluded.source, decided_at = excluded.decided_at
        WHERE task_tools.actor_id IS NULL AND task_tools.status <> 'accepted'
        RETURNING 1 AS n`,
    z.object({ n: z.number() }),
  );
  return rows.length;
}
