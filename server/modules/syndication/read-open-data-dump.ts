import { desc, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { openDataDumps } from "./tables.ts";

/** The stored open data dump as it is served: the newest dump's summary and files (written by write-open-data-dump.ts). */
export const OPEN_DATA_FILES = {
  jsonl: { name: "toolscape-catalogue.jsonl.gz", type: "application/x-ndjson" },
  csv: { name: "toolscape-catalogue.csv.gz", type: "text/csv; charset=utf-8" },
} as const;
export type DumpFormat = keyof typeof OPEN_DATA_FILES;

const DumpRow = z.object({
  id: z.number(),
  created_at: z.string(),
  tool_count: z.number(),
  jsonl_bytes: z.number(),
  csv_bytes: z.number(),
  jsonl_sha: z.string(),
  csv_sha: z.string(),
  changes: z.object({
    added: z.array(z.string()),
    removed: z.array(z.string()),
    changed: z.array(z.string()),
    hasPrevious: z.boolean().optional(),
  }),
});

export type DumpChanges = { added: string[]; removed: string[]; changed: string[] };
export type DumpSummary = {
  id: number;
  createdAt: string;
  toolCount: number;
  files: Record<DumpFormat, { name: string; bytes: number; sha256: string }>;
  changes: DumpChanges;
  /** whether an earlier dump existed to compare with */
  hasPrevious: boolean;
};

/** The newest dump's description (no file bytes), or null before the first. */
export async function latestDump(db: Db): Promise<DumpSummary | null> {
  const [row] = await queryRows(
    db,
    sql`SELECT id, created_at, tool_count, octet_length(jsonl_gz) AS jsonl_bytes, octet_length(csv_gz) AS csv_bytes,
          jsonl_sha, csv_sha, changes FROM open_data_dumps ORDER BY created_at DESC, id DESC LIMIT 1`,
    DumpRow,
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    createdAt: new Date(row.created_at).toISOString(),
    toolCount: Number(row.tool_count),
    files: {
      jsonl: { name: OPEN_DATA_FILES.jsonl.name, bytes: Number(row.jsonl_bytes), sha256: row.jsonl_sha },
      csv: { name: OPEN_DATA_FILES.csv.name, bytes: Number(row.csv_bytes), sha256: row.csv_sha },
    },
    changes: {
      added: row.changes.added ?? [],
      removed: row.changes.removed ?? [],
      changed: row.changes.changed ?? [],
    },
    hasPrevious: row.changes.hasPrevious === true,
  };
}

/** The newest dump's file in one format. */
export async function dumpFile(
  db: Db,
  format: DumpFormat,
): Promise<{ bytes: Uint8Array; sha256: string; createdAt: Date } | null> {
  const [row] = await db
    .select({
      createdAt: openDataDumps.createdAt,
      bytes: format === "jsonl" ? openDataDumps.jsonlGz : openDataDumps.csvGz,
      sha256: format === "jsonl" ? openDataDumps.jsonlSha : openDataDumps.csvSha,
    })
    .from(openDataDumps)
    .orderBy(desc(openDataDumps.createdAt), desc(openDataDumps.id))
    .limit(1);
  return row ?? null;
}

/** The file name a request asks for, if it is one of ours. */
export function dumpFormatOf(file: string): DumpFormat | null {
  if (file === OPEN_DATA_FILES.jsonl.name) return "jsonl";
  if (file === OPEN_DATA_FILES.csv.name) return "csv";
  return null;
}
