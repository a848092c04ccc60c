import { isbot } from "isbot";
import type { DnsResolver } from "../../platform/dns.ts";

/**
 * Which requests are a search engine's crawler (issue 31). A User-Agent alone proves nothing (curl can
 * say "Googlebot"): a crawler is treated as one (the whole public page, no daily view counted) only
 * when its address's reverse DNS name belongs to that engine and that name resolves back to the
 * address — the check the engines themselves document. Other bots and unverified claims are counted
 * like visitors. Answers are cached per address and engine for a day (both ways).
 */
const ENGINES: { agent: RegExp; domains: string[] }[] = [
  {
    agent: /googlebot|google-inspectiontool|googleother|adsbot-google|mediapartners-google|storebot-google/i,
    domains: ["googlebot.com", "google.com"],
  },
  { agent: /bingbot|bingpreview|msnbot|adidxbot/i, domains: ["search.msn.com"] },
  { agent: /applebot/i, domains: ["applebot.apple.com"] },
  { agent: /yandex(bot|images|mobilebot)/i, domains: ["yandex.ru", "yandex.net", "yandex.com"] },
  { agent: /baiduspider/i, domains: ["baidu.com", "baidu.jp"] },
  { agent: /yahoo! slurp/i, domains: ["crawl.yahoo.net"] },
];

const CACHE_MS = 86_400_000;
const CACHE_MAX = 10_000;

export type CrawlerCheck = {
  /** whether the request comes from a verified search engine crawler (asks DNS at most once a day per address) */
  verify(request: Request, ip: string): Promise<boolean>;
};

// isbot runs a long pattern and most traffic shares a few agents: answers kept per agent.
const bots = new Map<string, boolean>();
function botAgent(agent: string): boolean {
  let bot = bots.get(agent);
  if (bot === undefined) {
    bot = isbot(agent);
    if (agent.length <= 512) {
      if (bots.size >= 1_000) bots.clear();
      bots.set(agent, bot);
    }
  }
  return bot;
}

const endsWithDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

export function createCrawlerCheck(dns: DnsResolver, now: () => number = Date.now): CrawlerCheck {
  const cache = new Map<string, { at: number; ok: Promise<boolean> }>();
  async function confirm(ip: string, domains: string[]): Promise<boolean> {
    const names = (await dns.reverse(ip)).map((n) => n.toLowerCase().replace(/\.$/, ""));
    for (const name of names.filter((n) => domains.some((d) => endsWithDomain(n, d)))) {
      if ((await dns.lookup(name)).includes(ip)) return true;
    }
    return false;
  }
  return {
    async verify(request, ip) {
      const agent = request.headers.get("user-agent") ?? "";
      if (!agent || !botAgent(agent)) return false;
      const engine = ENGINES.findIndex((e) => e.agent.test(agent));
      if (engine < 0 || !ip) return false;
      const key = `${engine}|${ip}`;
      const hit = cache.get(key);
      if (hit && now() - hit.at < CACHE_MS) return hit.ok;
      if (cache.size >= CACHE_MAX) cache.clear();
      const ok = confirm(ip, ENGINES[engine]?.domains ?? []).catch(() => false);
      cache.set(key, { at: now(), ok });
      return ok;
    },
  };
}

/** Requests verified by the check above, for the synchronous questions asked later in the same request. */
const verified = new WeakSet<Request>();

export function markVerifiedCrawler(request: Request): void {
  verified.add(request);
}

/** A search engine's crawler whose address was verified for this request (see createCrawlerCheck). */
export function isCrawler(request: Request): boolean {
  return verified.has(request);
}
