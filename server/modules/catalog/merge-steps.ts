import type { Db } from "../../platform/db/index.ts";

/**
 * Merging duplicate tool A into B (issue 13) must move every row that points at A: saves, clicks,
 * reviews, votes, list items, polls, corrections… Each module that owns such rows registers one
 * step here at import time (its index.ts), so the merge never forgets a table added later. Steps run
 * inside the merge's transaction, in registration order, before A is archived and redirected.
 * A step must resolve conflicts itself (a member who reviewed both A and B keeps one review: the
 * newer), and report how many rows it moved so the merge can show and test "nothing lost".
 */
export type ToolMergeStep = {
  name: string;
  run(tx: Db, fromToolId: string, intoToolId: string): Promise<{ moved: number; dropped?: number }>;
};

const steps: ToolMergeStep[] = [];

export function registerToolMergeStep(step: ToolMergeStep): void {
  const existing = steps.findIndex((s) => s.name === step.name);
  if (existing >= 0) steps[existing] = step;
  else steps.push(step);
}

export function toolMergeSteps(): readonly ToolMergeStep[] {
  return steps;
}
