import { stringify } from "csv-stringify/sync";
import { type Plan, planSummary, planSummaryLabel } from "../catalog/index.ts";
import type { DumpRecord } from "./open-data-records.ts";

/** The open data dump's CSV form: one row per record, values only, no cell a spreadsheet runs as a formula. */
const valueText = (s: { value: unknown } | null) => (s === null ? "" : String(s.value));

export const CSV_COLUMNS = [
  "id",
  "slug",
  "name",
  "toolscape_url",
  "website_url",
  "description",
  "category",
  "provider",
  "pricing_model",
  "price_text",
  "tags",
  "features",
  "use_cases",
  "tasks",
  "rating",
  "review_count",
  "gated",
  "listed_at",
  "facts_changed_at",
  "last_verified_at",
  "plans_from",
  "api",
  "tool_licence",
  "tool_licence_class",
  "self_hostable",
  "trains_on_data",
  "data_retention",
  "data_opt_out",
  "data_hosted_in",
  "provenance",
  "sources",
  "licence",
  "attribution",
] as const;

/** A CSV cell that a spreadsheet will not run as a formula. */
function cell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function csvRow(r: DumpRecord): string[] {
  return CSV_COLUMNS.map((c) => {
    switch (c) {
      case "tags":
      case "features":
      case "use_cases":
      case "tasks":
      case "attribution":
        return cell(r[c].join("; "));
      case "provenance":
        return Object.entries(r.provenance)
          .map(([f, k]) => `${f}:${k}`)
          .join("; ");
      case "sources":
        return cell(r.sources.map((s) => `${s.name} (${s.licence})`).join("; "));
      case "rating":
      case "review_count":
        return String(r[c]);
      case "gated":
        return r.gated ? "true" : "false";
      // Issue 33: values only ("" = not stated); the JSON lines carry each quote, URL and date.
      case "plans_from":
        return cell(planSummaryLabel(planSummary((r.plans ?? null) as Plan[] | null)) ?? "");
      case "api":
      case "self_hostable":
        return valueText(r[c]);
      case "tool_licence":
        return cell(valueText(r.tool_licence));
      case "tool_licence_class":
        return r.tool_licence?.class ?? "";
      case "trains_on_data":
        return valueText(r.data_use.trains_on_data);
      case "data_retention":
        return cell(valueText(r.data_use.retention));
      case "data_opt_out":
        return valueText(r.data_use.opt_out);
      case "data_hosted_in":
        return cell(valueText(r.data_use.hosted_in));
      default:
        return cell(r[c] ?? "");
    }
  });
}

export const CSV_OPTIONS = { quoted_match: /[",\n\r;]/ };

export function toCsv(records: DumpRecord[]): string {
  return stringify([[...CSV_COLUMNS], ...records.map(csvRow)], CSV_OPTIONS);
}
