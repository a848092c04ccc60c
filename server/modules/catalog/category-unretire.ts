import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, transaction } from "../../platform/db/index.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import type { CategoryChangeContext } from "./category-admin.ts";
import { applyToolFacts } from "./facts.ts";
import { categories } from "./tables.ts";

const MovedRow = z.object({ id: z.string() });
const LastMoveRow = z.object({ action: z.string() });

/**
 * Undoes a retirement (issue 31): the category is live again and the tools its retirement moved —
 * found by their history rows written at that moment, and only those still in the category they were
 * moved to — come back, each through applyToolFacts. A merge is refused: it handed every name and
 * address of the category to the target (category_aliases rows), and nothing records which of the
 * target's keys were the source's, so it cannot be taken apart exactly.
 */
export async function unretireCategory(db: Db, ctx: CategoryChangeContext, id: number) {
  return transaction(db, async (tx) => {
    const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    if (!row) throw notFound("Category not found");
    if (!row.retiredAt) throw new AppError("conflict", `${row.name} is not retired`);
    const [last] = await queryRows(
      tx,
      sql`SELECT action FROM audit_log WHERE target_type = 'category' AND target_id = ${String(id)}
            AND action IN ('category.merge', 'category.retire') ORDER BY at DESC, id DESC LIMIT 1`,
      LastMoveRow,
    );
    if (last?.action === "category.merge") {
      throw new AppError(
        "conflict",
        `${row.name} was merged, not retired: its names and addresses now belong to the other category, so a merge cannot be undone here. Create the category again instead.`,
      );
    }
    const to = row.replacedById;
    const moved = to
      ? await queryRows(
          tx,
          sql`SELECT t.id::text AS id FROM tools t
               WHERE t.category_id = ${to}
                 AND EXISTS (SELECT 1 FROM tool_fact_history h
                              WHERE h.tool_id = t.id AND h.field = 'category'
                                AND h.note = ${`Category ${row.name} retired`}
                                AND h.created_at = ${row.retiredAt.toISOString()}::timestamptz)
               ORDER BY t.id FOR UPDATE OF t`,
          MovedRow,
        )
      : [];
    for (const t of moved) {
      await applyToolFacts(tx, {
        toolId: t.id,
        set: { categoryId: id },
        provenance: {
          kind: "editor",
          source: `Toolscape editors (${ctx.actor.label})`,
          observedAt: ctx.now,
          verifiedAt: ctx.now,
        },
        actorUserId: ctx.actor.id,
        note: `Category ${row.name} un-retired`,
        at: ctx.now,
      });
    }
    await tx
      .update(categories)
      .set({ retiredAt: null, replacedById: null, updatedAt: ctx.now })
      .where(and(eq(categories.id, id)));
    await recordAudit(tx, {
      actor: ctx.actor,
      action: "category.unretire",
      targetType: "category",
      targetId: String(id),
      before: { retired_at: row.retiredAt.toISOString(), replaced_by_id: to },
      after: { retired_at: null, tools_moved_back: moved.length },
      requestId: ctx.requestId,
      at: ctx.now,
    });
    return { name: row.name, toolsMovedBack: moved.length };
  });
}
