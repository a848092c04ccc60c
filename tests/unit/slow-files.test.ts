import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** The files allowed over the 60 s budget for one file (scripts/test.mjs): each exists, with a ceiling and a reason. */
const ROOT = path.join(import.meta.dirname, "../..");
const rows = readFileSync(path.join(ROOT, "tests/slow-files.txt"), "utf8")
  .split("\n")
  .filter((line) => line.trim() && !line.startsWith("#"))
  .map((line) => line.trim().split(/\s+/));

describe("tests/slow-files.txt", () => {
  it("names existing test files, each with a ceiling between 60 and 300 s and a reason", () => {
    const bad = rows.filter(
      ([file, seconds, ...why]) =>
        !file ||
        !existsSync(path.join(ROOT, file)) ||
        !(Number(seconds) > 60 && Number(seconds) <= 300) ||
        why.join(" ").length < 10,
    );
    expect(bad).toEqual([]);
  });
  it("stays short: at most 3 files over the budget (12 until 2026-11-30, 5 until 2026-12-01; the list only shrinks)", () => {
    expect(rows.length).toBeLessThanOrEqual(3);
  });
});
