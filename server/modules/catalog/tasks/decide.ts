import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Actor, recordAudit } from "../../../platform/audit.ts";
import { type Db, queryRows, transaction } from "../../../platform/db/index.ts";
import { AppError } from "../../../platform/errors.ts";

/**
 * An editor accepts or rejects a tool for a task (issue 32: "kept when an editor accepts them").
 * The pair need not be proposed yet (an editor may add a tool the rules missed). One transaction:
 * the row (status, method 'editor', the editor's user id — never an e-mail — and when) and its audit
 * row, before → after. A later recomputation never overrides the decision (propose.ts).
 */
export const TaskToolDecision = z.object({
  task: z.string().trim().min(1, "Choose a task").max(120),
  tool: z.string().trim().min(1, "Choose a tool").max(200),
  decision: z.enum(["accepted", "rejected", "proposed"], { message: "Decide accepted, rejected or proposed" }),
});
export type TaskToolDecision = z.infer<typeof TaskToolDecision>;

const Current = z.object({ status: z.string(), method: z.string(), source: z.string() });

export async function decideTaskTool(
  db: Db,
  ctx: { actor: Actor; now: Date },
  input: TaskToolDecision,
): Promise<{ task: string; tool: string; status: string }> {
  return transaction(db, async (tx) => {
    const [task] = await queryRows(
      tx,
      sql`SELECT slug FROM tasks WHERE slug = ${input.task}`,
      z.object({ slug: z.string() }),
    );
    if (!task) throw new AppError("not_found", `No task '${input.task}'`);
    const [tool] = await queryRows(
      tx,
      sql`SELECT id::text AS id, slug FROM tools WHERE (slug = ${input.tool.toLowerCase()} OR id::text = ${input.tool.toLowerCase()})
            AND status = 'active'`,
      z.object({ id: z.string(), slug: z.string() }),
    );
    if (!tool) throw new AppError("not_found", `No active tool '${input.tool}'`);
    const [before] = await queryRows(
      tx,
      sql`SELECT status::text AS status, method::text AS method, source FROM task_tools
          WHERE task_slug = ${task.slug} AND tool_id = ${tool.id}::uuid FOR UPDATE`,
      Current,
    );
    await tx.execute(
      sql`INSERT INTO task_tools (task_slug, tool_id, status, score, method, source, actor_id, decided_at, updated_at)
          VALUES (${task.slug}, ${tool.id}::uuid, ${input.decision}, 0, 'editor', 'admin', ${ctx.actor.id},
                  ${ctx.now.toISOString()}::timestamptz, ${ctx.now.toISOString()}::timestamptz)
          ON CONFLICT (task_slug, tool_id) DO UPDATE SET status = excluded.status, method = 'editor', source = 'admin',
            actor_id = excluded.actor_id, decided_at = excluded.decided_at, updated_at = excluded.updated_at`,
    );
    await recordAudit(tx, {
      actor: ctx.actor,
      action: "task.tool_decision",
      targetType: "task",
      targetId: task.slug,
      before: before ? { tool: tool.slug, ...before } : { tool: tool.slug, status: null },
      after: { tool: tool.slug, status: input.decision, method: "editor", source: "admin" },
      requestId: ctx.actor.requestId ?? null,
      at: ctx.now,
    });
    return { task: task.slug, tool: tool.slug, status: input.decision };
  });
}

const AdminRow = z.object({
  slug: z.string(),
  name: z.string(),
  status: z.enum(["proposed", "accepted", "rejected"]),
  method: z.string(),
  source: z.string(),
  score: z.number(),
  decided_at: z.string().nullable(),
});
export type AdminTaskTool = z.infer<typeof AdminRow>;

/** Every pair of a task for the editors' page: accepted, then proposed by score, then rejected. */
export async function taskToolsForAdmin(db: Db, slug: string): Promise<AdminTaskTool[]> {
  return queryRows(
    db,
    sql`SELECT t.slug, t.name, tt.status::text AS status, tt.method::text AS method, tt.source,
               tt.score::float8 AS score, tt.decided_at::text AS decided_at
        FROM task_tools tt JOIN tools t ON t.id = tt.tool_id
        WHERE tt.task_slug = ${slug} AND t.status = 'active'
        ORDER BY CASE tt.status WHEN 'accepted' THEN 0 WHEN 'proposed' THEN 1 ELSE 2 END, tt.score DESC, lower(t.name)
        LIMIT 200`,
    AdminRow,
  );
}
