import { controlCharacterIn, controlCharacterMessage } from "../../platform/text.ts";
import { type Field, pick, unescapeExportedCell } from "./import-parse.ts";
import { type CandidateTool, IMPORT_LIMITS, type ImportWarning } from "./import-shapes.ts";
import {
  cleanText,
  domainKey,
  HTML_TAG,
  nameKey,
  neutraliseFormula,
  parseHttpUrl,
  parseList,
  parsePricingModel,
  slugify,
} from "./normalize.ts";

/** Bidi embeddings, overrides and isolates: the characters that can make a name read backwards. */
const BIDI_OVERRIDE = /[\u202A-\u202E\u2066-\u2069]/;

/** A logo or preview we stored and serve ourselves (linkcheck/media.ts, logos/): not an outside URL. */
const OWN_MEDIA = /^\/media\/(?:logos|previews)\/[A-Za-z0-9._-]{1,200}(?:\?v=[A-Za-z0-9_-]{1,128})?$/;

/** Validates and normalises one row (importer field names); the admin dialogs reuse it for their fields. */
export function validateRow(
  raw: Record<string, string>,
  row: number,
  warnings: ImportWarning[],
): { tool?: CandidateTool; errors: string[] } {
  const errors: string[] = [];
  const clean = (value: string, label: string): string => {
    if (value.includes("\uFFFD")) errors.push(`${label} is not valid UTF-8 text`);
    const control = controlCharacterIn(value, { multiline: true });
    if (control) errors.push(controlCharacterMessage(label, control));
    const bidi = BIDI_OVERRIDE.exec(value);
    if (bidi) {
      // Removed by cleanText like every bidi control, but said out loud: it can disguise a name.
      warnings.push({
        row,
        message: `${label} contained a right-to-left override (U+${(bidi[0].codePointAt(0) ?? 0).toString(16).toUpperCase()}): it was removed, check the text reads as meant`,
      });
    }
    // Our CSV export escapes such cells with a leading ' (see export.ts); read them back as they were.
    const n = neutraliseFormula(unescapeExportedCell(value));
    if (n.kind === "formula") {
      // Stripping the prefix left the formula's text live (HYPERLINK(…), cmd|…): the row is refused.
      errors.push(
        `Row ${row}: ${label} looks like a spreadsheet formula ('${value.trim().slice(0, 40)}'): remove the formula`,
      );
    } else if (n.kind === "text") {
      warnings.push({
        row,
        message: `${label} starts with '${n.value.charAt(0)}': kept as text (not a formula; exports escape it)`,
      });
    }
    return cleanText(n.value);
  };
  const noHtml = (value: string, label: string): string => {
    const tag = HTML_TAG.exec(value);
    if (tag) errors.push(`${label} cannot contain HTML (found '${tag[0].slice(0, 40)}')`);
    return value;
  };
  const text = (field: Field, max: number, label: string, html = false): string => {
    const value = clean(pick(raw, field) ?? "", label);
    if (value.length > max) errors.push(`${label} must be at most ${max} characters (got ${value.length})`);
    return html ? value : noHtml(value, label);
  };
  const list = (field: Field, label: string, itemMax: number): string[] => {
    const items = parseList(pick(raw, field))
      .map((v) => noHtml(clean(v, label), label))
      .filter(Boolean);
    if (items.length > IMPORT_LIMITS.listItems) {
      warnings.push({ row, message: `${label}: only the first ${IMPORT_LIMITS.listItems} items were kept` });
    }
    const kept = items.slice(0, IMPORT_LIMITS.listItems);
    if (kept.some((v) => v.length > itemMax)) errors.push(`${label}: each item must be at most ${itemMax} characters`);
    return kept;
  };
  const optionalUrl = (field: Field, label: string): string | null => {
    const value = pick(raw, field)?.trim();
    if (!value) return null;
    // Our own stored images (the link checker's and the bundled logos, served from /media) round-trip
    // through an edit or an export unchanged.
    if (OWN_MEDIA.test(value)) return value;
    const url = value.length <= IMPORT_LIMITS.url ? parseHttpUrl(value) : null;
    if (!url) {
      errors.push(`${label} must be an http(s) URL`);
      return null;
    }
    return url.toString();
  };

  const name = text("name", IMPORT_LIMITS.name, "Name");
  if (!name) errors.push("Tool name is required");
  else if (!nameKey(name)) errors.push("Name must contain at least one letter or digit");
  const urlRaw = (pick(raw, "url") ?? "").trim();
  const url = urlRaw && urlRaw.length <= IMPORT_LIMITS.url ? parseHttpUrl(urlRaw) : null;
  if (!url) errors.push(urlRaw ? `Valid URL is required (got '${urlRaw.slice(0, 80)}')` : "Valid URL is required");
  const description = text("description", IMPORT_LIMITS.description, "Description");
  // The long text may quote markup (it is always shown as text); names and short fields may not.
  const fullDescription =
    text("fullDescription", IMPORT_LIMITS.fullDescription, "Full description", true) || description;
  const categoryName = text("category", IMPORT_LIMITS.category, "Category") || "Other";
  const providerName = text("provider", IMPORT_LIMITS.provider, "Provider") || null;
  const pricingRaw = pick(raw, "pricing");
  let pricingModel = parsePricingModel(pricingRaw);
  if (!pricingModel) {
    warnings.push({
      row,
      message: `Pricing model '${cleanText(pricingRaw ?? "")}' is not recognised; stored as Unknown`,
    });
    pricingModel = "unknown";
  }
  const screenshots = list("screenshots", "Screenshots", IMPORT_LIMITS.url).filter((s) => {
    const ok = parseHttpUrl(s) !== null;
    if (!ok) warnings.push({ row, message: `Screenshot '${s.slice(0, 60)}' is not an http(s) URL and was skipped` });
    return ok;
  });
  const tool: CandidateTool = {
    row,
    name,
    slug: slugify(cleanText(pick(raw, "slug") ?? "") || name, IMPORT_LIMITS.slug),
    description,
    fullDescription,
    categoryName,
    websiteUrl: url?.toString() ?? "",
    domainKey: url ? domainKey(url.toString()) : "",
    nameKey: nameKey(name),
    providerName,
    pricingModel,
    tags: list("tags", "Tags", IMPORT_LIMITS.tag),
    features: list("features", "Features", IMPORT_LIMITS.listItem),
    useCases: list("useCases", "Use cases", IMPORT_LIMITS.listItem),
    pros: list("pros", "Pros", IMPORT_LIMITS.listItem),
    cons: list("cons", "Cons", IMPORT_LIMITS.listItem),
    alternatives: list("alternatives", "Alternatives", IMPORT_LIMITS.name),
    screenshots,
    logoUrl: optionalUrl("logoUrl", "Logo URL"),
    demoUrl: optionalUrl("demoUrl", "Demo URL"),
    affiliateUrl: optionalUrl("affiliateUrl", "Affiliate URL"),
    sourceUrl: optionalUrl("sourceUrl", "Source URL"),
  };
  return errors.length ? { errors } : { tool, errors };
}
