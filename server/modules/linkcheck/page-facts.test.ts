import { describe, expect, it } from "vitest";
import { classifyError } from "./fetcher.ts";
import { pageFacts, parkingMarker, pricingWords } from "./page-facts.ts";

describe("page facts", () => {
  it("ranks icons: apple-touch-icon, then declared sizes, then /favicon.ico; resolves against <base>", () => {
    const facts = pageFacts(
      `<head><base href="https://cdn.example.com/assets/">
       <link rel="icon" href="i16.png" sizes="16x16"><link rel="icon" href="i96.png" sizes="96x96">
       <link rel='apple-touch-icon' href='/touch.png'><link rel="icon" href="javascript:alert(1)">
       <meta property="og:image" content="og.jpg"><meta name="description" content="  A tool &amp; its   fixture.  Long enough. "></head>`,
      "https://tool.example/",
    );
    expect(facts.icons.map((i) => i.url)).toEqual([
      "https://cdn.example.com/touch.png",
      "https://cdn.example.com/assets/i96.png",
      "https://cdn.example.com/assets/i16.png",
      "https://cdn.example.com/favicon.ico",
    ]);
    expect(facts.previewUrl).toBe("https://cdn.example.com/assets/og.jpg");
    expect(facts.description).toBe("A tool & its fixture. Long enough.");
  });

  it("reads obvious pricing words only, from visible text", () => {
    expect(pricingWords("<p>Try our Free plan, then $9.99/month</p>")?.model).toBe("freemium");
    expect(pricingWords("<p>Pro: $20 per month. Free trial.</p>")?.model).toBe("subscription");
    expect(pricingWords("<p>Proudly open-source</p>")?.model).toBe("open_source");
    expect(pricingWords("<p>Start your free trial</p>")?.model).toBe("paid");
    expect(pricingWords("<script>var x='free plan'</script><p>Hello</p>")).toBeNull();
  });

  it("spots parked pages", () => {
    expect(parkingMarker("<h1>This domain is for sale</h1>")).toBe("this domain is for sale");
    expect(parkingMarker("<a href='https://sedoparking.com'>x</a>")).toBe("sedoparking");
    expect(parkingMarker("<h1>We sell domains of insight</h1>")).toBeNull();
  });

  it("classifies fetch failures: DNS and connect (network), timeouts, TLS", () => {
    const err = (code: string) =>
      Object.assign(new TypeError("fetch failed"), { cause: Object.assign(new Error(code), { code }) });
    expect(classifyError(err("ENOTFOUND"), false).kind).toBe("dns");
    expect(classifyError(err("ECONNREFUSED"), false).kind).toBe("connect");
    expect(classifyError(new Error("aborted"), true).kind).toBe("timeout");
    expect(classifyError(err("CERT_HAS_EXPIRED"), false).kind).toBe("tls");
  });
});
