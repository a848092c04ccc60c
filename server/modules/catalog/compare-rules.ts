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
