/** Exports (issue 34): Standard's CSV of a member's own lists, searches and results; Expert's bulk catalogue. */
export {
  BULK_CSV_COLUMNS,
  BULK_EXPORT_FEATURE,
  BULK_EXPORT_RATE_LIMITED,
  BULK_EXPORT_RULE,
  BULK_FORMATS,
  type BulkDownload,
  type BulkFormat,
  type BulkRecord,
  bulkExport,
} from "./bulk.ts";
export { type CsvFile, EXPORT_FEATURE, MEMBER_EXPORTS, type MemberExport, memberCsv } from "./member-csv.ts";
export {
  buildReport,
  REPORT_FEATURE,
  REPORT_PERIODS,
  REPORT_SCOPES,
  type Report,
  ReportParams,
  reportCsv,
  reportScopes,
  type ScopeLink,
} from "./reports.ts";
