import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One origin (issue 18): pages, the API and payment return addresses print absolute URLs from
 * siteOrigin(env) (app/lib/site-origin.server.ts's originOf in routes), never from the request's Host
 * header, which a client chooses. This scan fails when a route or API file builds an origin from the
 * request again.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const FROM_REQUEST = /\b(?:url|request\.url\)|c\.req\.url\)|req\.url\))\.origin\b/;

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...files(full));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

describe("absolute URLs come from the site's one origin", () => {
  it("no route or API file takes its origin from the request", () => {
    const offenders = ["app/routes", "server/api"]
      .flatMap((d) => files(path.join(ROOT, d)))
      .flatMap((f) =>
        readFileSync(f, "utf8")
          .split("\n")
          .map((line, i) => ({ line, i }))
          .filter(({ line }) => FROM_REQUEST.test(line))
          .map(({ i }) => `${path.relative(ROOT, f)}:${i + 1}`),
      );
    expect(offenders).toEqual([]);
  });
  it("the scan catches the forms it is meant to", () => {
    for (const bad of ["new URL(request.url).origin", "url.origin", "new URL(c.req.url).origin"]) {
      expect(FROM_REQUEST.test(bad), bad).toBe(true);
    }
    expect(FROM_REQUEST.test("originOf(context)")).toBe(false);
  });
});
