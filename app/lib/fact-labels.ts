/**
 * How the site words a fact's provenance (issue 20): the tool page's notes and /how-we-test read
 * these, so the two always say the same. Pure: safe on server and client.
 */
/**
 * The editors' source for what they wrote from the listing without re-reading the tool's site (issue 36;
 * server/platform/fact-publish.ts EDITORS_FROM_LISTING_LABEL publishes it as is): never worded "checked".
 */
export const EDITORS_FROM_LISTING = "Toolscape editors, from the listing's sources";

export const FACT_KIND_LABELS: Record<string, { title: string; explain: string }> = {
  dataset: {
    title: "From an open dataset",
    explain:
      "Imported from a public, openly licensed list of AI tools. We name the dataset and its licence; its facts are as the list gave them until someone checks them.",
  },
  maker: {
    title: "From the maker",
    explain:
      "Given by the tool's own maker (a founder or employee who submitted or claimed the listing). Shown as the maker's claim; pricing changes are reviewed by a moderator.",
  },
  community: {
    title: "Corrected by a member",
    explain:
      "A member proposed the right value with evidence, other members voted, and an admin verified it. We name the correction and the day it was verified.",
  },
  editor: {
    title: "Checked by our editors",
    explain:
      "Set or confirmed by a Toolscape editor against the tool's own website, with the date of the check. A summary our editors wrote from the listing's own sources, before such a check, says so and gives the day it was written.",
  },
  observed: {
    title: "Read from its website",
    explain:
      "Read by our link checker from the tool's own site (its icon, its page title, price words), then accepted by an admin where it changes a fact.",
  },
  inferred: {
    title: "Inferred",
    explain:
      "Worked out by a rule we name (for example: a GitHub address means open source), only above a stated confidence, and always labelled as inferred.",
  },
};

export const FACT_FIELD_LABELS: Record<string, string> = {
  name: "Name",
  description: "Description",
  full_description: "Full description",
  category: "Category",
  pricing_model: "Pricing",
  pricing: "Price",
  plans: "Plans",
  provider: "Provider",
  website_url: "Website",
  logo_url: "Logo",
  features: "Features",
  use_cases: "Use cases",
  is_open_source: "Open source",
  has_api: "API",
  licence: "Licence",
  self_hostable: "Self-hosting",
  data_use: "Data use",
  status: "Status",
  editorial_summary: "Summary",
};

/** The short note beside a fact: "from the maker", "inferred: from its GitHub address". */
export function factNote(p: { kind: string; source: string; licence?: string | null }): string {
  switch (p.kind) {
    case "dataset":
      // The dataset's name only: what our importer repaired on the way is not the source.
      return `from ${p.source.split(" · ")[0]?.trim()}${p.licence ? ` (${p.licence})` : ""}`;
    case "maker":
      return "from the maker";
    case "community":
      return `corrected by a member (${p.source})`;
    case "editor":
      return p.source === EDITORS_FROM_LISTING
        ? "written by our editors from the listing's sources"
        : "checked by our editors";
    case "observed":
      return "read from its own website";
    case "inferred":
      return plainRule(p.source);
    default:
      return p.source;
  }
}

/** An inference rule in plain words: what it looked at, never the rule's internal name. */
export function plainRule(source: string): string {
  const s = source.replace(/^inferred\s*/i, "").trim();
  if (/normali[sz]er/i.test(s)) return "tidied automatically (spacing and punctuation)";
  if (/classifier/i.test(s)) return "category suggested automatically from similar tools";
  if (/quality pass/i.test(s)) return "replaced by our quality checks with the tool's own one-line description";
  if (/\bmark\b/i.test(s)) return "matched to its brand mark in an open icon set";
  const from = /^(?:provider\s+)?(from|named in)\s+(.+)$/i.exec(s);
  if (from?.[2]) return `worked out from ${from[2]}`;
  if (/^(its |price words|source marker)/i.test(s)) return `worked out from ${s}`;
  return "worked out automatically from the listing";
}

/** A history value as short text. */
export function factValueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value.length > 120 ? `${value.slice(0, 119)}…` : value;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) {
    // Plans (issue 33): their names and prices, not "[object Object]".
    const text = value
      .map((v) => (v && typeof v === "object" ? planLine(v as Record<string, unknown>) : String(v)))
      .join(", ");
    return text.length > 120 ? `${text.slice(0, 119)}…` : text || "—";
  }
  if (typeof value === "object") {
    const p = value as Record<string, unknown>;
    if (typeof p.original === "string" && p.original) return p.original;
  }
  return JSON.stringify(value).slice(0, 120);
}

function planLine(p: Record<string, unknown>): string {
  const price = p.contact_sales
    ? "contact sales"
    : typeof p.price === "number"
      ? `${p.price} ${p.currency ?? ""}`.trim()
      : "?";
  return `${String(p.name ?? "?")} (${price}${typeof p.period === "string" && p.price ? `/${p.period}` : ""})`;
}

export const PRICING_FIELDS = new Set(["pricing_model", "pricing", "plans"]);

/** Host (without "www.", lower case) and path of an http(s) address; null for anything else. */
function partsOf(url: string | null | undefined): { host: string; path: string } | null {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    const u = new URL(url);
    return { host: u.hostname.toLowerCase().replace(/^www\./, ""), path: u.pathname.replace(/\/+$/, "") };
  } catch {
    return null;
  }
}

/**
 * Whether a fact's source is the tool's own site: the editors and the link checker read the tool's own
 * website by definition, and an address on its website's host (under its path, for a tool that lives
 * at github.com/owner/repo) is too. Outbound links to a tool's site go through /go/{slug} so the click
 * counts, and /go only sends to the stored website: such a source (often a pricing page) is named as
 * text, not linked.
 */
export function isOwnSiteSource(p: { kind: string; source_url: string | null }, websiteUrl: string | null): boolean {
  if (p.kind === "editor" || p.kind === "observed") return true;
  const source = partsOf(p.source_url);
  const site = partsOf(websiteUrl);
  if (!source || !site) return false;
  const sameSite =
    source.host === site.host || source.host.endsWith(`.${site.host}`) || site.host.endsWith(`.${source.host}`);
  return sameSite && (site.path === "" || source.path === site.path || source.path.startsWith(`${site.path}/`));
}

/** A source's address as text (host and path, no scheme or query); null for what is not http(s). */
export function sourceAddress(url: string | null | undefined): string | null {
  const parts = partsOf(url);
  return parts ? `${parts.host}${parts.path}` : null;
}
