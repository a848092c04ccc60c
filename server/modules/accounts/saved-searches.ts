import { z } from "zod";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID } from "../../platform/ids.ts";
import { MESSAGES, type SavedSearchInput } from "./forms.ts";
import type { Viewer } from "./viewer.ts";

/** Saved searches: none on Free, 3 on Standard, unlimited on Expert (the entitlements table says). */
export type SavedSearch = { id: string; name: string; query: string; url: string; createdAt: string };

export const SAVED_SEARCH_GATED = MESSAGES.savedSearchGated;

/** created_at: timestamptz as the server's text */
const Row = z.object({ id: z.string(), name: z.string(), query: z.string(), created_at: z.string() });
type Row = z.infer<typeof Row>;
const CountRow = z.object({ n: z.number() });
const IdRow = z.object({ id: z.string() });
const toSaved = (r: Row): SavedSearch => ({
  id: r.id,
  name: r.name,
  query: r.query,
  url: `/search?${r.query}`,
  createdAt: new Date(r.created_at).toISOString(),
});

export async function listSavedSearches(db: Db, userId: string): Promise<SavedSearch[]> {
  const rows = await queryRows(
    db,
    sql`SELECT id, name, query, created_at FROM saved_searches WHERE user_id = ${userId} ORDER BY created_at DESC, id`,
    Row,
  );
  return rows.map(toSaved);
}

/** The viewer's allowance: `limit` null = unlimited, 0 = not on this plan. */
export async function savedSearchAllowance(db: Db, viewer: Viewer): Promise<{ used: number; limit: number | null }> {
  const [row] = await queryRows(
    db,
    sql`SELECT count(*)::int AS n FROM saved_searches WHERE user_id = ${viewer.user.id}`,
    CountRow,
  );
  return { used: row?.n ?? 0, limit: viewer.limit("saved_searches") };
}

/**
 * Saves a search within the tier's limit. The count and the insert happen in one transaction with
 * the member's profile row locked, so two quick clicks cannot exceed the limit.
 */
export async function createSavedSearch(db: Db, viewer: Viewer, input: SavedSearchInput): Promise<SavedSearch> {
  const limit = viewer.limit("saved_searches");
  if (limit === 0) throw new AppError("forbidden", SAVED_SEARCH_GATED, { requiredTier: "standard" });
  return transaction(db, async (tx) => {
    await tx.execute(sql`SELECT 1 FROM user_profiles WHERE user_id = ${viewer.user.id} FOR UPDATE`);
    if (limit !== null) {
      const [row] = await queryRows(
        tx,
        sql`SELECT count(*)::int AS n FROM saved_searches WHERE user_id = ${viewer.user.id}`,
        CountRow,
      );
      if ((row?.n ?? 0) >= limit) {
        throw new AppError(
          "forbidden",
          `You can keep up to ${limit} saved searches on your plan. Delete one, or upgrade to Expert for unlimited saved searches.`,
          { limit },
        );
      }
    }
    const [created] = await queryRows(
      tx,
      sql`INSERT INTO saved_searches (user_id, name, query) VALUES (${viewer.user.id}, ${input.name}, ${input.query})
          RETURNING id, name, query, created_at`,
      Row,
    );
    if (!created) throw new AppError("internal", "Could not save the search");
    return toSaved(created);
  });
}

/** Deletes one of the member's own saved searches; someone else's (or none) is a 404. */
export async function deleteSavedSearch(db: Db, userId: string, id: string): Promise<void> {
  if (!UUID.test(id)) throw new AppError("not_found", "Saved search not found");
  const rows = await queryRows(
    db,
    sql`DELETE FROM saved_searches WHERE id = ${id}::uuid AND user_id = ${userId} RETURNING id`,
    IdRow,
  );
  if (!rows.length) throw new AppError("not_found", "Saved search not found");
}

/** The member's saved search with exactly this query, if any. */
export async function findSavedSearch(db: Db, userId: string, query: string): Promise<SavedSearch | null> {
  const [row] = await queryRows(
    db,
    sql`SELECT id, name, query, created_at FROM saved_searches WHERE user_id = ${userId} AND query = ${query} LIMIT 1`,
    Row,
  );
  return row ? toSaved(row) : null;
}

/**
 * The search page's Save Search: saving the same search twice keeps one (and costs no slot);
 * otherwise createSavedSearch with its tier limit.
 */
export async function saveSearchOnce(
  db: Db,
  viewer: Viewer,
  input: SavedSearchInput,
): Promise<{ savedSearch: SavedSearch; created: boolean }> {
  const existing = await findSavedSearch(db, viewer.user.id, input.query);
  if (existing) return { savedSearch: existing, created: false };
  return { savedSearch: await createSavedSearch(db, viewer, input), created: true };
}
