import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project root, found from this file whether it runs from source or from the bundled build/. */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}

export const ROOT_DIR = findRoot();
export const MIGRATIONS_DIR = path.join(ROOT_DIR, "server/platform/db/migrations");
export const SEED_DIR = path.join(ROOT_DIR, "server/platform/db/seed");
export const BUILD_DIR = path.join(ROOT_DIR, "build");
export const CONTENT_DIR = path.join(ROOT_DIR, "content");
