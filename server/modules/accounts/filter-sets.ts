import { z } from "zod";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID } from "../../platform/ids.ts";
import { textLine } from "../../platform/text.ts";
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

const Row = z.object({ id: z.string(), name: z.string(), query: z.string(), updated_at: z.string() });
type Row = z.infer<typeof Row>;
const toSet = (r: Row): FilterSet => ({
  id: r.id,
  name: r.name,
  query: r.query,
  url: `/tools?${r.query}`,
  updatedAt: new Date(r.updated_at).toISOString(),
});
const COLUMNS = sql.raw("id::text AS id, name, query, updated_at::text AS updated_at");

export async function listFilterSets(db: Db, userId: string): Promise<FilterSet[]> {
  const rows = await queryRows(
    db,
    sql`SELECT ${COLUMNS} FROM filter_sets WHERE user_id = ${userId} ORDER BY lower(name), id`,
    Row,
  );
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
      await tx.execute(sql`SELECT 1 FROM user_profiles WHERE user_id = ${v.user.id} FOR UPDATE`);
      if (limit !== null) {
        const [row] = await queryRows(
          tx,
          sql`SELECT count(*)::int AS n FROM filter_sets WHERE user_id = ${v.user.id}`,
          z.object({ n: z.number() }),
        );
        if ((row?.n ?? 0) >= limit)
          throw new AppError(
            "forbidden",
            `You can keep up to ${limit} filter sets on your plan. Delete or rename one${v.tier === "expert" ? "" : ", or upgrade to Expert for more"}.`,
            { limit },
          );
      }
      const [created] = await queryRows(
        tx,
        sql`INSERT INTO filter_sets (user_id, name, query) VALUES (${v.user.id}, ${input.name}, ${input.query})
            RETURNING ${COLUMNS}`,
        Row,
      );
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
    const [row] = await queryRows(
      db,
      sql`UPDATE filter_sets SET name = ${name}, updated_at = now()
          WHERE id = ${id}::uuid AND user_id = ${v.user.id} RETURNING ${COLUMNS}`,
      Row,
    );
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
  const rows = await queryRows(
    db,
    sql`DELETE FROM filter_sets WHERE id = ${id}::uuid AND user_id = ${v.user.id} RETURNING id::text AS id`,
    z.object({ id: z.string() }),
  );
  if (!rows.length) throw new AppError("not_found", "Filter set not found");
}
