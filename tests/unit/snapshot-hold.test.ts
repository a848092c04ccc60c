import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { holdSnapshot } from "../helpers/seed-snapshot-cache.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it("a held snapshot outlives its kept name until the run releases it", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "snapshot-hold-"));
  dirs.push(dir);
  const kept = path.join(dir, "pglite-seeded-abc.tar");
  writeFileSync(kept, "seeded bytes");
  const held = holdSnapshot(kept, "run1");
  rmSync(kept); // another worktree's run keeps its own newest few and drops this one
  expect(readFileSync(held.file, "utf8")).toBe("seeded bytes");
  held.release();
  expect(existsSync(held.file)).toBe(false);
});

it("a held name left by a killed run is removed after a day by the next run that holds one", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "snapshot-hold-"));
  dirs.push(dir);
  const kept = path.join(dir, "pglite-seeded-abc.tar");
  writeFileSync(kept, "seeded bytes");
  const stale = `${kept}.held-${Date.now() - 25 * 3600_000}-killed`;
  writeFileSync(stale, "seeded bytes");
  const fresh = holdSnapshot(kept, "next");
  expect(existsSync(stale)).toBe(false);
  expect(existsSync(fresh.file)).toBe(true);
});
