/** The pages' door into the syndication module (issue 22): llms.txt, open data, embeds, the changes feed. */

export { CompareApiParams } from "#server/modules/catalog/index.ts";
export {
  badgeSvg,
  CHANGE_LABELS,
  CHANGE_NOTE,
  CSV_COLUMNS,
  changesAtom,
  countEnrichment,
  DATA_SOURCES,
  dumpFile,
  dumpFormatOf,
  embedCardHtml,
  embedCompareHtml,
  embedComparison,
  embedTool,
  etagOf,
  LICENCES,
  latestDump,
  listChanges,
  llmsFullTxt,
  llmsTxt,
  MIT_PERMISSION,
  OPEN_DATA_FILES,
  SITE_LICENCE,
  themeOf,
} from "#server/modules/syndication/index.ts";
export { siteOrigin, siteUrl } from "#server/platform/site-origin.ts";
