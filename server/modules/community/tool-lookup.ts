import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID } from "../../platform/ids.ts";
import { REVIEW_MESSAGES } from "./review-forms.ts";

const IdRow = z.object({ id: z.string() });

/** A published tool's id by id or slug, or a 404 (reviews, polls, AMAs and discussions name a tool so). */
export async function resolveToolId(db: Db, idOrSlug: string): Promise<string> {
  const key = idOrSlug.trim().toLowerCase();
  if (key && key.length <= 200) {
    const match = UUID.test(key) ? sql`id = ${key}::uuid` : sql`slug = ${key}`;
    const [row] = await queryRows(
      db,
      sql`SELECT id::text AS id FROM tools WHERE ${match} AND status = 'active' LIMIT 1`,
      IdRow,
    );
    if (row) return row.id;
  }
  throw new AppError("not_found", REVIEW_MESSAGES.toolNotFound);
}

/** Locks the tool's row: writes that change its figures queue on it (callers lock it before touching reviews). */
export async function lockTool(tx: Db, toolId: string): Promise<void> {
  await tx.execute(sql`SELECT id FROM tools WHERE id = ${toolId}::uuid FOR UPDATE`);
}
