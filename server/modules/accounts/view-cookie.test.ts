import { describe, expect, it } from "vitest";
import { decideVisitorView, readVisitorViews, shortToolId, VIEWS_COOKIE } from "./view-cookie.ts";

const SECRET = "s".repeat(40);
const NOW = new Date("2030-06-01T12:00:00Z");
const tool = (n: number) => `${n.toString(16).padStart(8, "0")}-1111-4222-8333-444455556666`;
/** The request's Cookie header after a response's Set-Cookie values. */
const jar = (setCookies: string[]) => setCookies.map((c) => c.split(";")[0]).join("; ");

function openTools(count: number, cookie = "") {
  for (let i = 0; i < count; i++) {
    const d = decideVisitorView(cookie, tool(i), 10, SECRET, { now: NOW });
    expect(d.allowed).toBe(true);
    cookie = jar(d.setCookies);
  }
  return cookie;
}

describe("a visitor's daily views in a signed cookie", () => {
  it("counts 10 distinct tools, then refuses a new one without counting it; counted tools stay open", () => {
    const cookie = openTools(10);
    expect(readVisitorViews(cookie, SECRET, NOW).ids).toHaveLength(10);
    expect(decideVisitorView(cookie, tool(10), 10, SECRET, { now: NOW })).toEqual({
      allowed: false,
      used: 10,
      limit: 10,
      setCookies: [],
    });
    expect(decideVisitorView(cookie, tool(3), 10, SECRET, { now: NOW })).toEqual({
      allowed: true,
      used: 10,
      limit: 10,
      setCookies: [],
    });
  });

  it("sets an HttpOnly signed cookie and a readable count, both ending at the next UTC midnight", () => {
    const [signed, count] = decideVisitorView("", tool(1), 10, SECRET, { now: NOW, secure: true }).setCookies;
    expect(signed).toMatch(
      new RegExp(
        `^${VIEWS_COOKIE}=2030-06-01\\.${shortToolId(tool(1))}\\.[\\w-]{22}; Path=/; Expires=Sun, 02 Jun 2030 00:00:00 GMT; SameSite=Lax; Secure; HttpOnly$`,
      ),
    );
    expect(count).toBe(
      "ts_views_n=2030-06-01.1.10; Path=/; Expires=Sun, 02 Jun 2030 00:00:00 GMT; SameSite=Lax; Secure",
    );
  });

  it("reads a cookie signed with another secret, edited, from another day or malformed as no views", () => {
    const cookie = openTools(10);
    const value = /ts_views=([^;]+)/.exec(cookie)?.[1] as string;
    const [day, ids, sig] = value.split(".") as [string, string, string];
    expect(readVisitorViews(cookie, "t".repeat(40), NOW).ids).toEqual([]);
    expect(readVisitorViews(`ts_views=${day}.${ids.slice(13)}.${sig}`, SECRET, NOW).ids).toEqual([]);
    expect(readVisitorViews(cookie, SECRET, new Date("2030-06-02T00:00:01Z")).ids).toEqual([]);
    for (const bad of [
      "ts_views=%",
      "ts_views=",
      `ts_views=${value}x`,
      "ts_views=a.b.c",
      `ts_views=${"x".repeat(5000)}`,
    ]) {
      expect(readVisitorViews(bad, SECRET, NOW).ids).toEqual([]);
    }
    // Other cookies around it are fine; a look-alike name is not it.
    expect(readVisitorViews(`theme=dark; ${cookie}; x=1`, SECRET, NOW).ids).toHaveLength(10);
    expect(readVisitorViews(`xts_views=${value}`, SECRET, NOW).ids).toEqual([]);
  });

  it("does not trust the readable count", () => {
    const cookie = `${openTools(10)}; ts_views_n=2030-06-01.0.10`;
    expect(decideVisitorView(cookie, tool(11), 10, SECRET, { now: NOW }).allowed).toBe(false);
  });
});
