import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "../../platform/db/columns.ts";

/* ------------------------------------------------------------------------------------------------
 * Open data (issue 22, ADR 0031): the daily dump of the catalogue, kept in the database so every
 * instance on either engine serves the same files and a restart or a new instance loses nothing.
 * ---------------------------------------------------------------------------------------------- */
export const openDataDumps = pgTable(
  "open_data_dumps",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    toolCount: integer("tool_count").notNull(),
    jsonlGz: bytea("jsonl_gz").notNull(),
    csvGz: bytea("csv_gz").notNull(),
    /** sha-256 of each file (the ETag) */
    jsonlSha: text("jsonl_sha").notNull(),
    csvSha: text("csv_sha").notNull(),
    /** slug → hash of the record, to tell the next dump what changed */
    recordIndex: jsonb("record_index").notNull(),
    /** changes since the previous dump: { added: [slug], removed: [slug], changed: [slug] } */
    changes: jsonb("changes").notNull(),
  },
  (t) => [index("open_data_dumps_created_idx").on(t.createdAt.desc())],
);
