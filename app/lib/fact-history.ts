import { EDITORS_FROM_LISTING, factValueText, PRICING_FIELDS, plainRule } from "./fact-labels";

/**
 * A tool's fact history in a reader's words (issue 36): one plain sentence per change and why it was
 * made, never a file path ("/media/logos/…webp?v=…") or a rule's name ("text normaliser
 * (glued-article)"). Changes a reader has no use for (a logo file swapped, an address that only
 * lost its trailing slash) are left out. Pure: the tool page's static island and tests read it.
 */

export type HistoryInput = {
  field: string;
  old_value: unknown;
  new_value: unknown;
  kind: string;
  source: string;
};

export type HistoryLine = {
  /** what changed, as a sentence */
  what: string;
  /** why, or who said so, as a short phrase */
  why: string;
  /** a change of price or plans: the page lets it stand out */
  pricing: boolean;
};

const empty = (v: unknown) =>
  v === null ||
  v === undefined ||
  (typeof v === "string" && (v === "" || v.toLowerCase() === "unknown")) ||
  (Array.isArray(v) && v.length === 0);

/** A pricing model as the site labels it: "open_source" → "Open source". */
const model = (v: unknown) => {
  const text = factValueText(v).replace(/_/g, " ");
  return `${text[0]?.toUpperCase() ?? ""}${text.slice(1)}`;
};

const quoted = (v: unknown) => `“${factValueText(v)}”`;

/** Host and path of an address, for comparing and naming it; null when it is not one. */
function siteOf(v: unknown): string | null {
  if (typeof v !== "string" || !/^https?:\/\//i.test(v)) return null;
  try {
    const u = new URL(v);
    return `${u.hostname.toLowerCase().replace(/^www\./, "")}${u.pathname.replace(/\/+$/, "")}`;
  } catch {
    return null;
  }
}

const STATUS_WORDS: Record<string, string> = {
  active: "Listed in the catalogue",
  gone: "Moved to the graveyard: its website no longer works",
  archived: "Taken out of the catalogue",
};

const YES_NO: Record<string, [yes: string, no: string]> = {
  is_open_source: ["Marked as open source", "No longer marked as open source"],
  has_api: ["Noted as offering an API", "Noted as offering no public API"],
  self_hostable: ["Noted as self-hostable", "Noted as not self-hostable"],
};

/** One change as a sentence, or null when a reader has no use for it. */
function whatChanged(h: HistoryInput): string | null {
  const { old_value: before, new_value: after } = h;
  const first = empty(before);
  switch (h.field) {
    case "logo_url":
      return null;
    case "name":
      return first ? `Named ${quoted(after)}` : `Renamed from ${quoted(before)} to ${quoted(after)}`;
    case "description":
      return empty(after) ? "Description removed" : `Description now reads ${quoted(after)}`;
    case "full_description":
      return empty(after) ? "Longer description removed" : "Longer description updated";
    case "category":
      if (empty(after)) return null;
      return first
        ? `Listed under ${factValueText(after)}`
        : `Moved from ${factValueText(before)} to ${factValueText(after)}`;
    case "pricing_model":
      if (empty(after)) return "Pricing model no longer known";
      return first
        ? `Pricing model set to ${model(after)}`
        : `Pricing changed from ${model(before)} to ${model(after)}`;
    case "pricing":
      if (empty(after)) return "Price removed";
      return first ? `Price noted: ${factValueText(after)}` : `Price changed to ${factValueText(after)}`;
    case "plans":
      return empty(after) ? "Plans removed" : `Plans ${first ? "listed" : "updated"}: ${factValueText(after)}`;
    case "provider":
      if (empty(after)) return "Maker no longer named";
      return first
        ? `Made by ${factValueText(after)}`
        : `Maker changed from ${factValueText(before)} to ${factValueText(after)}`;
    case "website_url": {
      const from = siteOf(before);
      const to = siteOf(after);
      if (!to || from === to) return null;
      return from ? `Website moved from ${from} to ${to}` : `Website: ${to}`;
    }
    case "features":
    case "use_cases": {
      const n = Array.isArray(after) ? after.length : 0;
      const what = h.field === "features" ? "feature" : "use case";
      return n
        ? `${n} ${what}${n === 1 ? "" : "s"} ${first ? "listed" : "now listed"}`
        : `${what[0]?.toUpperCase()}${what.slice(1)}s removed`;
    }
    case "is_open_source":
    case "has_api":
    case "self_hostable": {
      const words = YES_NO[h.field];
      if (!words || typeof after !== "boolean") return null;
      return after ? words[0] : words[1];
    }
    case "licence":
      return empty(after) ? "Licence no longer stated" : `Licence: ${licenceText(after)}`;
    case "data_use":
      return empty(after) ? "Data-use terms no longer stated" : "Data-use terms noted";
    case "status":
      return typeof after === "string" ? (STATUS_WORDS[after] ?? null) : null;
    case "editorial_summary":
      return empty(after)
        ? "Editors' summary removed"
        : first
          ? "Our editors wrote a summary"
          : "Our editors updated the summary";
    default:
      return null;
  }
}

function licenceText(v: unknown): string {
  if (v && typeof v === "object" && !Array.isArray(v)) {
    const l = v as Record<string, unknown>;
    if (typeof l.spdx === "string") return l.spdx;
    if (typeof l.name === "string") return l.name;
  }
  return factValueText(v);
}

/** Why a change was made, by the kind of its source. */
export function whyChanged(h: Pick<HistoryInput, "kind" | "source">): string {
  switch (h.kind) {
    case "dataset": {
      const name = h.source.split(" · ")[0]?.trim();
      return /normali[sz]er/i.test(h.source)
        ? "tidied automatically (spacing and punctuation)"
        : `from the open dataset ${name || "we import"}`;
    }
    case "maker":
      return "from the maker";
    case "community":
      return "a member's correction, checked by our editors";
    case "editor":
      return h.source === EDITORS_FROM_LISTING
        ? "written by our editors from the listing's sources, not yet checked on its site"
        : "checked by our editors";
    case "observed":
      return "read from its own website";
    case "inferred":
      return plainRule(h.source);
    default:
      return "updated";
  }
}

/** The change as a reader reads it, or null when it is internal (see the top of this file). */
export function historyLine(h: HistoryInput): HistoryLine | null {
  const what = whatChanged(h);
  if (!what) return null;
  return { what, why: whyChanged(h), pricing: PRICING_FIELDS.has(h.field) };
}
