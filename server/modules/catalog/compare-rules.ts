/**
 * The comparison rules, shared by the server (API, /compare page) and the browser (the drawer).
 * This file must stay pure: no imports, no I/O, so the client bundle can take it as it is.
 */

export type MemberTier = "free" | "standard" | "expert";

/**
 * How many tools a tier may compare at once (spec sections 6 and 9, READING §3: 2 / 5 / 10).
 * A visitor (no account) has the default, the same as free.
 */
export const COMPARE_CAPS: Readonly<Record<MemberTier, number>> = { free: 2, standard: 5, expert: 10 };
export const DEFAULT_COMPARE_CAP = 2;
/** The most any tier may compare; also the most ids one request or URL may carry. */
export const MAX_COMPARE_TOOLS = Math.max(...Object.values(COMPARE_CAPS));

/** The cap for a tier; `null`/`undefined` is a visitor. */
export function compareCap(tier: MemberTier | null | undefined): number {
  return tier ? COMPARE_CAPS[tier] : DEFAULT_COMPARE_CAP;
}

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
