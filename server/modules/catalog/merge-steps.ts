import type { Db } from "../../platform/db/index.ts";

/**
 * Merging duplicate tool A into B (issue 13) must account for every row that points at A: saves,
 * clicks, reviews, votes, list items, polls, corrections… Each module that owns such rows exports its
 * steps as data (`catalogMergeSteps`, `communityMergeSteps`, …); `server/process/server.ts` assembles them once
 * at startup into `services.toolMergeSteps`, in order, and the merge runs them inside its transaction,
 * before A is archived and redirected (ADR 0033). Nothing registers itself by being imported.
 *
 * Every step names the tables it handles. A step with `run` moves (or merges, or drops) A's rows and
 * reports how many, so the merge can show and test "nothing lost"; it resolves conflicts itself (a
 * member who reviewed both A and B keeps one review: the newer). A step with `keep` moves nothing: the
 * rows stay with the archived A, for the reason it gives. `tests/integration/merge-coverage.db.test.ts`
 * reads the database's foreign keys to `tools(id)` and fails when a table is named by no step, so a
 * table added later cannot be forgotten.
 */
export type ToolMergeStep =
  | {
      name: string;
      tables: readonly string[];
      /** `now`: the merge's time from the clock, for anything the step dates or counts as of now */
      run(tx: Db, fromToolId: string, intoToolId: string, now: Date): Promise<{ moved: number; dropped?: number }>;
    }
  | {
      name: string;
      tables: readonly string[];
      /** why A's rows in these tables stay with the archived A */
      keep: string;
    };

/** The steps that move rows, in order (the `keep` ones only document a decision). */
export function runnableSteps(steps: readonly ToolMergeStep[]) {
  return steps.flatMap((s) => ("run" in s ? [s] : []));
}

/** Every table the steps account for, and which step names it (a table named twice is a mistake). */
export function mergeStepTables(steps: readonly ToolMergeStep[]): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  for (const step of steps) for (const t of step.tables) tables.set(t, [...(tables.get(t) ?? []), step.name]);
  return tables;
}
