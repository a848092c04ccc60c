import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { checkDoors, type Door, type DoorReport, doorProblems, parseAllowList } from "../helpers/unused-exports.ts";

/**
 * Narrow doors (issue 37 item 5): a module door (`server/modules/<module>/index.ts`) and a page facade
 * (`app/lib/*.server.ts`) export only names some file outside them imports — pages, the API, other
 * modules, tests, scripts or benchmarks. A name used only inside its module is imported from the file
 * that defines it, not offered at the door. Deliberate exceptions are listed, each with its reason, in
 * tests/unit/unused-exports.allowed.txt; a line there that no longer applies fails too.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

/** A module door's inside is its module's folder; a facade's inside is the facade alone. */
const moduleDoor = (file: string): Door => ({
  file,
  inside: (user) => user.startsWith(`${path.posix.dirname(file)}/`),
});
const facade = (file: string): Door => ({ file, inside: (user) => user === file });

function repositoryFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const dir of ["app", "server", "tests", "scripts", "bench"]) {
    for (const name of readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })) {
      if (!SOURCE.test(name) || name.split(path.sep).includes("node_modules")) continue;
      const file = `${dir}/${name.split(path.sep).join("/")}`;
      files.set(file, readFileSync(path.join(ROOT, file), "utf8"));
    }
  }
  return files;
}

describe("the checker, on a small tree", () => {
  const files = new Map(
    Object.entries({
      "server/modules/alpha/index.ts": [
        'export { used, usedInside, unused } from "./things.ts";',
        'export type { Shape, Unseen } from "./things.ts";',
        'export * from "./labels.ts";',
        "export const OWN = 1;",
      ].join("\n"),
      "server/modules/alpha/things.ts": [
        "export function used() {}",
        "export function usedInside() {}",
        "export function unused() {}",
        "export type Shape = { a: number };",
        "export interface Unseen { b: string }",
      ].join("\n"),
      "server/modules/alpha/labels.ts": 'export const LABEL_USED = "a";\nexport const LABEL_UNUSED = "b";',
      "server/modules/alpha/inner.ts": 'import { usedInside, Unseen } from "./index.ts";\nusedInside();',
      "server/modules/beta/index.ts": "export const x = 1, y = 2;\nexport type T = string;\nexport type Z = number;",
      "app/lib/alpha.server.ts": [
        'export * from "../../server/modules/alpha/index.ts";',
        "export function helper() {}",
        "export function facadeUnused() {}",
      ].join("\n"),
      // Through the facade's `export *`, with the `~/` alias and no extension.
      "app/routes/page.tsx": 'import { LABEL_USED, helper } from "~/lib/alpha.server";\nhelper();',
      "server/api/alpha.ts": [
        'import { used } from "../modules/alpha/index.ts";',
        'import type { Shape } from "../modules/alpha/index.ts";',
        'import * as beta from "../modules/beta/index.ts";',
        "let t: import('../modules/beta/index.ts').T;",
        "beta.x;",
      ].join("\n"),
      "tests/alpha.test.ts": 'const { OWN } = await import("../server/modules/alpha/index.ts");',
      // Names only re-exported, never imported, are not uses.
      "server/modules/gamma/index.ts": 'export { unused as again } from "../alpha/index.ts";',
    }),
  );
  const doors = [
    moduleDoor("server/modules/alpha/index.ts"),
    moduleDoor("server/modules/beta/index.ts"),
    facade("app/lib/alpha.server.ts"),
  ];
  const reports = checkDoors(files, doors);
  const unused = Object.fromEntries(reports.map((r) => [r.file, r.unused]));

  it("finds the names no outside file imports: `import type`, `export *`, namespaces and `import()` count as uses", () => {
    expect(unused).toEqual({
      "server/modules/alpha/index.ts": ["LABEL_UNUSED", "Unseen", "unused", "usedInside"],
      "server/modules/beta/index.ts": ["Z", "y"],
      "app/lib/alpha.server.ts": ["facadeUnused"],
    });
  });

  it("counts a use through a facade for the door behind it, and answers for a facade's own names only", () => {
    const alpha = reports[0] as DoorReport;
    expect([...(alpha.users.get("LABEL_USED") ?? [])]).toEqual(["app/routes/page.tsx"]);
    expect(alpha.exported).toContain("LABEL_USED");
    expect(reports[2]?.exported).toEqual(["facadeUnused", "helper"]);
  });

  it("fails on an unused name not allowed, and on an allowed line that no longer applies", () => {
    const { allowed, malformed } = parseAllowList(
      [
        "# a note",
        "server/modules/beta/index.ts Z — kept for the fixture's sake",
        "server/modules/beta/index.ts x — no longer unused, so this line is stale",
        "server/modules/beta/index.ts y",
      ].join("\n"),
    );
    expect(malformed).toEqual(["server/modules/beta/index.ts y"]);
    expect(doorProblems([reports[1] as DoorReport], allowed)).toEqual([
      "server/modules/beta/index.ts y: exported, imported by nothing outside",
      "server/modules/beta/index.ts x: allowed, but no longer an unused export (drop the line)",
    ]);
  });
});

describe("the repository's doors", () => {
  let reports: DoorReport[] = [];
  beforeAll(() => {
    const files = repositoryFiles();
    const doors = [...files.keys()]
      .filter((f) => /^server\/modules\/[^/]+\/index\.ts$/.test(f) || /^app\/lib\/[^/]+\.server\.ts$/.test(f))
      .sort()
      .map((f) => (f.startsWith("server/") ? moduleDoor(f) : facade(f)));
    reports = checkDoors(files, doors);
  }, 120_000);

  it("export only names something outside imports, or names on the allow-list", () => {
    const { allowed, malformed } = parseAllowList(
      readFileSync(path.join(ROOT, "tests/unit/unused-exports.allowed.txt"), "utf8"),
    );
    expect(malformed).toEqual([]);
    expect(doorProblems(reports, allowed)).toEqual([]);
  });

  it("finds every module door", () => {
    expect(reports.filter((r) => r.file.startsWith("server/modules/")).length).toBeGreaterThanOrEqual(16);
  });
});
