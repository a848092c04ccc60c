import { and, eq, isNull } from "drizzle-orm";
import { recordAudit } from "../../platform/audit.ts";
import { type Db, transaction } from "../../platform/db/index.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import type { ToolChangeContext } from "./admin-tool-shapes.ts";
import { applyToolFacts } from "./facts.ts";
import { catalogImports, tools } from "./tables.ts";
import { refreshTagCatalogue } from "./tags.ts";

/**
 * Rolls one import back as a whole (issue 31): every tool it brought that is still listed (draft,
 * pending or active) is archived through applyToolFacts, each with its audit row, and the run is
 * marked rolled back with one `catalog.import_rollback` row — in one transaction, at most once (the
 * run's row is locked and `rolled_back_at` checked first). Archived tools can be restored one by one.
 */
export async function rollbackImport(
  db: Db,
  importId: number,
  ctx: ToolChangeContext,
): Promise<{ archived: number; alreadyGone: number }> {
  const now = ctx.now;
  return transaction(db, async (tx) => {
    const [run] = await tx
      .select({ id: catalogImports.id, dryRun: catalogImports.dryRun, rolledBackAt: catalogImports.rolledBackAt })
      .from(catalogImports)
      .where(eq(catalogImports.id, importId))
      .for("update");
    if (!run) throw notFound("Import not found");
    if (run.dryRun) throw new AppError("conflict", "A dry run added nothing: there is nothing to roll back.");
    if (run.rolledBackAt) throw new AppError("conflict", "This import was already rolled back.");
    const rows = await tx
      .select({ id: tools.id, status: tools.status })
      .from(tools)
      .where(eq(tools.importId, importId))
      .orderBy(tools.id)
      .for("update");
    const provenance = {
      kind: "editor" as const,
      source: `Toolscape editors (${ctx.actor.label})`,
      observedAt: now,
      verifiedAt: now,
    };
    let archived = 0;
    for (const row of rows) {
      if (row.status !== "draft" && row.status !== "pending" && row.status !== "active") continue;
      await applyToolFacts(tx, {
        toolId: row.id,
        set: { status: "archived" },
        provenance,
        actorUserId: ctx.actor.id,
        note: `rollback of import #${importId}`,
        at: now,
      });
      await recordAudit(tx, {
        actor: ctx.actor,
        action: "tool.archive",
        targetType: "tool",
        targetId: row.id,
        before: { status: row.status },
        after: { status: "archived" },
        reason: `rollback of import #${importId}`,
        requestId: ctx.requestId,
        at: now,
      });
      archived++;
    }
    await tx
      .update(catalogImports)
      .set({ rolledBackAt: now })
      .where(and(eq(catalogImports.id, importId), isNull(catalogImports.rolledBackAt)));
    await recordAudit(tx, {
      actor: ctx.actor,
      action: "catalog.import_rollback",
      targetType: "import",
      targetId: String(importId),
      after: { archived, alreadyGone: rows.length - archived },
      requestId: ctx.requestId,
      at: now,
    });
    if (archived) await refreshTagCatalogue(tx);
    return { archived, alreadyGone: rows.length - archived };
  });
}
