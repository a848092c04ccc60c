import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mergeStepTables, type ToolMergeStep } from "../../server/modules/catalog/index.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * "The merge never forgets a table", checked (ADR 0033): every table with a foreign key to tools(id),
 * read from the database itself, is named by one of the merge steps the server assembled at startup
 * (`services.toolMergeSteps`) — moved, merged, dropped, or kept on the archived tool for a stated
 * reason. A feature that adds a table pointing at tools fails here until it adds a step.
 */
let server: TestServer;
let references: { table: string; column: string }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  references = await queryRows<{ table: string; column: string }>(
    server.services.db,
    sql`SELECT DISTINCT tc.table_name::text AS "table", kcu.column_name::text AS "column"
        FROM information_schema.table_constraints tc
        JOIN information_schema.key_column_usage kcu
          ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
        JOIN information_schema.constraint_column_usage ccu
          ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
        WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = 'public'
          AND ccu.table_name = 'tools' AND ccu.column_name = 'id'
        ORDER BY 1, 2`,
  );
});
afterAll(() => server?.close());

/** The tables pointing at tools that no step names. */
function uncovered(steps: readonly ToolMergeStep[]): string[] {
  const named = mergeStepTables(steps);
  return [...new Set(references.map((r) => r.table))].filter((t) => !named.has(t)).sort();
}

describe("tool-merge steps cover every table that points at a tool", () => {
  it("reads the foreign keys from the database", () => {
    const tables = references.map((r) => r.table);
    // A sample the schema has had since the first merges: if the query found none of them, it is broken.
    for (const t of ["saved_tools", "reviews", "top_list_items", "tool_facts", "tool_fact_history"]) {
      expect(tables).toContain(t);
    }
    expect(references.length).toBeGreaterThan(15);
  });

  it("every such table is named by a step", () => {
    expect(uncovered(server.services.toolMergeSteps), "add a merge step (moves or keeps) for each").toEqual([]);
  });

  it("fails when a step is removed", () => {
    for (const step of server.services.toolMergeSteps) {
      const without = server.services.toolMergeSteps.filter((s) => s !== step);
      const missing = step.tables.filter((t) => !without.some((s) => s.tables.includes(t)));
      expect(uncovered(without), step.name).toEqual([...missing].sort());
      expect(missing.length, `${step.name} names no table of its own`).toBeGreaterThan(0);
    }
  });

  it("each table is named once, and every named table really points at tools", () => {
    const named = mergeStepTables(server.services.toolMergeSteps);
    const twice = [...named].filter(([, steps]) => steps.length > 1).map(([t, steps]) => `${t}: ${steps.join(", ")}`);
    expect(twice).toEqual([]);
    const real = new Set(references.map((r) => r.table));
    expect([...named.keys()].filter((t) => !real.has(t))).toEqual([]);
  });

  it("step names are unique and every kept table says why", () => {
    const names = server.services.toolMergeSteps.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const step of server.services.toolMergeSteps) {
      if ("keep" in step) expect(step.keep.length, step.name).toBeGreaterThan(20);
    }
  });
});
