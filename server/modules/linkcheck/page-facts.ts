/**
 * What the checker reads from a tool's home page: icon candidates, the preview image, the meta
 * description, pricing words and signs of a parked domain. Regular expressions over the first
 * 512 KB of HTML: the head is all we need, and nothing here is ever rendered as HTML.
 */

export type IconCandidate = { url: string; size: number; source: "apple-touch-icon" | "icon" | "favicon" };

export type PageFacts = {
  icons: IconCandidate[];
  previewUrl: string | null;
  description: string | null;
  pricing: { model: "open_source" | "freemium" | "subscription" | "paid"; evidence: string[] } | null;
  parked: string | null;
};

const TAG = /<(link|meta|base)\b([^>]*)>/gi;
const ATTR = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function attributes(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of raw.matchAll(ATTR)) {
    const name = (m[1] ?? "").toLowerCase();
    if (!(name in out)) out[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return out;
}

function resolveHttp(href: string, base: string): string | null {
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The largest square size named in `sizes` ("32x32 192x192"); "any" (scalable) counts as large. */
function sizeOf(sizes: string | undefined, type: string | undefined, href: string, fallback: number): number {
  if (sizes) {
    if (/\bany\b/i.test(sizes)) return 512;
    const all = [...sizes.matchAll(/(\d+)\s*x\s*(\d+)/gi)].map((m) => Math.min(Number(m[1]), Number(m[2])));
    if (all.length) return Math.max(...all);
  }
  if (type?.includes("svg") || /\.svg(\?|#|$)/i.test(href)) return 512;
  return fallback;
}

/** Words that mark a domain-parking or for-sale page. */
export const PARKING_MARKERS = [
  "this domain is for sale",
  "domain is for sale",
  "the domain may be for sale",
  "domain may be for sale",
  "buy this domain",
  "this domain name is for sale",
  "is parked free",
  "parked free, courtesy of godaddy",
  "godaddy.com/domainsearch",
  "sedoparking",
  "sedo.com/search/details",
  "dan.com/buy-domain",
  "afternic.com/forsale",
  "hugedomains.com",
  "parkingcrew",
  "bodis.com",
  "domain parking",
];

/** Registrable domains of parking and domain-sale services: a redirect onto one means parked. */
export const PARKING_DOMAINS = new Set([
  "sedo.com",
  "dan.com",
  "afternic.com",
  "hugedomains.com",
  "parkingcrew.net",
  "bodis.com",
  "undeveloped.com",
  "above.com",
  "sav.com",
]);

export function parkingMarker(html: string): string | null {
  const lower = html.toLowerCase();
  return PARKING_MARKERS.find((m) => lower.includes(m)) ?? null;
}

function visibleText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, " ")
      .replace(/<!--[\s\S]*?-->/g, " ")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .toLowerCase();
}

/** Obvious pricing words only; anything subtler is left to people. */
export function pricingWords(html: string): PageFacts["pricing"] {
  const text = visibleText(html);
  const found = (re: RegExp) => text.match(re)?.[0]?.trim() ?? null;
  const openSource = found(/\bopen[- ]source\b/);
  const freePlan = found(/\bfree (?:plan|tier|forever)\b/);
  const perMonth = found(/(?:\$|€|£)\s?\d+(?:[.,]\d{1,2})?\s?(?:\/|per )\s?(?:mo|month|user\/month)\b/);
  const trial = found(/\bfree trial\b/);
  const pricing = found(/\bpricing\b/);
  const evidence = (...words: (string | null)[]) => words.filter((w): w is string => !!w);
  if (openSource) return { model: "open_source", evidence: evidence(openSource, freePlan, perMonth) };
  if (freePlan) return { model: "freemium", evidence: evidence(freePlan, perMonth, pricing) };
  if (perMonth) return { model: "subscription", evidence: evidence(perMonth, trial, pricing) };
  if (trial) return { model: "paid", evidence: evidence(trial, pricing) };
  return null;
}

export function pageFacts(html: string, pageUrl: string): PageFacts {
  let base = pageUrl;
  const icons: IconCandidate[] = [];
  const metas: Record<string, string> = {};
  for (const m of html.slice(0, 512 * 1024).matchAll(TAG)) {
    const tag = (m[1] ?? "").toLowerCase();
    const a = attributes(m[2] ?? "");
    if (tag === "base" && a.href) {
      base = resolveHttp(a.href, pageUrl) ?? base;
    } else if (tag === "link" && a.href && a.rel) {
      const rel = a.rel.toLowerCase().split(/\s+/);
      const url = resolveHttp(a.href, base);
      if (!url) continue;
      if (rel.includes("apple-touch-icon") || rel.includes("apple-touch-icon-precomposed")) {
        icons.push({ url, size: sizeOf(a.sizes, a.type, a.href, 180), source: "apple-touch-icon" });
      } else if (rel.includes("icon")) {
        icons.push({ url, size: sizeOf(a.sizes, a.type, a.href, 32), source: "icon" });
      }
    } else if (tag === "meta") {
      const key = (a.property ?? a.name ?? "").toLowerCase();
      if (key && a.content !== undefined && !(key in metas)) metas[key] = a.content;
    }
  }
  // apple-touch-icon first (made for exactly this), then declared icons, larger first; then /favicon.ico.
  const rank = (i: IconCandidate) => (i.source === "apple-touch-icon" ? 10_000 : 0) + i.size;
  icons.sort((x, y) => rank(y) - rank(x));
  const favicon = resolveHttp("/favicon.ico", base);
  if (favicon && !icons.some((i) => i.url === favicon)) icons.push({ url: favicon, size: 16, source: "favicon" });

  const preview = metas["og:image"] ?? metas["og:image:url"] ?? metas["og:image:secure_url"] ?? metas["twitter:image"];
  const description = (metas.description ?? metas["og:description"] ?? "").replace(/\s+/g, " ").trim();
  return {
    icons,
    previewUrl: preview ? resolveHttp(preview, base) : null,
    description: description.length >= 20 ? description.slice(0, 500) : null,
    pricing: pricingWords(html),
    parked: parkingMarker(html),
  };
}
