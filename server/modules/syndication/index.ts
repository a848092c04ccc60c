/** Syndication (issue 22): the catalogue for agents and other sites — MCP, llms.txt, the open data dump, embeds, the changes feed. */
export {
  CHANGE_LABELS,
  CHANGES_LIMIT,
  type ChangeEntry,
  type ChangeKind,
  changesAtom,
  countEnrichment,
  listChanges,
} from "./changes.ts";
export { type Citation, citationsFor } from "./citations.ts";
export {
  CHANGE_NOTE,
  DATA_SOURCES,
  type DataSource,
  dataSourceOf,
  LICENCES,
  MIT_PERMISSION,
  SITE_LICENCE,
} from "./data-sources.ts";
export {
  badgeSvg,
  type EmbedTheme,
  type EmbedTool,
  embedCardHtml,
  embedCompareHtml,
  embedComparison,
  embedTool,
  etagOf,
  themeOf,
} from "./embeds.ts";
export { LLMS_MAKER_MARK, LLMS_TOP_TOOLS, llmsFullTxt, llmsTxt } from "./llms-txt.ts";
export { createMcpServer, MCP_TOOL_NAMES, type McpCaller } from "./mcp.ts";
export { handleMcpRequest, MCP_ANONYMOUS_RULE, MCP_KEY_RULE, MCP_MAX_BODY, mcpError } from "./mcp-http.ts";
export {
  buildDumpRecords,
  CSV_COLUMNS,
  CSV_OPTIONS,
  csvRow,
  type DumpChanges,
  type DumpFormat,
  type DumpPage,
  type DumpRecord,
  type DumpSummary,
  dumpFile,
  dumpFormatOf,
  latestDump,
  OPEN_DATA_FILES,
  OPEN_DATA_JOB,
  registerOpenDataJobs,
  writeDump,
} from "./open-data.ts";
