import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** The TypeScript source files under `dir` (tests left out), as absolute paths. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

/** A scan test's pending list: one repository path per line, `#` lines are comments. */
export function pendingList(file: string): Set<string> {
  return new Set(
    readFileSync(file, "utf8")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#")),
  );
}
