import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { withoutEntries } from "../helpers/compact-snapshot.ts";

// The archive is made by GNU tar in the ustar format PGlite writes, and read back by GNU tar.
const dir = mkdtempSync(path.join(os.tmpdir(), "compact-snapshot-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const make = (files: Record<string, string | Buffer>) => {
  const root = path.join(dir, "root");
  rmSync(root, { recursive: true, force: true });
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), body);
  }
  const file = path.join(dir, "in.tar");
  execFileSync("tar", ["--format=ustar", "-cf", file, "-C", root, ...Object.keys(files).sort()]);
  return readFileSync(file);
};
const list = (tar: Buffer) => {
  const file = path.join(dir, "out.tar");
  writeFileSync(file, tar);
  return execFileSync("tar", ["-tf", file], { encoding: "utf8" }).trim().split("\n").sort();
};

describe("withoutEntries", () => {
  it("drops the named entries and keeps the others byte for byte, whatever their size", () => {
    const big = Buffer.alloc(512 * 3 + 17, 7); // not a whole number of blocks
    const tar = make({
      "pg_wal/000000010000000000000004": big,
      "pg_wal/000000010000000000000005": big,
      "base/5/16603": "table",
      empty: "",
      "base/5/1249": big,
    });
    const out = withoutEntries(tar, (name) => name.endsWith("000000010000000000000005"));
    expect(list(out)).toEqual(["base/5/1249", "base/5/16603", "empty", "pg_wal/000000010000000000000004"]);
    expect(out.length).toBe(tar.length - 512 - 4 * 512);
    const file = path.join(dir, "check.tar");
    writeFileSync(file, out);
    expect(execFileSync("tar", ["-xOf", file, "base/5/1249"])).toEqual(big);
  });

  it("keeps everything when nothing is named, and reads a name longer than 100 bytes from its prefix", () => {
    const long = `${"d".repeat(80)}/${"e".repeat(60)}/file`;
    const tar = make({ [long]: "x", other: "y" });
    expect(withoutEntries(tar, () => false)).toEqual(tar);
    expect(list(withoutEntries(tar, (name) => name === long))).toEqual(["other"]);
  });
});
