import { z } from "zod";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { isUuid, uuidSchema } from "../../platform/ids.ts";
import { applyToolFacts } from "./facts.ts";
import { runnableSteps, type ToolMergeStep } from "./merge-steps.ts";

/**
 * Merging a duplicate listing A into B (issue 13): everything members and visitors left on A moves to
 * B through the merge steps (saves, clicks and views here; reviews, votes, lists… in their own modules;
 * assembled at startup into `services.toolMergeSteps`, see ./merge-steps.ts), A is archived with
 * `merged_into_id = B`, its URL answers 301 to B, and the merge is recorded with what moved
 * (tool_merges) and audited — all in one transaction.
 */

export const MergeStepReport = z.object({ moved: z.number(), dropped: z.number() });
export type MergeStepReport = z.infer<typeof MergeStepReport>;
export type MergeReport = {
  from: { id: string; slug: string; name: string };
  into: { id: string; slug: string; name: string };
  steps: Record<string, MergeStepReport>;
};

export const MergeInput = z.object({
  from: uuidSchema("Choose the tool to merge"),
  into: uuidSchema("Choose the tool to keep"),
});

const ToolRow = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  status: z.string(),
  merged_into_id: z.string().nullable(),
  views: z.number(),
  clicks: z.number(),
  upvotes: z.number(),
});
const RedirectRow = z.object({ id: z.string(), slug: z.string() });
const CountRow = z.object({ n: z.number() });
const MovedRow = z.object({ moved: z.number(), total: z.number() });
const PreviewRow = z.object({ saves: z.number(), clicks: z.number(), views: z.number(), reviews: z.number() });

export async function mergeTools(
  db: Db,
  input: { from: string; into: string },
  ctx: { actor: AuditActor; requestId?: string | null; now: Date; steps: readonly ToolMergeStep[] },
): Promise<MergeReport> {
  const { from, into } = MergeInput.parse(input);
  if (from === into) throw new AppError("bad_request", "A tool cannot be merged into itself");
  return transaction(db, async (tx) => {
    // Both rows locked in id order: two admins merging the same pair the other way round wait, not deadlock.
    const rows = await queryRows(
      tx,
      sql`SELECT id::text AS id, slug, name, status::text AS status, merged_into_id::text AS merged_into_id,
            views, clicks, upvotes
          FROM tools WHERE id IN (${from}::uuid, ${into}::uuid) ORDER BY id FOR UPDATE`,
      ToolRow,
    );
    const a = rows.find((r) => r.id === from);
    const b = rows.find((r) => r.id === into);
    if (!a || !b) throw notFound("Tool not found");
    if (a.merged_into_id) throw new AppError("conflict", `${a.name} was already merged into another tool`);
    if (b.merged_into_id || b.status !== "active")
      throw new AppError("conflict", `${b.name} is not an active tool: merge into a published listing`);

    const at = ctx.now;
    const steps: Record<string, MergeStepReport> = {};
    for (const step of runnableSteps(ctx.steps)) {
      const result = await step.run(tx, a.id, b.id, at);
      steps[step.name] = { moved: result.moved, dropped: result.dropped ?? 0 };
    }
    // Lifetime counters follow the rows they count.
    await tx.execute(sql`UPDATE tools SET views = views + ${a.views}, clicks = clicks + ${a.clicks},
      upvotes = upvotes + ${a.upvotes}, updated_at = ${at} WHERE id = ${b.id}::uuid`);
    // A is archived through the one fact path: its status change is in A's history with the merge as reason.
    await applyToolFacts(tx, {
      toolId: a.id,
      set: { status: "archived" },
      also: { mergedIntoId: b.id, views: 0, clicks: 0, upvotes: 0 },
      provenance: { kind: "editor", source: `Merged into ${b.name} as a duplicate listing` },
      actorUserId: ctx.actor.id,
      note: `Merged into ${b.name}`,
      at,
    });
    // Earlier merges into A now point at B, so every old URL redirects in one hop.
    await tx.execute(sql`UPDATE tools SET merged_into_id = ${b.id}::uuid WHERE merged_into_id = ${a.id}::uuid`);
    const report: MergeReport = {
      from: { id: a.id, slug: a.slug, name: a.name },
      into: { id: b.id, slug: b.slug, name: b.name },
      steps,
    };
    await tx.execute(sql`INSERT INTO tool_merges (from_tool_id, into_tool_id, from_slug, from_name, into_slug, into_name,
        report, actor_id, actor_label, created_at)
      VALUES (${a.id}::uuid, ${b.id}::uuid, ${a.slug}, ${a.name}, ${b.slug}, ${b.name}, ${JSON.stringify(steps)}::jsonb,
        ${ctx.actor.id}, ${ctx.actor.label}, ${at})`);
    await recordAudit(tx, {
      actor: ctx.actor,
      action: "tool.merge",
      targetType: "tool",
      targetId: a.id,
      before: { slug: a.slug, name: a.name, status: a.status },
      after: { status: "archived", mergedInto: { id: b.id, slug: b.slug, name: b.name }, moved: steps },
      requestId: ctx.requestId ?? null,
      at,
    });
    return report;
  });
}

/** Where an archived, merged tool's old address leads (one hop: merges re-point earlier ones). */
export async function mergedTarget(db: Db, idOrSlug: string): Promise<{ id: string; slug: string } | null> {
  const key = idOrSlug.trim().toLowerCase();
  if (!key || key.length > 200) return null;
  const isId = isUuid(key);
  const match = isId ? sql`a.id = ${key}::uuid` : sql`a.slug = ${key}`;
  const [row] = await queryRows(
    db,
    sql`SELECT b.id::text AS id, b.slug FROM tools a JOIN tools b ON b.id = a.merged_into_id
        WHERE ${match} AND b.status = 'active' LIMIT 1`,
    RedirectRow,
  );
  return row ?? null;
}

export const MergeHistoryEntry = z.object({
  id: z.number(),
  fromSlug: z.string(),
  fromName: z.string(),
  intoSlug: z.string(),
  intoName: z.string(),
  /** jsonb: the steps' report as the merge wrote it */
  report: z.record(z.string(), MergeStepReport),
  actor: z.string(),
  /** timestamptz, as the server's text */
  createdAt: z.string(),
});
export type MergeHistoryEntry = z.infer<typeof MergeHistoryEntry>;

export async function listMerges(db: Db, limit = 20): Promise<MergeHistoryEntry[]> {
  return queryRows(
    db,
    sql`SELECT id::int AS id, from_slug AS "fromSlug", from_name AS "fromName", into_slug AS "intoSlug",
          into_name AS "intoName", report, actor_label AS actor, created_at AS "createdAt"
        FROM tool_merges ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
    MergeHistoryEntry,
  );
}

/** What a merge of A would carry over, shown before the admin confirms (the same tables the core steps move). */
export async function mergePreview(db: Db, toolId: string): Promise<Record<string, number>> {
  const [row] = await queryRows(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM saved_tools WHERE tool_id = ${toolId}::uuid) AS saves,
      (SELECT count(*)::int FROM tool_events WHERE tool_id = ${toolId}::uuid AND kind = 'click') AS clicks,
      (SELECT coalesce(sum(count), 0)::int FROM tool_view_days WHERE tool_id = ${toolId}::uuid) AS views,
      (SELECT review_count FROM tools WHERE id = ${toolId}::uuid) AS reviews`,
    PreviewRow,
  );
  return row ?? {};
}

// ---- the catalogue's own rows ----

async function moved(tx: Db, query: ReturnType<typeof sql>): Promise<number> {
  const rows = await queryRows(tx, sql`WITH m AS (${query}) SELECT count(*)::int AS n FROM m`, CountRow);
  return rows[0]?.n ?? 0;
}

/**
 * The catalogue's merge steps, in order (ADR 0033): its own rows move here; `tools` and `tool_merges`
 * are the merge's own (A archived and redirected, earlier merges into A re-pointed, the merge recorded).
 */
export const catalogMergeSteps: readonly ToolMergeStep[] = [
  {
    name: "merge",
    tables: ["tools", "tool_merges"],
    keep: "the merge itself: A is archived with merged_into_id = B, earlier merges into A now point at B, tool_merges records it",
  },
  // A member who saved both keeps one save (per kind); the rest move.
  {
    name: "saves",
    tables: ["saved_tools"],
    async run(tx, from, into) {
      const [row] = await queryRows(
        tx,
        sql`WITH gone AS (DELETE FROM saved_tools WHERE tool_id = ${from}::uuid RETURNING user_id, kind, created_at),
          ins AS (INSERT INTO saved_tools (user_id, tool_id, kind, created_at)
                  SELECT user_id, ${into}::uuid, kind, created_at FROM gone
                  ON CONFLICT DO NOTHING RETURNING 1)
          SELECT (SELECT count(*)::int FROM ins) AS moved, (SELECT count(*)::int FROM gone) AS total`,
        MovedRow,
      );
      return { moved: row?.moved ?? 0, dropped: (row?.total ?? 0) - (row?.moved ?? 0) };
    },
  },

  {
    name: "events",
    tables: ["tool_events"],
    async run(tx, from, into) {
      return {
        moved: await moved(
          tx,
          sql`UPDATE tool_events SET tool_id = ${into}::uuid WHERE tool_id = ${from}::uuid RETURNING 1`,
        ),
      };
    },
  },

  {
    name: "viewDays",
    tables: ["tool_view_days"],
    async run(tx, from, into) {
      // Per-day view counts add up; nothing is dropped.
      const [row] = await queryRows(
        tx,
        sql`WITH gone AS (DELETE FROM tool_view_days WHERE tool_id = ${from}::uuid RETURNING day, count),
          ins AS (INSERT INTO tool_view_days (day, tool_id, count) SELECT day, ${into}::uuid, count FROM gone
                  ON CONFLICT (day, tool_id) DO UPDATE SET count = tool_view_days.count + excluded.count RETURNING 1)
          SELECT count(*)::int AS n FROM ins`,
        CountRow,
      );
      return { moved: row?.n ?? 0 };
    },
  },

  {
    name: "dailyViews",
    tables: ["daily_tool_views"],
    async run(tx, from, into) {
      // A visitor who opened both on one day has seen one tool that day.
      const [row] = await queryRows(
        tx,
        sql`WITH gone AS (DELETE FROM daily_tool_views WHERE tool_id = ${from}::uuid RETURNING subject, day, created_at),
          ins AS (INSERT INTO daily_tool_views (subject, day, tool_id, created_at)
                  SELECT subject, day, ${into}::uuid, created_at FROM gone ON CONFLICT DO NOTHING RETURNING 1)
          SELECT (SELECT count(*)::int FROM ins) AS moved, (SELECT count(*)::int FROM gone) AS total`,
        MovedRow,
      );
      return { moved: row?.moved ?? 0, dropped: (row?.total ?? 0) - (row?.moved ?? 0) };
    },
  },

  {
    name: "toolOfTheDay",
    tables: ["tool_of_the_day"],
    async run(tx, from, into) {
      return {
        moved: await moved(
          tx,
          sql`UPDATE tool_of_the_day SET tool_id = ${into}::uuid WHERE tool_id = ${from}::uuid RETURNING 1`,
        ),
      };
    },
  },

  {
    name: "submissions",
    tables: ["tool_submissions"],
    async run(tx, from, into) {
      return {
        moved: await moved(
          tx,
          sql`UPDATE tool_submissions SET tool_id = ${into}::uuid WHERE tool_id = ${from}::uuid RETURNING 1`,
        ),
      };
    },
  },

  {
    name: "linkStatus",
    tables: ["tool_link_status"],
    async run(tx, from) {
      // The archived listing is no longer checked; B keeps its own result.
      const n = await moved(tx, sql`DELETE FROM tool_link_status WHERE tool_id = ${from}::uuid RETURNING 1`);
      return { moved: 0, dropped: n };
    },
  },
  {
    name: "facts",
    tables: ["tool_facts", "tool_fact_history"],
    keep: "B's facts do not change in a merge, so B's provenance stands; A keeps the provenance and history of its own facts, which stay readable on the archived row",
  },
  {
    name: "duplicateDismissals",
    tables: ["tool_duplicate_dismissals"],
    keep: "a pair judged distinct stays judged; an archived tool is never a duplicate candidate again",
  },
  {
    name: "qualityFlags",
    tables: ["tool_quality_flags"],
    keep: "a proposal is about one listing's own name, description or fit: A's stay with the archived row (its open ones no longer lead anywhere, since an archived tool is off every page), B's are B's",
  },
  {
    name: "taskTools",
    tables: ["task_tools"],
    async run(tx, from, into) {
      // Issue 32: B takes A's tasks it lacks (an editor's decision travels with it); a pair B has wins.
      const n = await moved(
        tx,
        sql`INSERT INTO task_tools (task_slug, tool_id, status, score, method, source, actor_id, decided_at, updated_at)
            SELECT task_slug, ${into}::uuid, status, score, method, source, actor_id, decided_at, updated_at
            FROM task_tools WHERE tool_id = ${from}::uuid
            ON CONFLICT (task_slug, tool_id) DO NOTHING RETURNING 1`,
      );
      const dropped = await moved(tx, sql`DELETE FROM task_tools WHERE tool_id = ${from}::uuid RETURNING 1`);
      return { moved: n, dropped: dropped - n };
    },
  },
  {
    name: "toolAlternatives",
    tables: ["tool_alternatives"],
    async run(tx, from) {
      // Computed rows: A's own list and its places in others' go; the watch job fills the gaps.
      const n = await moved(
        tx,
        sql`DELETE FROM tool_alternatives WHERE tool_id = ${from}::uuid OR alternative_id = ${from}::uuid RETURNING 1`,
      );
      return { moved: 0, dropped: n };
    },
  },
  {
    name: "duplicateCandidates",
    tables: ["tool_duplicate_candidates"],
    async run(tx, from) {
      // The merged listing's precomputed pairs go at once; the refresh after the merge scores the rest.
      const n = await moved(
        tx,
        sql`DELETE FROM tool_duplicate_candidates WHERE tool_a = ${from}::uuid OR tool_b = ${from}::uuid RETURNING 1`,
      );
      return { moved: 0, dropped: n };
    },
  },
];
