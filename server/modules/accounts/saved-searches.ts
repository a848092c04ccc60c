import { and, asc, count, desc, eq } from "drizzle-orm";
import { type Db, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID } from "../../platform/ids.ts";
import { MESSAGES, type SavedSearchInput } from "./forms.ts";
import { savedSearches, userProfiles } from "./tables.ts";
import type { Viewer } from "./viewer.ts";

/** Saved searches: none on Free, 3 on Standard, unlimited on Expert (the entitlements table says). */
export type SavedSearch = { id: string; name: string; query: string; url: string; createdAt: string };

export const SAVED_SEARCH_GATED = MESSAGES.savedSearchGated;

const COLUMNS = {
  id: savedSearches.id,
  name: savedSearches.name,
  query: savedSearches.query,
  createdAt: savedSearches.createdAt,
};
type Row = { id: string; name: string; query: string; createdAt: Date };
const toSaved = (r: Row): SavedSearch => ({
  id: r.id,
  name: r.name,
  query: r.query,
  url: `/search?${r.query}`,
  createdAt: r.createdAt.toISOString(),
});

async function countSaved(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
  return row?.n ?? 0;
}

export async function listSavedSearches(db: Db, userId: string): Promise<SavedSearch[]> {
  const rows = await db
    .select(COLUMNS)
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), asc(savedSearches.id));
  return rows.map(toSaved);
}

/** The viewer's allowance: `limit` null = unlimited, 0 = not on this plan. */
export async function savedSearchAllowance(db: Db, viewer: Viewer): Promise<{ used: number; limit: number | null }> {
  return { used: await countSaved(db, viewer.user.id), limit: viewer.limit("saved_searches") };
}

/**
 * Saves a search within the tier's limit. The count and the insert happen in one transaction with
 * the member's profile row locked, so two quick clicks cannot exceed the limit.
 */
export async function createSavedSearch(db: Db, viewer: Viewer, input: SavedSearchInput): Promise<SavedSearch> {
  const limit = viewer.limit("saved_searches");
  if (limit === 0) throw new AppError("forbidden", SAVED_SEARCH_GATED, { requiredTier: "standard" });
  return transaction(db, async (tx) => {
    await tx.select({ one: sql`1` }).from(userProfiles).where(eq(userProfiles.userId, viewer.user.id)).for("update");
    if (limit !== null) {
      if ((await countSaved(tx, viewer.user.id)) >= limit) {
        throw new AppError(
          "forbidden",
          `You can keep up to ${limit} saved searches on your plan. Delete one, or upgrade to Expert for unlimited saved searches.`,
          { limit },
        );
      }
    }
    const [created] = await tx
      .insert(savedSearches)
      .values({ userId: viewer.user.id, name: input.name, query: input.query })
      .returning(COLUMNS);
    if (!created) throw new AppError("internal", "Could not save the search");
    return toSaved(created);
  });
}

/** Deletes one of the member's own saved searches; someone else's (or none) is a 404. */
export async function deleteSavedSearch(db: Db, userId: string, id: string): Promise<void> {
  if (!UUID.test(id)) throw new AppError("not_found", "Saved search not found");
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (!rows.length) throw new AppError("not_found", "Saved search not found");
}

/** The member's saved search with exactly this query, if any. */
export async function findSavedSearch(db: Db, userId: string, query: string): Promise<SavedSearch | null> {
  const [row] = await db
    .select(COLUMNS)
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.query, query)))
    .limit(1);
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
