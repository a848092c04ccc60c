import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID } from "../../platform/ids.ts";
import { tools } from "../catalog/tables.ts";
import { REVIEW_MESSAGES } from "./review-forms.ts";

/** A published tool's id by id or slug, or a 404 (reviews, polls, AMAs and discussions name a tool so). */
export async function resolveToolId(db: Db, idOrSlug: string): Promise<string> {
  const key = idOrSlug.trim().toLowerCase();
  if (key && key.length <= 200) {
    const match = UUID.test(key) ? eq(tools.id, key) : eq(tools.slug, key);
    const [row] = await db
      .select({ id: tools.id })
      .from(tools)
      .where(and(match, eq(tools.status, "active")))
      .limit(1);
    if (row) return row.id;
  }
  throw new AppError("not_found", REVIEW_MESSAGES.toolNotFound);
}

/** Locks the tool's row: writes that change its figures queue on it (callers lock it before touching reviews). */
export async function lockTool(tx: Db, toolId: string): Promise<void> {
  await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId)).for("update");
}
