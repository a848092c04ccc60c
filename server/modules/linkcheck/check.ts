import { domainKey } from "../catalog/index.ts";
import { FetchError, type FetchErrorKind, type Fetcher } from "./fetcher.ts";
import { PARKING_DOMAINS, parkingMarker } from "./page-facts.ts";

export const DEFAULT_TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 5;
/** The home page is read this far: enough for its head and its visible pricing words. */
export const PAGE_BYTES = 512 * 1024;
/** HEAD answers that mean "ask me with GET" (servers that refuse or botch HEAD). */
const HEAD_REFUSED = new Set([400, 403, 404, 405, 406, 429, 500, 501, 502, 503]);

/** ok | redirected (another registrable domain) | parked | blocked (refuses robots) | broken | timeout */
export type LinkStatus = "ok" | "redirected" | "parked" | "blocked" | "broken" | "timeout";

export type SiteCheck = {
  status: LinkStatus;
  httpStatus: number | null;
  finalUrl: string | null;
  finalDomainKey: string | null;
  error: string | null;
  /** a DNS or connection failure: what a network that is down looks like */
  networkError: FetchErrorKind | null;
  /** the home page's HTML when it was read (for logos and suggestions) */
  html: string | null;
  /** the parking marker or parking domain seen */
  parkedBy: string | null;
};

export type CheckOptions = { fetcher: Fetcher; userAgent: string; timeoutMs?: number };

/** A failure counts towards "may be offline"; the others are answers from a site that exists. */
export const isFailure = (s: LinkStatus) => s === "broken" || s === "timeout";

/**
 * Checks one website: HEAD (GET when HEAD is refused), redirects followed by hand up to five hops,
 * then the final page read with GET for its HTML. `toolDomain` is the tool's own registrable domain.
 */
export async function checkSite(url: string, toolDomain: string, options: CheckOptions): Promise<SiteCheck> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const base = { httpStatus: null, finalUrl: null, finalDomainKey: null, html: null, parkedBy: null };
  let current = url;
  let method: "HEAD" | "GET" = "HEAD";
  let hops = 0;
  let html: string | null = null;
  let status = 0;
  try {
    for (;;) {
      const res = await options.fetcher.fetch({
        url: current,
        method,
        timeoutMs,
        maxBytes: method === "GET" ? PAGE_BYTES : 0,
        userAgent: options.userAgent,
      });
      status = res.status;
      if (method === "HEAD" && HEAD_REFUSED.has(status)) {
        method = "GET";
        continue;
      }
      const location = res.headers.location;
      if (status >= 300 && status < 400 && location) {
        hops += 1;
        if (hops > MAX_REDIRECTS) {
          return {
            ...base,
            status: "broken",
            httpStatus: status,
            finalUrl: current,
            finalDomainKey: domainKey(current) || null,
            error: `More than ${MAX_REDIRECTS} redirects`,
            networkError: null,
          };
        }
        const next = new URL(location, current);
        if (next.protocol !== "http:" && next.protocol !== "https:")
          throw new FetchError("other", "Redirect to a non-web address");
        current = next.toString();
        continue;
      }
      if (method === "GET" && status >= 200 && status < 300) html = decodeBody(res.body, res.headers["content-type"]);
      break;
    }
    if (status >= 200 && status < 300 && html === null) {
      // HEAD said yes: read the page itself (logos, suggestions, parking words). Its failure is not the site's.
      try {
        const res = await options.fetcher.fetch({
          url: current,
          method: "GET",
          timeoutMs,
          maxBytes: PAGE_BYTES,
          userAgent: options.userAgent,
        });
        if (res.status >= 200 && res.status < 300) html = decodeBody(res.body, res.headers["content-type"]);
      } catch {
        html = null;
      }
    }
  } catch (err) {
    const e = err instanceof FetchError ? err : new FetchError("other", String(err));
    return {
      ...base,
      status: e.kind === "timeout" ? "timeout" : "broken",
      finalUrl: current,
      finalDomainKey: domainKey(current) || null,
      error: e.message,
      networkError: e.kind === "dns" || e.kind === "connect" ? e.kind : null,
    };
  }
  const finalDomainKey = domainKey(current) || null;
  const result = { ...base, httpStatus: status, finalUrl: current, finalDomainKey, html, networkError: null };
  if (status === 401 || status === 403 || status === 429) {
    return { ...result, status: "blocked", error: `The site refused the check (HTTP ${status})` };
  }
  if (status < 200 || status >= 300) return { ...result, status: "broken", error: `HTTP ${status}` };
  const parkedBy =
    (finalDomainKey && PARKING_DOMAINS.has(finalDomainKey) ? finalDomainKey : null) ??
    (html ? parkingMarker(html) : null);
  if (parkedBy) return { ...result, status: "parked", parkedBy, error: `Looks parked or for sale ('${parkedBy}')` };
  if (finalDomainKey && toolDomain && finalDomainKey !== toolDomain) {
    return { ...result, status: "redirected", error: `Redirects to ${finalDomainKey}` };
  }
  return { ...result, status: "ok", error: null };
}

function decodeBody(body: Uint8Array, contentType: string | undefined): string | null {
  if (contentType && !/html|xml|text\/plain/i.test(contentType)) return null;
  return new TextDecoder("utf-8", { fatal: false }).decode(body);
}

export function userAgentFor(publicUrl: string | undefined): string {
  const origin = (publicUrl ?? "http://localhost:3000").replace(/\/$/, "");
  return `Toolscape-LinkCheck/1.0 (+${origin}/how-we-test)`;
}
