import { inArray } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "../../platform/audit.ts";
import { type Db, transaction } from "../../platform/db/index.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { EDITORS_LABEL, FACT_NOTES } from "../../platform/fact-publish.ts";
import type { ToolChangeContext } from "./admin-tool-shapes.ts";
import { resolveCategoryKeys } from "./categories.ts";
import { applyToolFacts } from "./facts.ts";
import { categories, tools } from "./tables.ts";
import { refreshTagCatalogue } from "./tags.ts";

/**
 * Bulk actions on the admin's tool table (issue 21): feature, unfeature, set the category, deactivate
 * (archive, after a ticked confirmation) the selected tools, and restore them (its undo, issue 31). One transaction: every tool changes or none does. Each tool gets its
 * own audit row (so the audit log's target filter finds it) and its fact changes go through
 * applyToolFacts (category and status are facts; `is_featured` is written in the same update).
 */
export const BULK_MAX = 100;
export const BULK_ACTIONS = ["feature", "unfeature", "category", "deactivate", "restore"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const BulkToolsInput = z
  .object({
    ids: z
      .array(z.uuid("Choose tools from the table"))
      .min(1, "Select at least one tool")
      .max(BULK_MAX, `Select at most ${BULK_MAX} tools at a time`),
    action: z.enum(BULK_ACTIONS, { message: "Choose what to do with the selected tools" }),
    category: z.string().trim().max(80, "category must be 80 characters or less").optional(),
    /** archiving takes tools off the directory: the operator ticks a box, checked here (no JavaScript needed) */
    confirm: z.boolean().optional(),
  })
  .refine((v) => v.action !== "category" || Boolean(v.category), {
    message: "Choose the category to move the tools to",
    path: ["category"],
  })
  .refine((v) => v.action !== "deactivate" || v.confirm === true, {
    message: "Tick 'Yes, archive them' to take the selected tools off the directory",
    path: ["confirm"],
  });
export type BulkToolsInput = z.infer<typeof BulkToolsInput>;

export type BulkResult = { action: BulkAction; changed: number; unchanged: number; names: string[] };

const AUDIT_ACTION: Record<BulkAction, string> = {
  feature: "tool.feature",
  unfeature: "tool.feature",
  category: "tool.update",
  deactivate: "tool.archive",
  restore: "tool.restore",
};

export async function bulkChangeTools(db: Db, raw: BulkToolsInput, ctx: ToolChangeContext): Promise<BulkResult> {
  const parsed = BulkToolsInput.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues.at(0);
    throw new AppError("bad_request", issue?.message || "Check the bulk action", {
      field: String(issue?.path[0] ?? ""),
    });
  }
  const input = parsed.data;
  const ids = [...new Set(input.ids)].sort();
  const now = ctx.now;
  return transaction(db, async (tx) => {
    let categoryId: number | null = null;
    let categoryName = "";
    if (input.action === "category") {
      const { ids: found } = await resolveCategoryKeys(tx, [input.category ?? ""]);
      if (found[0] === undefined)
        throw new AppError("bad_request", "Choose an existing category", { field: "category" });
      categoryId = found[0];
      const [c] = await tx
        .select({ name: categories.name })
        .from(categories)
        .where(inArray(categories.id, [categoryId]));
      categoryName = c?.name ?? "";
    }
    // Locked in id order: two bulk actions over overlapping selections wait for each other, not deadlock.
    const rows = await tx
      .select({
        id: tools.id,
        name: tools.name,
        status: tools.status,
        isFeatured: tools.isFeatured,
        categoryId: tools.categoryId,
      })
      .from(tools)
      .where(inArray(tools.id, ids))
      .orderBy(tools.id)
      .for("update");
    if (rows.length !== ids.length) throw notFound(`${ids.length - rows.length} of the selected tools were not found`);
    const provenance = {
      kind: "editor" as const,
      source: EDITORS_LABEL,
      observedAt: now,
      verifiedAt: now,
    };
    const names: string[] = [];
    let unchanged = 0;
    for (const row of rows) {
      let before: Record<string, unknown>;
      let after: Record<string, unknown>;
      if (input.action === "feature" || input.action === "unfeature") {
        const next = input.action === "feature";
        if (row.isFeatured === next) {
          unchanged++;
          continue;
        }
        before = { is_featured: row.isFeatured };
        after = { is_featured: next };
        await applyToolFacts(tx, {
          toolId: row.id,
          set: {},
          also: { isFeatured: next, updatedAt: now },
          provenance,
          actorUserId: ctx.actor.id,
          at: now,
        });
      } else if (input.action === "category") {
        if (row.categoryId === categoryId) {
          unchanged++;
          continue;
        }
        before = { category_id: row.categoryId };
        after = { category_id: categoryId, category: categoryName };
        await applyToolFacts(tx, {
          toolId: row.id,
          set: { categoryId: categoryId as number },
          provenance,
          actorUserId: ctx.actor.id,
          note: FACT_NOTES.bulk,
          at: now,
        });
      } else {
        // Deactivate archives; restore is its undo (an archived tool is listed again, nothing else).
        const [from, to] =
          input.action === "restore" ? (["archived", "active"] as const) : ([null, "archived"] as const);
        if (row.status === to || (from !== null && row.status !== from)) {
          unchanged++;
          continue;
        }
        before = { status: row.status };
        after = { status: to };
        await applyToolFacts(tx, {
          toolId: row.id,
          set: { status: to },
          provenance,
          actorUserId: ctx.actor.id,
          note: FACT_NOTES.bulk,
          at: now,
        });
      }
      await recordAudit(tx, {
        actor: ctx.actor,
        action: AUDIT_ACTION[input.action],
        targetType: "tool",
        targetId: row.id,
        before,
        after,
        reason: `bulk ${input.action} of ${rows.length} tools`,
        requestId: ctx.requestId,
        at: ctx.now,
      });
      names.push(row.name);
    }
    if ((input.action === "deactivate" || input.action === "restore") && names.length) await refreshTagCatalogue(tx);
    return { action: input.action, changed: names.length, unchanged, names };
  });
}
