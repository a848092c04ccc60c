/** Exports (issue 34): Standard's CSV of a member's own lists, searches and results; Expert's bulk catalogue. */
export {
  BULK_CSV_COLUMNS,
  BULK_EXPORT_FEATURE,
  BULK_EXPORT_RULE,
  BULK_FORMATS,
  type BulkRecord,
  bulkExport,
} from "./bulk.ts";
export { EXPORT_FEATURE, MEMBER_EXPORTS, memberCsv } from "./member-csv.ts";
export { buildReport, REPORT_FEATURE, REPORT_PERIODS, ReportParams, reportCsv, reportScopes } from "./reports.ts";
