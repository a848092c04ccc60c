import { describe, expect, it } from "vitest";
import { fakeDns } from "../../platform/dns.ts";
import { createCrawlerCheck } from "./crawlers.ts";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const req = (ua: string) => new Request("http://localhost/tools/x", { headers: { "user-agent": ua } });

describe("createCrawlerCheck (issue 31)", () => {
  it("verifies a search engine by reverse DNS confirmed forward, and caches the answer", async () => {
    const dns = fakeDns();
    dns.add("66.249.66.1", "crawl-66-249-66-1.googlebot.com");
    dns.add("203.0.113.9", "crawl-203-0-113-9.googlebot.com", { forward: false });
    dns.add("198.51.100.7", "googlebot.com.evil.example");
    let now = 0;
    const check = createCrawlerCheck(dns, () => now);
    expect(await check.verify(req(GOOGLEBOT), "66.249.66.1")).toBe(true);
    const asked = dns.asked;
    expect(await check.verify(req(GOOGLEBOT), "66.249.66.1")).toBe(true);
    expect(dns.asked).toBe(asked);
    // A name that does not resolve back, a look-alike name, no name at all: not a crawler.
    expect(await check.verify(req(GOOGLEBOT), "203.0.113.9")).toBe(false);
    expect(await check.verify(req(GOOGLEBOT), "198.51.100.7")).toBe(false);
    expect(await check.verify(req(GOOGLEBOT), "192.0.2.1")).toBe(false);
    // Bots that are not search engines, and people, are never asked about.
    const before = dns.asked;
    expect(await check.verify(req("curl/8.5.0"), "66.249.66.1")).toBe(false);
    expect(await check.verify(req("Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36"), "66.249.66.1")).toBe(
      false,
    );
    expect(dns.asked).toBe(before);
    // A day later the answer is asked again.
    now = 86_400_001;
    await check.verify(req(GOOGLEBOT), "66.249.66.1");
    expect(dns.asked).toBeGreaterThan(before);
  });
});
