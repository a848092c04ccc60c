import { getDomain } from "tldts";
import type { Fetcher } from "../linkcheck/index.ts";

/**
 * Reading a tool's site for a maker's token (issue 20), and what counts as the site saying it
 * (issue 31): only the document's head, and only pages of the same site.
 */

/** What reads the tool's site: the link checker's SSRF-safe fetcher in production, a fixture in tests. */
export type SiteReader = (url: string) => Promise<{ status: number; body: string } | null>;

/** Redirects followed at most (http → https, a www hop, a language path). */
export const MAX_SITE_REDIRECTS = 3;
const MAX_PAGE_BYTES = 256 * 1024;

/**
 * Same site: http(s) on both sides and the same registrable domain (the Public Suffix List's, private
 * suffixes included, so one `*.vercel.app` site is not another). Hosts without one (an IP address,
 * `localhost`) must match exactly.
 */
export function sameSite(from: URL, to: URL): boolean {
  if (!/^https?:$/.test(to.protocol) || !/^https?:$/.test(from.protocol)) return false;
  const a = getDomain(from.hostname, { allowPrivateDomains: true });
  const b = getDomain(to.hostname, { allowPrivateDomains: true });
  return a && b ? a === b : from.hostname === to.hostname;
}

/**
 * A SiteReader over a Fetcher (which never follows redirects itself): redirects are followed here,
 * only within the site (a token on another site proves nothing about this one; a redirect to `file:`,
 * `data:` or another host ends the reading), at most MAX_SITE_REDIRECTS.
 */
export function siteReaderOver(fetcher: Fetcher): SiteReader {
  return async (start) => {
    let url = new URL(start);
    for (let hop = 0; hop <= MAX_SITE_REDIRECTS; hop++) {
      const res = await fetcher.fetch({
        url: url.toString(),
        method: "GET",
        timeoutMs: 10_000,
        maxBytes: MAX_PAGE_BYTES,
        userAgent: "ToolscapeBot/1.0 (+maker verification)",
        accept: "text/html,text/plain;q=0.9,*/*;q=0.5",
      });
      const location = res.headers.location;
      if (res.status >= 300 && res.status < 400 && location) {
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          return null;
        }
        if (!sameSite(url, next)) return null;
        url = next;
        continue;
      }
      return { status: res.status, body: new TextDecoder().decode(res.body) };
    }
    return null;
  };
}

/** Elements the HTML parser keeps in the head; any other element or text starts the body. */
const HEAD_ELEMENTS = new Set([
  "html",
  "head",
  "meta",
  "title",
  "link",
  "style",
  "script",
  "base",
  "noscript",
  "template",
]);
/** Elements whose content is not markup (a `<meta>` inside one is text, not a tag). */
const RAW_TEXT = new Set(["title", "style", "script", "noscript", "template"]);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>/y;

/**
 * The `<meta>` tags of the document's head, as the HTML parser would place them: the scan walks the
 * head's elements from the start and stops at `</head>`, `<body>`, any other element or any text
 * (where the parser starts the body), skipping comments and the content of scripts, styles, titles
 * and templates. A tag in the body — a comment, a review, a user's profile — is never read.
 */
export function headMetaTags(html: string): string[] {
  const metas: string[] = [];
  let i = html.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < html.length) {
    while (i < html.length && /\s/.test(html[i] as string)) i++;
    if (i >= html.length) break;
    if (html.startsWith("<!--", i)) {
      const end = html.indexOf("-->", i + 4);
      if (end < 0) break;
      i = end + 3;
      continue;
    }
    if (html.startsWith("<!", i) || html.startsWith("<?", i)) {
      const end = html.indexOf(">", i);
      if (end < 0) break;
      i = end + 1;
      continue;
    }
    TAG.lastIndex = i;
    const tag = TAG.exec(html);
    if (!tag) break;
    const closing = tag[1] === "/";
    const name = (tag[2] as string).toLowerCase();
    i = TAG.lastIndex;
    if (closing) {
      if (name === "head" || name === "html" || !HEAD_ELEMENTS.has(name)) break;
      continue;
    }
    if (!HEAD_ELEMENTS.has(name)) break;
    if (name === "meta") metas.push(tag[0]);
    if (RAW_TEXT.has(name)) {
      const end = html.toLowerCase().indexOf(`</${name}`, i);
      if (end < 0) break;
      i = end;
    }
  }
  return metas;
}
