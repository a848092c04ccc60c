import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Module doors (ADR 0033): code outside a module reaches it only through `index.ts`, `shared.ts` or
 * `forms.ts`; Biome's noRestrictedImports says so in biome.json. The fixtures in
 * tests/fixtures/module-doors (stored as .ts.txt so neither lint nor tsc reads them in place) are
 * copied, with the repository's own biome.json, into a scratch tree of the same shape and linted:
 * the deep imports must be errors, the same names through the doors must not. (`npm run lint` holds
 * the repository itself to the rule.)
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURES = path.join(ROOT, "tests/fixtures/module-doors");
let dir: string;
type Diagnostic = { category: string; location: { path: string; start: { line: number } } };
let diagnostics: Diagnostic[] = [];
let status: number | null = null;

function renameFixtures(at: string): void {
  for (const name of readdirSync(at)) {
    const file = path.join(at, name);
    if (statSync(file).isDirectory()) renameFixtures(file);
    else if (name.endsWith(".ts.txt")) renameSync(file, file.replace(/\.txt$/, ""));
  }
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "toolscape-doors-"));
  cpSync(FIXTURES, dir, { recursive: true });
  renameFixtures(dir);
  const config = JSON.parse(readFileSync(path.join(ROOT, "biome.json"), "utf8"));
  delete config.$schema;
  config.vcs = { enabled: false };
  config.files = { includes: ["**"] };
  writeFileSync(path.join(dir, "biome.json"), JSON.stringify(config));
  const run = spawnSync(path.join(ROOT, "node_modules/.bin/biome"), ["lint", "--reporter=json", "."], {
    cwd: dir,
    encoding: "utf8",
  });
  status = run.status;
  const json = run.stdout.slice(run.stdout.indexOf("{"));
  diagnostics = (JSON.parse(json) as { diagnostics: Diagnostic[] }).diagnostics;
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const restricted = (file: string) =>
  diagnostics.filter((d) => d.category === "lint/style/noRestrictedImports" && d.location.path === file);

describe("module doors", () => {
  it("a page helper importing a file inside a module fails lint", () => {
    expect(status).not.toBe(0);
    expect(restricted("app/lib/deep.ts").map((d) => d.location.start.line)).toEqual([2]);
  });

  it("one module importing a file inside another fails lint", () => {
    expect(restricted("server/modules/growth/deep.ts").map((d) => d.location.start.line)).toEqual([2]);
  });

  it("index.ts, shared.ts and forms.ts, a module's own files and the platform pass", () => {
    expect(restricted("app/lib/door.ts")).toEqual([]);
    expect(restricted("server/modules/growth/door.ts")).toEqual([]);
  });

  it("another module's tables files pass; the barrel of every table fails in module code (ADR 0091)", () => {
    expect(restricted("server/modules/growth/tables-read.ts")).toEqual([]);
    expect(restricted("server/modules/growth/tables-barrel.ts").map((d) => d.location.start.line)).toEqual([3]);
  });
});
