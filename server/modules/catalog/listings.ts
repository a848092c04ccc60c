import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { seedListings } from "./seed-sources.ts";

/**
 * `tools.listings` (ADR 0035): how many independent curated lists carry a tool — the search's
 * prominence evidence that no maker can buy (a list's editors chose it; we did not). Read from the
 * seed's per-row provenance (SOURCES.md section 9). Run by the seed and by `npm run enrich` for
 * databases seeded before; idempotent (only rows whose count differs are written).
 */
const IdRow = z.object({ id: z.string() });

export async function applySeedListings(db: Db): Promise<{ updated: number }> {
  const entries = [...seedListings()].filter(([, n]) => n > 0);
  if (!entries.length) return { updated: 0 };
  const values = sql.join(
    entries.map(([slug, n]) => sql`(${slug}::text, ${n}::int)`),
    sql`, `,
  );
  const rows = await queryRows(
    db,
    sql`UPDATE tools t SET listings = v.n FROM (VALUES ${values}) AS v(slug, n)
        WHERE t.slug = v.slug AND t.listings IS DISTINCT FROM v.n RETURNING t.id`,
    IdRow,
  );
  return { updated: rows.length };
}
