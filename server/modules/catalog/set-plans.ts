import { eq } from "drizzle-orm";
import { z } from "zod";
import type { AuditActor } from "../../platform/audit.ts";
import { recordAudit } from "../../platform/audit.ts";
import { type Db, transaction } from "../../platform/db/index.ts";
import { notFound } from "../../platform/errors.ts";
import type { FactKind } from "./fact-fields.ts";
import { applyToolFacts } from "./facts.ts";
import { parseHttpUrl } from "./normalize.ts";
import { type Plan, PlansInput } from "./plans.ts";
import { tools } from "./tables.ts";

/**
 * An editor or a verified maker sets a tool's plans (issue 33, ADR 0070). A plan figure needs the page
 * it was read on: without a source URL the edit is refused (item 6: facts without a source are not
 * entered). The plans become one `plans` fact through applyToolFacts (provenance, history, the changes
 * feed and members' alerts), with the audit row in the same transaction.
 */
export const SetPlansInput = z
  .object({
    plans: PlansInput,
    source_url: z
      .string({ message: "source_url is required: the page the plans were read on" })
      .max(2000, "source_url is at most 2,000 characters")
      .refine((u) => parseHttpUrl(u) !== null, "source_url must be an http(s) address"),
    note: z.string().max(500, "note is at most 500 characters").optional(),
  })
  .strict();
export type SetPlansInput = z.infer<typeof SetPlansInput>;

export type PlanEditor = { actor: AuditActor; kind: Extract<FactKind, "editor" | "maker">; now: Date };

/** Returns whether the plans changed. */
export async function setToolPlans(db: Db, who: PlanEditor, toolId: string, input: SetPlansInput): Promise<boolean> {
  return transaction(db, async (tx) => {
    const [tool] = await tx.select({ id: tools.id, plans: tools.plans }).from(tools).where(eq(tools.id, toolId));
    if (!tool) throw notFound("Tool not found");
    const changed = await applyToolFacts(tx, {
      toolId,
      set: { plans: input.plans },
      provenance: {
        kind: who.kind,
        source: who.kind === "editor" ? "Toolscape editors" : "The tool's maker",
        sourceUrl: input.source_url,
        observedAt: who.now,
        verifiedAt: who.now,
      },
      actorUserId: who.actor.id,
      note: input.note ?? null,
      at: who.now,
    });
    if (!changed.length) return false;
    await recordAudit(tx, {
      actor: who.actor,
      action: "tool.plans_set",
      targetType: "tool",
      targetId: toolId,
      before: { plans: tool.plans },
      after: { plans: input.plans, source_url: input.source_url },
      requestId: who.actor.requestId ?? null,
      at: who.now,
    });
    return true;
  });
}

/** A tool's stated plans (null: none known), for the cost answer. */
export async function getToolPlans(
  db: Db,
  toolId: string,
): Promise<{ slug: string; name: string; plans: Plan[] | null } | null> {
  const [row] = await db
    .select({ slug: tools.slug, name: tools.name, plans: tools.plans })
    .from(tools)
    .where(eq(tools.id, toolId));
  return row ?? null;
}
