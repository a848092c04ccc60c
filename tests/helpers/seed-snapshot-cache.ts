import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

/**
 * The migrated and seeded PGlite snapshot, kept between runs (issue 19's inner loop: the seed is
 * most of a `test:fast` run's setup). It is reused only while everything it is made from is
 * unchanged: the migrations, the seed data, the source files the migration and the seed import
 * (followed import by import from their entry points), and the installed packages (the lock file).
 * Anything else changed — a route, a test, a module the seed never imports — keeps the snapshot.
 * A clean checkout (CI) has none and makes it. TEST_SNAPSHOT_CACHE=0 turns the reuse off.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const CACHE_DIR = path.join(ROOT, "node_modules", ".cache", "toolscape-tests");
const ENTRY_POINTS = [
  "server/modules/catalog/seed.ts",
  "server/platform/db/index.ts",
  "tests/helpers/compact-snapshot.ts",
];
const INPUT_DIRS = ["server/platform/db/migrations", "server/platform/db/seed"];
const RELATIVE_IMPORT = /(?:from\s+|import\s*\(\s*)["'](\.{1,2}\/[^"']+)["']/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((f) => path.join(dir, f))
    .filter((f) => statSync(f).isFile())
    .sort();
}

/** A digest of everything the seeded snapshot is made from. */
export function seedInputsDigest(): string {
  const hash = createHash("sha256");
  const add = (file: string) => {
    hash.update(path.relative(ROOT, file));
    hash.update("\0");
    hash.update(readFileSync(file));
    hash.update("\0");
  };
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(RELATIVE_IMPORT)) walk(path.resolve(path.dirname(file), m[1] ?? ""));
  };
  for (const entry of ENTRY_POINTS) walk(path.join(ROOT, entry));
  for (const file of [...seen].sort()) add(file);
  for (const dir of INPUT_DIRS) for (const file of filesUnder(path.join(ROOT, dir))) add(file);
  add(path.join(ROOT, "package-lock.json"));
  return hash.digest("hex").slice(0, 20);
}

const enabled = () => process.env.TEST_SNAPSHOT_CACHE !== "0";
const fileFor = (digest: string) => path.join(CACHE_DIR, `pglite-seeded-${digest}.tar`);

// Runs with other inputs may share this directory at the same time (worktrees that link one
// node_modules, a branch switch mid-run), so a new snapshot never removes one in use: the few most
// recently used are kept, and a run marks its snapshot used when it takes it.
// TEST_SNAPSHOT_KEEP raises it when many worktrees with different migrations test side by side.
const KEEP = Math.max(1, Number(process.env.TEST_SNAPSHOT_KEEP ?? 3) || 3);

/** The kept snapshot for these inputs, or null. */
export function keptSnapshot(digest: string): string | null {
  const file = fileFor(digest);
  if (!enabled() || !existsSync(file)) return null;
  const now = new Date();
  utimesSync(file, now, now);
  return file;
}

/** Keeps a snapshot for these inputs (written whole, then renamed), and drops all but the newest few. */
export function keepSnapshot(digest: string, bytes: Buffer): string | null {
  if (!enabled()) return null;
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = fileFor(digest);
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  const snapshots = readdirSync(CACHE_DIR)
    .filter((name) => name.startsWith("pglite-seeded-") && name.endsWith(".tar"))
    .map((name) => path.join(CACHE_DIR, name))
    .filter((other) => other !== file)
    .map((other) => ({ other, used: statSync(other, { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => b.used - a.used);
  for (const { other } of snapshots.slice(KEEP - 1)) rmSync(other, { force: true });
  return file;
}

/**
 * A run's own name for the snapshot it uses, until its teardown: the run's test files open the snapshot one
 * after another for many minutes, while runs in other worktrees that share this directory keep their own
 * newest few and drop the rest (a whole run once lost its snapshot that way, and 87 files failed to open
 * their database). A hard link costs nothing and keeps the bytes when the kept name is dropped; the
 * keeping (`keptSnapshot`, `keepSnapshot`) does not count held names. Held names older than a day (a run
 * that was killed) are removed by the next run that holds one.
 */
export function holdSnapshot(file: string, runId: string): { file: string; release(): void } {
  // The time is in the name: hard links share one inode, so they share its modification time too.
  const held = `${file}.held-${Date.now()}-${runId}`;
  try {
    linkSync(file, held);
  } catch {
    copyFileSync(file, held);
  }
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of readdirSync(path.dirname(file))) {
    const since = Number(/\.held-(\d+)-/.exec(name)?.[1] ?? Number.NaN);
    if (since < dayAgo) rmSync(path.join(path.dirname(file), name), { force: true });
  }
  return { file: held, release: () => rmSync(held, { force: true }) };
}
