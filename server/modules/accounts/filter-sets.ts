import { and, asc, count, eq } from "drizzle-orm";
import { z } from "zod";
import { type Db, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID } from "../../platform/ids.ts";
import { textLine } from "../../platform/text.ts";
import { filterSets, userProfiles } from "./tables.ts";
import { requireEntitlement, requireUser, type Viewer } from "./viewer.ts";

/**
 * Named filter sets (issue 34 item 1, ADR 0078): a member of a tier with `advanced_filters` saves the
 * /tools filters under a name, applies, renames and deletes them. The cap is that grant's limit in
 * the entitlements table (Standard 10, Expert 50). A member who falls below Standard keeps the list
 * and may delete, but neither save nor rename.
 */
export const ADVANCED_FILTERS = "advanced_filters";

export type FilterSet = { id: string; name: string; query: string; url: string; updatedAt: string };

export const FilterSetName = textLine("Name", { message: "Give the filter set a name" }).pipe(
  z.string().min(1, "Give the filter set a name").max(60, "A filter set's name is at most 60 characters"),
);
export const FilterSetInput = z.object({
  name: FilterSetName,
  /** the /tools query (the caller canonicalises it first) */
  query: z.string().max(2_000, "Those filters are too long to save").min(1, "Set some filters before saving them"),
});
export type FilterSetInput = z.output<typeof FilterSetInput>;

type Row = { id: string; name: string; query: string; updatedAt: Date };
const toSet = (r: Row): FilterSet => ({
  id: r.id,
  name: r.name,
  query: r.query,
  url: `/tools?${r.query}`,
  updatedAt: r.updatedAt.toISOString(),
});
const COLUMNS = { id: filterSets.id, name: filterSets.name, query: filterSets.query, updatedAt: filterSets.updatedAt };

export async function listFilterSets(db: Db, userId: string): Promise<FilterSet[]> {
  const rows = await db
    .select(COLUMNS)
    .from(filterSets)
    .where(eq(filterSets.userId, userId))
    .orderBy(sql`lower(${filterSets.name})`, asc(filterSets.id));
  return rows.map(toSet);
}

const duplicate = (name: string) =>
  new AppError("conflict", `You already have a filter set named "${name}". Choose another name.`, { field: "name" });

const isUniqueViolation = (err: unknown) =>
  !!err && typeof err === "object" && "code" in err && (err as { code?: string }).code === "23505";

/** Saves the filters under a new name within the tier's cap (counted with the member's row locked). */
export async function createFilterSet(db: Db, viewer: Viewer | null, input: FilterSetInput): Promise<FilterSet> {
  const v = requireEntitlement(viewer, ADVANCED_FILTERS);
  const limit = v.limit(ADVANCED_FILTERS);
  try {
    return await transaction(db, async (tx) => {
      await tx.select({ one: sql`1` }).from(userProfiles).where(eq(userProfiles.userId, v.user.id)).for("update");
      if (limit !== null) {
        const [row] = await tx.select({ n: count() }).from(filterSets).where(eq(filterSets.userId, v.user.id));
        if ((row?.n ?? 0) >= limit)
          throw new AppError(
            "forbidden",
            `You can keep up to ${limit} filter sets on your plan. Delete or rename one${v.tier === "expert" ? "" : ", or upgrade to Expert for more"}.`,
            { limit },
          );
      }
      const [created] = await tx
        .insert(filterSets)
        .values({ userId: v.user.id, name: input.name, query: input.query })
        .returning(COLUMNS);
      if (!created) throw new AppError("internal", "Could not save the filter set");
      return toSet(created);
    });
  } catch (err) {
    if (isUniqueViolation(err) || (err instanceof Error && isUniqueViolation(err.cause))) throw duplicate(input.name);
    throw err;
  }
}

export async function renameFilterSet(db: Db, viewer: Viewer | null, id: string, name: string): Promise<FilterSet> {
  const v = requireEntitlement(viewer, ADVANCED_FILTERS);
  if (!UUID.test(id)) throw new AppError("not_found", "Filter set not found");
  try {
    const [row] = await db
      .update(filterSets)
      .set({ name, updatedAt: sql`now()` })
      .where(and(eq(filterSets.id, id), eq(filterSets.userId, v.user.id)))
      .returning(COLUMNS);
    if (!row) throw new AppError("not_found", "Filter set not found");
    return toSet(row);
  } catch (err) {
    if (isUniqueViolation(err) || (err instanceof Error && isUniqueViolation(err.cause))) throw duplicate(name);
    throw err;
  }
}

/** Deletes one of the member's own sets (any tier: leaving is always allowed); another's is a 404. */
export async function deleteFilterSet(db: Db, viewer: Viewer | null, id: string): Promise<void> {
  const v = requireUser(viewer);
  if (!UUID.test(id)) throw new AppError("not_found", "Filter set not found");
  const rows = await db
    .delete(filterSets)
    .where(and(eq(filterSets.id, id), eq(filterSets.userId, v.user.id)))
    .returning({ id: filterSets.id });
  if (!rows.length) throw new AppError("not_found", "Filter set not found");
}
