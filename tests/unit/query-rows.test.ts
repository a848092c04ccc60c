import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkedRows, checkRows, RowShapeError } from "../../server/platform/db/rows.ts";
import { pendingList, sourceFiles } from "../helpers/scan.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("queryRows row schemas", () => {
  const Row = z.object({ id: z.string(), n: z.number(), at: z.date().nullable() });
  const query = sql`SELECT id, count(*)::int AS n, max(at) AS at FROM t GROUP BY id`;

  it("returns the driver's rows unchanged when they match", () => {
    const rows = [
      { id: "a", n: 1, at: null },
      { id: "b", n: 2, at: new Date(0) },
    ];
    expect(checkedRows(rows, Row, query)).toBe(rows);
  });

  it("names the statement, the row and the field when a row does not match", () => {
    // what node-postgres gives for an uncast count(*): a string
    const rows = [{ id: "a", n: "1", at: null }] as unknown as z.infer<typeof Row>[];
    expect(() => checkedRows(rows, Row, query)).toThrow(RowShapeError);
    try {
      checkedRows(rows, Row, query);
    } catch (err) {
      expect((err as RowShapeError).message).toMatch(/Row 0 of "SELECT id, count\(\*\)::int AS n/);
      expect((err as RowShapeError).issue).toMatch(/^n: /);
    }
  });

  it("checks outside production and when asked; production trusts the schema", () => {
    expect(checkRows({ NODE_ENV: "test" })).toBe(true);
    expect(checkRows({ NODE_ENV: "production" })).toBe(false);
    expect(checkRows({ NODE_ENV: "production", ROW_CHECK: "1" })).toBe(true);
    expect(checkRows({ NODE_ENV: "development", ROW_CHECK: "0" })).toBe(false);
  });
});

const PENDING = pendingList(path.join(ROOT, "tests/unit/query-rows.pending.txt"));

const BARE = /(?<!function )\bqueryRows</;

describe("queryRows call sites pass a row schema", () => {
  const files = ["server", "app", "scripts", "bench"].flatMap((d) =>
    sourceFiles(path.join(ROOT, d)).map((f) => path.relative(ROOT, f)),
  );
  it("no file outside the pending list gives queryRows a bare row type", () => {
    const offenders = files.filter((f) => !PENDING.has(f) && BARE.test(readFileSync(path.join(ROOT, f), "utf8")));
    expect(offenders).toEqual([]);
  });
  it("the pending list names only files that still need converting", () => {
    const done = [...PENDING].filter((file) => {
      try {
        return !BARE.test(readFileSync(path.join(ROOT, file), "utf8"));
      } catch {
        return true;
      }
    });
    expect(done, "converted (or removed): take them off tests/unit/query-rows.pending.txt").toEqual([]);
  });
  it("every call in server/, app/, scripts/ and bench/ passes a row schema (the bare overload is for tests)", () => {
    const bare: string[] = [];
    for (const file of files) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      if (!text.includes("queryRows(")) continue;
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node) => {
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "queryRows") {
          if (node.arguments.length < 3) {
            bare.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(bare).toEqual([]);
  });
});
