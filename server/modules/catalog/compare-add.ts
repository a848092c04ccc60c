// Adding to a compare list and the cap message: only the compare sheet and the /compare page need
// them, so they are not in the compare rules every page loads with the Compare button (see
// vite.config.ts, FRAME_THROUGH_DOORS).

/**
 * The spec's message: 'You can compare up to N tools. Add M more tool(s) for a complete comparison.'
 *
 * How we read N and M: N is the tier's cap; M is how many slots are still free (cap − tools in the
 * list). The first sentence states the limit; the second invites filling the free slots. So while
 * the list is below the cap the whole message is the drawer's hint (1 of 2 → "… Add 1 more
 * tool(s) …"). At the cap M is 0 and "Add 0 more" would be nonsense, so the refusal shown when a
 * tool is added to a full list keeps the first sentence and says what to do instead.
 */
export function compareCapMessage(cap: number, count: number): string {
  const limit = `You can compare up to ${cap} tools.`;
  const free = cap - count;
  return free > 0
    ? `${limit} Add ${free} more tool(s) for a complete comparison.`
    : `${limit} Remove a tool to add another.`;
}

export type CompareAddResult =
  | { ok: true; ids: string[] }
  | { ok: false; reason: "already-added"; ids: string[] }
  | { ok: false; reason: "cap"; ids: string[]; message: string };

/** Adds a tool id to a compare list unless it is already there or the list is at the cap. */
export function addToCompare(ids: readonly string[], id: string, cap: number): CompareAddResult {
  if (ids.includes(id)) return { ok: false, reason: "already-added", ids: [...ids] };
  if (ids.length >= cap)
    return { ok: false, reason: "cap", ids: [...ids], message: compareCapMessage(cap, ids.length) };
  return { ok: true, ids: [...ids, id] };
}
