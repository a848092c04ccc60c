import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { desc, lt } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import type { Env } from "../../platform/env.ts";
import type { Jobs } from "../../platform/jobs/index.ts";
import type { Logger } from "../../platform/logger.ts";
import { toCsv } from "./open-data-csv.ts";
import { buildDumpRecords, type DumpRecord } from "./open-data-records.ts";
import { type DumpChanges, type DumpSummary, latestDump } from "./read-open-data-dump.ts";
import { openDataDumps } from "./tables.ts";
/** The daily dump of the catalogue (issue 22, ADR 0031). */
export const OPEN_DATA_JOB = "open-data.dump";
export const OPEN_DATA_EVERY_MS = 24 * 3_600_000;
/** A dump younger than this is not redone (the job may run twice after a crash or on two instances). */
const FRESH_MS = 20 * 3_600_000;
/** Dumps kept (the newest is served; older ones are only history). */
const KEEP_DUMPS = 7;

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const recordHash = (r: DumpRecord) => sha(Buffer.from(JSON.stringify({ ...r, rating: 0, review_count: 0 })));

/** Writes a new dump now (the job calls this once a day); returns its summary. */
export async function writeDump(
  db: Db,
  env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">,
  now: Date,
): Promise<DumpSummary> {
  const records = await buildDumpRecords(db, env);
  const jsonl = gzipSync(Buffer.from(records.map((r) => JSON.stringify(r)).join("\n") + (records.length ? "\n" : "")));
  const csv = gzipSync(Buffer.from(toCsv(records)));
  const index: Record<string, string> = {};
  for (const r of records) index[r.slug] = recordHash(r);
  const [previous] = await db
    .select({ recordIndex: openDataDumps.recordIndex })
    .from(openDataDumps)
    .orderBy(desc(openDataDumps.createdAt), desc(openDataDumps.id))
    .limit(1);
  const before = (previous?.recordIndex ?? null) as Record<string, string> | null;
  const changes: DumpChanges = { added: [], removed: [], changed: [] };
  if (before) {
    for (const [slug, hash] of Object.entries(index)) {
      if (!Object.hasOwn(before, slug)) changes.added.push(slug);
      else if (before[slug] !== hash) changes.changed.push(slug);
    }
    for (const slug of Object.keys(before)) if (!Object.hasOwn(index, slug)) changes.removed.push(slug);
  }
  const [row] = await db
    .insert(openDataDumps)
    .values({
      createdAt: now,
      toolCount: records.length,
      jsonlGz: jsonl,
      csvGz: csv,
      jsonlSha: sha(jsonl),
      csvSha: sha(csv),
      recordIndex: index,
      changes: { ...changes, hasPrevious: before !== null },
    })
    .returning({ id: openDataDumps.id });
  // Older dumps beyond the few kept are history nobody serves.
  const keep = await db
    .select({ id: openDataDumps.id })
    .from(openDataDumps)
    .orderBy(desc(openDataDumps.createdAt), desc(openDataDumps.id))
    .limit(KEEP_DUMPS);
  const oldest = keep.at(-1);
  if (keep.length === KEEP_DUMPS && oldest) await db.delete(openDataDumps).where(lt(openDataDumps.id, oldest.id));
  const summary = await latestDump(db);
  if (!summary || summary.id !== row?.id) throw new Error("the dump just written is not the latest");
  return summary;
}

/** Registers the daily dump (ADR 0009 runner): the first run is at boot when no fresh dump exists. */
export function registerOpenDataJobs(deps: {
  db: Db;
  jobs: Jobs;
  logger: Logger;
  env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">;
}): void {
  deps.jobs.register(OPEN_DATA_JOB, async (_payload, ctx) => {
    const latest = await latestDump(deps.db);
    if (latest && ctx.now.getTime() - new Date(latest.createdAt).getTime() < FRESH_MS) return;
    const dump = await writeDump(deps.db, deps.env, ctx.now);
    deps.logger.info("open data dump written", { tools: dump.toolCount, id: dump.id });
  });
  deps.jobs.every(OPEN_DATA_JOB, OPEN_DATA_EVERY_MS);
}
