/** The pages' door into the exports module (issue 34). */
export {
  BULK_EXPORT_FEATURE,
  BULK_EXPORT_RULE,
  buildReport,
  EXPORT_FEATURE,
  REPORT_FEATURE,
  REPORT_PERIODS,
  ReportParams,
  reportScopes,
} from "#server/modules/exports/index.ts";
