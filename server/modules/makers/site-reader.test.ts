import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpFetcher } from "../linkcheck/index.ts";
import { siteHasToken } from "./claims.ts";
import { SITE_META_NAME } from "./shared.ts";
import { sameSite, siteReaderOver } from "./site-reader.ts";

/** Issue 31: a site token counts only in the page's head, and only pages of the same site are read. */

const TOKEN = "ts-abcdefghijklmnopqrstuvwxyz012345";
const meta = `<meta name="${SITE_META_NAME}" content="${TOKEN}">`;

describe("siteHasToken reads the head only", () => {
  it("finds the tag in the head", () => {
    const html = `<!doctype html><html><head><title>A</title>${meta}</head><body><p>hi</p></body></html>`;
    expect(siteHasToken(html, null, TOKEN)).toEqual({ found: true, where: "meta_tag" });
    // Head and html tags may be left out: the parser's head ends at the first other element.
    expect(siteHasToken(`<!-- c -->\n<title>A</title>\n${meta}\n<p>body</p>`, null, TOKEN).found).toBe(true);
  });

  it("ignores a tag in the body, in a comment, or inside a script or a title", () => {
    const cases = [
      `<html><head><title>A</title></head><body><div class="review">${meta}</div></body></html>`,
      `<html><head><title>A</title></head>${meta}<body></body></html>`,
      `<title>A</title><p>A visitor wrote:</p>${meta}`,
      `<html><head>Some text ${meta}</head></html>`,
      `<html><head><!-- ${meta} --></head></html>`,
      `<html><head><script>document.write('${meta}')</script></head></html>`,
      `<html><head><title>${meta}</title></head></html>`,
      `<html><head><link rel="x"><body>${meta}</body></head></html>`,
    ];
    for (const html of cases) expect(siteHasToken(html, null, TOKEN).found, html).toBe(false);
  });

  it("still takes the well-known file", () => {
    expect(siteHasToken("", `${TOKEN}\n`, TOKEN)).toEqual({ found: true, where: "well_known" });
  });
});

describe("same site", () => {
  it("is http(s) and the same registrable domain", () => {
    const u = (s: string) => new URL(s);
    expect(sameSite(u("http://example.com/"), u("https://www.example.com/en"))).toBe(true);
    expect(sameSite(u("https://app.example.co.uk/"), u("https://example.co.uk/"))).toBe(true);
    expect(sameSite(u("https://example.com/"), u("https://example.org/"))).toBe(false);
    expect(sameSite(u("https://example.co.uk/"), u("https://other.co.uk/"))).toBe(false);
    expect(sameSite(u("https://mine.vercel.app/"), u("https://theirs.vercel.app/"))).toBe(false);
    expect(sameSite(u("https://example.com/"), u("ftp://example.com/"))).toBe(false);
    expect(sameSite(u("https://example.com/"), u("file:///etc/passwd"))).toBe(false);
    expect(sameSite(u("http://127.0.0.1:1/"), u("http://127.0.0.1:2/"))).toBe(true);
    expect(sameSite(u("http://127.0.0.1/"), u("http://localhost/"))).toBe(false);
  });
});

describe("reading a site follows only same-site redirects", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const port = (server.address() as AddressInfo).port;
      const to: Record<string, string> = {
        "/home": "/en/",
        "/elsewhere": `http://localhost:${port}/en/`,
        "/file": "file:///etc/passwd",
        "/data": `data:text/html,${encodeURIComponent(meta)}`,
        "/loop": "/loop",
      };
      const location = to[req.url ?? ""];
      if (location) {
        res.writeHead(302, { location });
        return res.end();
      }
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<html><head>${meta}</head><body></body></html>`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const read = (path: string) => siteReaderOver(createHttpFetcher({ allowPrivateAddresses: true }))(`${base}${path}`);

  it("follows a redirect within the site", async () => {
    const page = await read("/home");
    expect(page?.status).toBe(200);
    expect(page?.body).toContain(TOKEN);
  });

  it("stops at a redirect to another host, to file: or data:, and after too many hops", async () => {
    for (const path of ["/elsewhere", "/file", "/data", "/loop"]) expect(await read(path), path).toBeNull();
  });
});
