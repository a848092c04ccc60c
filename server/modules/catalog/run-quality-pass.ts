import { z } from "zod";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import type { Jobs } from "../../platform/jobs/types.ts";
import { yieldToEventLoop } from "../../platform/yield.ts";
import { applyToolFacts } from "./facts.ts";
import { type QualityProposal, qualityProposals } from "./quality-rules.ts";
import { refreshQualityScores } from "./quality-scores.ts";

const LiveRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  full_description: z.string(),
  domain_key: z.string(),
  tags: z.array(z.string()),
  is_featured: z.boolean(),
  editorial_summary: z.string().nullable(),
});
const IdRow = z.object({ id: z.number() });

export const QUALITY_PASS_SOURCE = "Toolscape quality pass";
/** Listings through the rules between two turns of the event loop. */
const RULES_SLICE = 2_000;

/**
 * The pass: every live listing through the rules; new proposals stored (a rule that already has a
 * row for the tool, open or decided, is not proposed again); page-title descriptions with the tool's
 * own one-liner replaced through the fact path; then the scores. Idempotent.
 */
export async function runQualityPass(
  db: Db,
  now: Date,
): Promise<{ proposed: number; described: number; scored: number }> {
  const live = await queryRows(
    db,
    sql`SELECT id::text, name, description, full_description, domain_key, tags, is_featured, editorial_summary FROM tools
        WHERE status = 'active' AND merged_into_id IS NULL`,
    LiveRow,
  );
  const found: (QualityProposal & { toolId: string })[] = [];
  for (let i = 0; i < live.length; i++) {
    // Every listing through the rules in the web process: requests go on between slices.
    if (i > 0 && i % RULES_SLICE === 0) await yieldToEventLoop();
    const t = live[i] as (typeof live)[number];
    const input = {
      name: t.name,
      description: t.description,
      fullDescription: t.full_description,
      domainKey: t.domain_key,
      tags: t.tags,
      featured: t.is_featured,
      editorialSummary: t.editorial_summary,
    };
    for (const p of qualityProposals(input)) found.push({ toolId: t.id, ...p });
  }
  let proposed = 0;
  let described = 0;
  for (let i = 0; i < found.length; i += 200) {
    const chunk = found.slice(i, i + 200);
    const inserted = await queryRows(
      db,
      sql`INSERT INTO tool_quality_flags (tool_id, rule, action, reasons, proposed, created_at) VALUES ${sql.join(
        chunk.map(
          (p) =>
            sql`(${p.toolId}::uuid, ${p.rule}, ${p.action}, ${JSON.stringify(p.reasons)}::jsonb, ${p.proposed}, ${now.toISOString()}::timestamptz)`,
        ),
        sql`, `,
      )} ON CONFLICT (tool_id, rule) DO NOTHING RETURNING id`,
      IdRow,
    );
    proposed += inserted.length;
  }
  // The one change made without an editor: the tool's own words in place of its site's page title.
  for (const p of found) {
    if (p.rule !== "page-title" || !p.proposed) continue;
    const proposal = p.proposed;
    const done = await transaction(db, async (tx) => {
      const [open] = await queryRows(
        tx,
        sql`UPDATE tool_quality_flags SET status = 'confirmed', decided_at = ${now.toISOString()}::timestamptz
            WHERE tool_id = ${p.toolId}::uuid AND rule = 'page-title' AND status = 'open' AND proposed = ${proposal}
            RETURNING id`,
        IdRow,
      );
      if (!open) return false;
      const changed = await applyToolFacts(tx, {
        toolId: p.toolId,
        set: { description: proposal },
        provenance: {
          kind: "inferred",
          source: QUALITY_PASS_SOURCE,
          confidence: 0.8,
        },
        note: "The description was the website's page title; replaced by the first sentence of the tool's own description",
        at: now,
      });
      return changed.length > 0;
    });
    if (done) described++;
  }
  const { updated } = await refreshQualityScores(db, now);
  return { proposed, described, scored: updated };
}

export const QUALITY_PASS_JOB = "catalog.quality.refresh";
export const QUALITY_PASS_EVERY_MS = 6 * 3_600_000;

/** Registers the pass (every 6 hours and at boot); imports ask for one at once. */
export function registerQualityJobs(deps: { db: Db; jobs: Jobs }): void {
  deps.jobs.register(QUALITY_PASS_JOB, async (_payload, ctx) => {
    await runQualityPass(deps.db, ctx.now);
  });
  deps.jobs.every(QUALITY_PASS_JOB, QUALITY_PASS_EVERY_MS);
}
