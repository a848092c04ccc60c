import { parse as parseDomain } from "tldts";
import { own } from "../../platform/own.ts";
import { cleanLine } from "../../platform/text.ts";

/** Pure helpers shared by the importer and the catalogue queries. */

const COMBINING_MARKS = /[\u0300-\u036f]/g;

export function slugify(input: string, maxLength = 80): string {
  const slug = input
    .normalize("NFKD")
    .replace(COMBINING_MARKS, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/g, "");
  return slug || "tool";
}

/** Lower-case alphanumerics only: 'Otter.ai' and 'otter ai' are the same name. */
export function nameKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(COMBINING_MARKS, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** Hosts where many unrelated tools live: the first two path segments identify the tool. */
const SHARED_HOSTS = new Set([
  "github.com",
  "gitlab.com",
  "huggingface.co",
  "chrome.google.com",
  "chromewebstore.google.com",
  "apps.apple.com",
  "play.google.com",
  "marketplace.visualstudio.com",
  "replicate.com",
  "colab.research.google.com",
  "sourceforge.net",
  "npmjs.com",
  "pypi.org",
  "sites.google.com",
  "medium.com",
  "rentry.org",
]);
/** Hosting suffixes whose sub-domains are separate products (foo.vercel.app): the full host identifies the tool. */
const PLATFORM_SUFFIXES = [
  ".vercel.app",
  ".netlify.app",
  ".notion.site",
  ".github.io",
  ".streamlit.app",
  ".pages.dev",
  ".herokuapp.com",
  ".hf.space",
];

export function parseHttpUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (!url.hostname.includes(".") && url.hostname !== "localhost") return null;
  return url;
}

/**
 * The registrable domain (example.co.uk, not app.example.co.uk) so that http/https, www and app
 * sub-domains of one product match; on shared hosts (github.com, huggingface.co, …) host + owner/repo.
 */
export function domainKey(rawUrl: string): string {
  const url = parseHttpUrl(rawUrl);
  if (!url) return "";
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  if (PLATFORM_SUFFIXES.some((suffix) => host.endsWith(suffix))) return host;
  if (SHARED_HOSTS.has(host)) {
    const segments = url.pathname.toLowerCase().split("/").filter(Boolean).slice(0, 2);
    return [host, ...segments].join("/");
  }
  return registrableDomain(host) ?? host;
}

/**
 * The registrable domain of a host by the Public Suffix List, its private section included (issue 31):
 * x.eu.org and y.eu.org are two owners, as are a.github.io and b.github.io; example.co.uk's owner is
 * example.co.uk. Null for a public or platform suffix itself (eu.org, co.uk, vercel.app), an IP address
 * or a name without a known suffix. The one definition: the de-duplication key, maker claims and logos use it.
 */
export function registrableDomain(host: string): string | null {
  const parsed = parseDomain(host.toLowerCase(), { allowPrivateDomains: true });
  if (parsed.isIp || !parsed.domain || (!parsed.isIcann && !parsed.isPrivate)) return null;
  return parsed.domain;
}

/**
 * True when the address sits on a shared host (github.com/owner/repo, a Chrome Web Store page…) or on a
 * hosting platform's sub-domain (foo.vercel.app): its domain belongs to someone else, not to the tool,
 * so nothing about the tool (its logo, its maker) may be read from the domain.
 */
export function onSharedHost(rawUrl: string): boolean {
  const url = parseHttpUrl(rawUrl);
  if (!url) return true;
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  if (SHARED_HOSTS.has(host) || PLATFORM_SUFFIXES.some((suffix) => host.endsWith(suffix))) return true;
  if (HOSTED_SUFFIXES.some((suffix) => host.endsWith(suffix))) return true;
  const at = `${host}${url.pathname.toLowerCase()}`;
  return STOREFRONTS.some((prefix) => at.startsWith(prefix));
}

/** More hosts whose sub-domains are other people's pages (not used by the de-duplication key). */
const HOSTED_SUFFIXES = [
  ".fly.dev",
  ".gumroad.com",
  ".itch.io",
  ".web.app",
  ".firebaseapp.com",
  ".glitch.me",
  ".replit.app",
  ".repl.co",
  ".framer.website",
  ".framer.ai",
  ".webflow.io",
  ".wixsite.com",
  ".carrd.co",
  ".softr.app",
  ".bubbleapps.io",
  ".azurewebsites.net",
  ".onrender.com",
  ".railway.app",
  ".gitbook.io",
  ".readthedocs.io",
  ".substack.com",
  ".beehiiv.com",
  ".modal.run",
  ".surge.sh",
  ".deno.dev",
  ".workers.dev",
];
/** Stores and directories on a company's own domain that list other makers' apps, GPTs and plug-ins. */
const STOREFRONTS = [
  "workspace.google.com/marketplace",
  "plugins.jetbrains.com",
  "apps.shopify.com",
  "appsource.microsoft.com",
  "apps.microsoft.com",
  "microsoftedge.microsoft.com",
  "addons.mozilla.org",
  "marketplace.atlassian.com",
  "figma.com/community",
  "chat.openai.com/g/",
  "chatgpt.com/g/",
  "poe.com/",
  "slack.com/apps",
  "zoom.us/apps",
  "apps.zoom.us",
];

/**
 * How a maker can prove a listing is theirs (issue 20): an e-mail address at the tool's own registrable
 * domain, or a token published on its site. Neither works on a shared host (github.com/owner/repo: the
 * host's e-mail and pages belong to someone else); a platform sub-domain (foo.vercel.app) can publish a
 * token but has no e-mail of its own.
 */
export function claimMethodsFor(key: string): { email: boolean; site: boolean } {
  if (!key || key.includes("/")) return { email: false, site: false };
  // A public or platform suffix itself (eu.org, vercel.app) is no one's listing (issue 31).
  // (localhost: a tool on this machine, as in development and the tests, can still publish a token.)
  if (key === "localhost") return { email: false, site: true };
  if (registrableDomain(key) === null) return { email: false, site: false };
  // Under a platform's suffix (the list's private section: x.eu.org, foo.vercel.app) the mailboxes are the
  // platform's users', not the tool's.
  const onPlatform =
    parseDomain(key, { allowPrivateDomains: true }).isPrivate || PLATFORM_SUFFIXES.some((s) => key.endsWith(s));
  return { email: !onPlatform, site: true };
}

/**
 * Spreadsheet programs run a cell that starts with = (or + - @ before a function call, a cell
 * reference or a DDE command) as a formula. Every text cell is checked on the way in (issue 21,
 * ADR 0044): leading tabs, CRs and spaces go; a formula's prefix is removed (`=HYPERLINK(…)` →
 * `HYPERLINK(…)`, `-2+3+cmd|' /C calc'!A0` → `2+3+cmd|…`) and the report says so. Ordinary text that
 * merely starts with one of those characters ('@imagetotext.me', '-5% fees', '+1 555', '-2+3 times
 * faster') keeps its meaning and its characters: it is flagged (`kind: "text"`, a report warning),
 * and every spreadsheet way out escapes it with a leading ' (export.ts formulaSafe).
 */
const FORMULA =
  /^=|^[+\-@][\d\s.,+\-*/^%()]*(?:[A-Za-z_][\w.]*\s*\(|\$?[A-Za-z]{1,3}\$?\d+\b|[\w.]+\s*\||[A-Za-z_][\w.]*![A-Za-z$])/;
const TRIGGER = /^[=+\-@]/;

export type Neutralised = { value: string; changed: boolean; kind: "formula" | "text" | null };

export function neutraliseFormula(value: string): Neutralised {
  const trimmed = value.replace(/^[\t\r\n ]+/, "");
  if (FORMULA.test(trimmed)) return { value: trimmed.replace(/^[=+\-@\s]+/, ""), changed: true, kind: "formula" };
  if (TRIGGER.test(trimmed)) return { value: trimmed, changed: trimmed !== value, kind: "text" };
  return { value, changed: false, kind: null };
}

/** An HTML tag or comment: refused in names and other short fields (issue 21). `a < b` is not one. */
export const HTML_TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>|<!--|<![a-z]/i;

/** Collapses whitespace and strips control characters that have no place in catalogue text. */
export function cleanText(value: string): string {
  // The importer refuses rows with control characters (controlCharacterIn); any left are dropped.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  return cleanLine(value.replace(/[\u0000-\u001F\u007F-\u009F]/g, (c) => (/\s/.test(c) ? " " : "")));
}

/** A list cell: JSON array, or values separated by ';' (the dataset's separator) or '|'. One value becomes a list of one. */
export function parseList(raw: string | undefined): string[] {
  if (!raw) return [];
  const text = raw.trim();
  if (!text) return [];
  if (text.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return dedupeList(parsed.map((v) => cleanText(String(v))));
    } catch {
      // not JSON after all: fall through to separators
    }
  }
  return dedupeList(text.split(/[;|]/).map(cleanText));
}

function dedupeList(values: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    const key = v.toLowerCase();
    if (v && !seen.has(key)) {
      seen.add(key);
      out.push(v);
    }
  }
  return out;
}

export const PRICING_MODELS = [
  "free",
  "freemium",
  "paid",
  "subscription",
  "open_source",
  "enterprise",
  "unknown",
] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

export const PRICING_LABELS: Record<PricingModel, string> = {
  free: "Free",
  freemium: "Freemium",
  paid: "Paid",
  subscription: "Subscription",
  open_source: "Open Source",
  enterprise: "Enterprise",
  unknown: "Unknown",
};

/** Maps a free-text pricing label to the model enum; null when it is not recognised. */
export function parsePricingModel(raw: string | undefined): PricingModel | null {
  const key = (raw ?? "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");
  if (!key) return "unknown";
  const table: Record<string, PricingModel> = {
    free: "free",
    freemium: "freemium",
    "free trial": "freemium",
    "free tier": "freemium",
    paid: "paid",
    "one time": "paid",
    subscription: "subscription",
    "open source": "open_source",
    opensource: "open_source",
    enterprise: "enterprise",
    "contact for pricing": "enterprise",
    unknown: "unknown",
  };
  return own(table, key) ?? null;
}
