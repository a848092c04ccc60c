import { stringify } from "csv-stringify/sync";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import type { Env } from "../../platform/env.ts";
import { AppError } from "../../platform/errors.ts";
import { consumeRateLimit, type RateRule, requireEntitlement, type Viewer } from "../accounts/index.ts";
import { PlanRow } from "../catalog/index.ts";
import {
  buildDumpRecords,
  CSV_COLUMNS,
  CSV_OPTIONS,
  csvRow,
  type DumpRecord,
  SITE_LICENCE,
} from "../syndication/index.ts";

/**
 * Expert's bulk export (the `bulk_export` entitlement, issue 34): the whole active catalogue with each
 * tool's plans and alternatives, as JSON Lines or CSV. Built from the open-data dump's records (the
 * same allow-listed facts and sources, platform/fact-publish.ts, with every record's licence and the
 * attribution its licences ask for), but as the member's tier sees the tools, and streamed a page of
 * tools at a time. A download is counted before it starts: BULK_EXPORT_RULE per member.
 */
export const BULK_EXPORT_FEATURE = "bulk_export";
export const BULK_FORMATS = ["jsonl", "csv"] as const;
export type BulkFormat = (typeof BULK_FORMATS)[number];
/** Downloads per member per day (the window is stored with the count, platform/rate-limit.ts). */
export const BULK_EXPORT_RULE: RateRule = { max: 10, windowSec: 86_400 };
export const BULK_EXPORT_RATE_LIMITED = `Bulk export allows ${BULK_EXPORT_RULE.max} downloads a day. Try again after the time in Retry-After.`;
const PAGE = 250;

export type BulkRecord = DumpRecord & {
  plans: z.infer<typeof PlanRow>[];
  /** the tool's alternatives, best first (their slugs) */
  alternatives: string[];
};

const ExtraRow = z.object({
  id: z.string(),
  plans: z.array(PlanRow).nullable(),
  alternatives: z.array(z.string()).nullable(),
});

async function withExtras(db: Db, records: DumpRecord[]): Promise<BulkRecord[]> {
  if (!records.length) return [];
  const rows = await queryRows(
    db,
    sql`SELECT t.id::text AS id, t.plans,
          (SELECT array_agg(a.slug ORDER BY ta.rank) FROM tool_alternatives ta
             JOIN tools a ON a.id = ta.alternative_id AND a.status = 'active'
           WHERE ta.tool_id = t.id) AS alternatives
        FROM tools t WHERE t.id = ANY(${`{${records.map((r) => r.id).join(",")}}`}::uuid[])`,
    ExtraRow,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return records.map((r) => {
    const extra = byId.get(r.id);
    // A paid-tier tool's prices are gated like its other facts when the reader's tier cannot see it.
    return { ...r, plans: r.gated ? [] : (extra?.plans ?? []), alternatives: extra?.alternatives ?? [] };
  });
}

export const BULK_CSV_COLUMNS = [...CSV_COLUMNS, "plans", "alternatives"] as const;

function bulkCsvRow(r: BulkRecord): string[] {
  return [...csvRow(r), r.plans.length ? JSON.stringify(r.plans) : "", r.alternatives.join("; ")];
}

export type BulkDownload = { filename: string; contentType: string; licence: string; body: ReadableStream<Uint8Array> };

/** Checks the plan and the day's allowance, then streams the catalogue page by page. */
export async function bulkExport(
  deps: { db: Db; env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT"> },
  viewer: Viewer | null,
  format: BulkFormat,
  now: Date,
): Promise<BulkDownload> {
  const v = requireEntitlement(viewer, BULK_EXPORT_FEATURE);
  const limit = await consumeRateLimit(deps.db, `bulk-export:${v.user.id}`, BULK_EXPORT_RULE, now);
  if (!limit.allowed) {
    throw new AppError("rate_limited", BULK_EXPORT_RATE_LIMITED, { retryAfterSec: limit.retryAfterSec });
  }
  const encoder = new TextEncoder();
  let after = "";
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const page = await withExtras(
          deps.db,
          await buildDumpRecords(deps.db, deps.env, { afterSlug: after, limit: PAGE, tier: v.tier }),
        );
        let text = "";
        if (first && format === "csv") text += `\uFEFF${stringify([[...BULK_CSV_COLUMNS]], CSV_OPTIONS)}`;
        first = false;
        if (format === "csv") text += stringify(page.map(bulkCsvRow), CSV_OPTIONS);
        else text += page.map((r) => `${JSON.stringify(r)}\n`).join("");
        if (text) controller.enqueue(encoder.encode(text));
        const last = page.at(-1);
        if (!last || page.length < PAGE) controller.close();
        else after = last.slug;
      } catch (error) {
        controller.error(error);
      }
    },
  });
  const stamp = now.toISOString().slice(0, 10);
  return {
    filename: `toolscape-catalogue-${stamp}.${format}`,
    contentType: format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8",
    licence: SITE_LICENCE.url,
    body,
  };
}
