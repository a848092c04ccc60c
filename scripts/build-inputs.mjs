// What the production build is made from, as one hash (ADR 0033): `npm test` builds only when it
// differs from the one the last build wrote to build/.inputs-hash, so running the suite twice
// builds once. Inputs: the files git knows (tracked, or new and not ignored) under app/, server/,
// public/ and content/ (tests excluded), the build's configuration and the lockfile.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

export const STAMP = "build/.inputs-hash";
const DIRS = ["app", "server", "public", "content"];
const FILES = [
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "scripts/build.mjs",
  "scripts/build-server.mjs",
  "scripts/precompress-assets.mjs",
];

/** The inputs' hash, or null when git cannot list them (then the caller always builds). */
export function buildInputsHash() {
  let listed;
  try {
    listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ...DIRS], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    return null;
  }
  const files = [...new Set([...listed.split("\0").filter(Boolean), ...FILES])]
    .filter((f) => !/\.test\.tsx?$/.test(f) && existsSync(f))
    .sort();
  const hash = createHash("sha256");
  for (const f of files) hash.update(`${f}\0`).update(readFileSync(f)).update("\0");
  return hash.digest("hex");
}

/** True when build/ was made from exactly the current inputs. */
export function buildIsFresh(hash = buildInputsHash()) {
  return hash !== null && existsSync("build/server.js") && existsSync(STAMP) && readFileSync(STAMP, "utf8") === hash;
}

export function stampBuild(hash = buildInputsHash()) {
  if (hash !== null) writeFileSync(STAMP, hash);
}
