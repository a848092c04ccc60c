/** Syndication (issue 22): the catalogue for agents and other sites — MCP, llms.txt, the open data dump, embeds, the changes feed. */
export { CHANGE_LABELS, changesAtom, countEnrichment, listChanges } from "./changes.ts";
export { CHANGE_NOTE, DATA_SOURCES, LICENCES, MIT_PERMISSION, SITE_LICENCE } from "./data-sources.ts";
export { badgeSvg, embedCardHtml, embedCompareHtml, embedComparison, embedTool, etagOf, themeOf } from "./embeds.ts";
export { LLMS_MAKER_MARK, llmsFullTxt, llmsTxt } from "./llms-txt.ts";
export { MCP_TOOL_NAMES } from "./mcp.ts";
export { handleMcpRequest, MCP_ANONYMOUS_RULE, MCP_MAX_BODY, mcpError } from "./mcp-http.ts";
export { CSV_COLUMNS, CSV_OPTIONS, csvRow } from "./open-data-csv.ts";
export { buildDumpRecords, type DumpRecord } from "./open-data-records.ts";
export { dumpFile, dumpFormatOf, latestDump, OPEN_DATA_FILES } from "./read-open-data-dump.ts";
export { OPEN_DATA_JOB, registerOpenDataJobs } from "./write-open-data-dump.ts";
