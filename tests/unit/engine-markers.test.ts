import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Which database files PostgreSQL runs (ADR 0086): those marked `// engine: both — <why>` on a line of
 * their own; every other file runs on PGlite alone. A test whose title says it checks what differs
 * between the engines (concurrency, exactly-once settling, races, restarts, outages) must be in a
 * marked file, so a new file of that kind cannot slip onto PGlite alone unnoticed.
 */
const ROOT = path.join(import.meta.dirname, "../..");
const dbFiles = ["server", "tests/integration"].flatMap((dir) =>
  readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".db.test.ts"))
    .map((f) => path.join(dir, f)),
);
const ENGINE_SENSITIVE_TITLE =
  /\b(?:it|test|describe)\(\s*["'`][^"'`]*\b(?:concurren\w*|exactly once|in parallel|races?|restarts?|outages?)\b/i;

describe("engine markers on database test files", () => {
  it("each marker is the one form, with its reason", () => {
    const bad = dbFiles.filter((f) => {
      const lines = readFileSync(path.join(ROOT, f), "utf8").split("\n");
      const markers = lines.filter((l) => l.startsWith("// engine:"));
      return markers.length > 1 || markers.some((m) => !/^\/\/ engine: both — \S.{10,}$/.test(m));
    });
    expect(bad).toEqual([]);
  });

  it("a file testing concurrency, races, restarts or outages runs on both engines", () => {
    const unmarked = dbFiles.filter((f) => {
      const text = readFileSync(path.join(ROOT, f), "utf8");
      return !/^\/\/ engine: both — /m.test(text) && ENGINE_SENSITIVE_TITLE.test(text);
    });
    expect(unmarked).toEqual([]);
  });

  it("the scan recognises such a title", () => {
    expect(ENGINE_SENSITIVE_TITLE.test('it("20 concurrent applications for 5 spots", async () => {')).toBe(true);
    expect(ENGINE_SENSITIVE_TITLE.test('it("settles exactly once", () => {')).toBe(true);
    expect(ENGINE_SENSITIVE_TITLE.test('it("lists the deals", () => {')).toBe(false);
  });

  it("PostgreSQL still runs a share of the files", () => {
    const marked = dbFiles.filter((f) => /^\/\/ engine: both — /m.test(readFileSync(path.join(ROOT, f), "utf8")));
    expect(marked.length).toBeGreaterThanOrEqual(30);
  });
});
