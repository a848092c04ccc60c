import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../helpers/scan.ts";

/**
 * One clock (issue 37): server code reads the time from `services.clock` and passes it down as a
 * `now` (or `at`) argument; no function falls back to the machine's time when a caller leaves it out.
 * A default such as `now = new Date()` or `options.now ?? new Date()` let a page or an API handler
 * forget the clock and still compile, and a test that moves time then saw two different days (the
 * daily view limit and the page caches' day keys did). This scan fails on such a default.
 *
 * The machine's time is still read where it is the root of a clock (server/platform/clock.ts) and where
 * it stamps a local file rather than deciding a rule (the local mailer's outbox).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

const ALLOWED: Record<string, string> = {
  "server/platform/clock.ts": "the clocks themselves (systemClock; a test clock starts at the machine's time)",
  "server/platform/mail.ts": "the local outbox's file timestamp, not a rule",
};

/** `x = new Date()` as a parameter default, `?? new Date()`, `|| new Date()`, and the day taken from the machine. */
const DEFAULTED = [
  /\b\w+\s*(?::\s*Date\s*)?=\s*new Date\(\)\s*[,)]/,
  /(\?\?|\|\|)\s*new Date\(\)/,
  /new Date\(\)\.toISOString\(\)\.slice\(0,\s*10\)/,
];

function defaults(text: string): string[] {
  return text
    .split("\n")
    .map((line, i) => ({ line: line.trim(), n: i + 1 }))
    .filter(({ line }) => !line.startsWith("//") && !line.startsWith("*"))
    .filter(({ line }) => DEFAULTED.some((re) => re.test(line)))
    .map(({ line, n }) => `${n}: ${line}`);
}

describe("one clock", () => {
  it("the scan sees the shapes it forbids", () => {
    expect(defaults("export function f(now = new Date()): void {}")).toHaveLength(1);
    expect(defaults("  now: Date = new Date(),")).toHaveLength(1);
    expect(defaults("  const at = options.at ?? new Date();")).toHaveLength(1);
    expect(defaults("  const day = new Date().toISOString().slice(0, 10);")).toHaveLength(1);
    expect(defaults("  const at = services.clock.now();")).toHaveLength(0);
    expect(defaults("  const started = new Date(row.created_at);")).toHaveLength(0);
  });

  it("no server code falls back to the machine's time", () => {
    const found: string[] = [];
    for (const file of sourceFiles(path.join(ROOT, "server"))) {
      const rel = path.relative(ROOT, file);
      if (ALLOWED[rel]) continue;
      for (const hit of defaults(readFileSync(file, "utf8"))) found.push(`${rel}:${hit}`);
    }
    expect(found, "take the time from services.clock and pass it as an argument").toEqual([]);
  });
});
