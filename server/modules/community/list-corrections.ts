import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { type CorrectionStatus, type CorrectionView, Row, select, toView } from "./correction-rows.ts";

export const CORRECTIONS_PAGE_SIZE = 20;

/** Corrections by status (open: most votes first; decided: newest decision first). */
export async function listCorrections(
  db: Db,
  options: { status?: CorrectionStatus; userId?: string; viewerId: string | null; page?: number; limit?: number },
): Promise<{ corrections: CorrectionView[]; total: number }> {
  const limit = options.limit ?? CORRECTIONS_PAGE_SIZE;
  const page = options.page ?? 1;
  const where = [sql`true`];
  if (options.status) where.push(sql`k.status = ${options.status}`);
  if (options.userId) where.push(sql`k.user_id = ${options.userId}`);
  const order =
    options.status === "open"
      ? sql`k.votes DESC, k.created_at DESC, k.id`
      : sql`coalesce(k.decided_at, k.created_at) DESC, k.id`;
  const rows = await queryRows(
    db,
    sql`${select(options.viewerId)} WHERE ${sql.join(where, sql` AND `)} ORDER BY ${order}
        LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    Row,
  );
  return { corrections: rows.map((r) => toView(r, options.viewerId)), total: rows[0]?.total ?? 0 };
}
