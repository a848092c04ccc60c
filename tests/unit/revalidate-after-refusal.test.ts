import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { shouldRevalidate } from "../../app/lib/revalidate.ts";

/** Issue 31: after a refused action the page reloads its data, so no contradictory state shows. */
const ROUTES = path.resolve(import.meta.dirname, "../../app/routes");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("revalidation after a refused action", () => {
  it("reloads the page's data after a 4xx or 5xx answer, and keeps the default otherwise", () => {
    const base = {
      currentUrl: new URL("http://x/checkout/standard"),
      currentParams: {},
      nextUrl: new URL("http://x/checkout/standard"),
      nextParams: {},
      formMethod: "POST" as const,
    };
    expect(shouldRevalidate({ ...base, actionStatus: 409, defaultShouldRevalidate: false })).toBe(true);
    expect(shouldRevalidate({ ...base, actionStatus: 400, defaultShouldRevalidate: false })).toBe(true);
    expect(shouldRevalidate({ ...base, actionStatus: 200, defaultShouldRevalidate: false })).toBe(false);
    expect(shouldRevalidate({ ...base, defaultShouldRevalidate: true })).toBe(true);
  });

  it("every page with an action uses it", () => {
    const missing = files(ROUTES).filter((file) => {
      const text = readFileSync(file, "utf8");
      return (
        /export (async )?function action\b/.test(text) &&
        !text.includes('export { shouldRevalidate } from "~/lib/revalidate";')
      );
    });
    expect(missing.map((f) => path.relative(ROUTES, f))).toEqual([]);
  });
});
