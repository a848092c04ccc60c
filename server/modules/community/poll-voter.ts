import { randomUUID } from "node:crypto";

/** Visitors vote once per poll by this first-party cookie (a random id, HttpOnly, one year). */
export const POLL_VOTER_COOKIE = "ts_voter";
const VOTER_ID = /^[A-Za-z0-9_-]{16,64}$/;

export function readVoterCookie(cookieHeader: string | null): string | null {
  const m = new RegExp(`(?:^|;\\s*)${POLL_VOTER_COOKIE}=([^;]+)`).exec(cookieHeader ?? "");
  const id = m?.[1] ?? null;
  return id && VOTER_ID.test(id) ? id : null;
}

export function newVoterId(): string {
  return randomUUID().replaceAll("-", "");
}

export function voterCookie(id: string, secure: boolean): string {
  return `${POLL_VOTER_COOKIE}=${id}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * A member votes by account, a visitor by a first-party cookie. A member's browser carries the cookie
 * too (`browserId`): one vote per poll per account and per browser, so voting signed out and again
 * signed in (or the other way round) on one browser counts once (issue 21).
 */
export type Voter = { userId: string; browserId?: string | null } | { visitorId: string };
export const voterKey = (v: Voter) => ("userId" in v ? `user:${v.userId}` : `visitor:${v.visitorId}`);
export const browserOf = (v: Voter) => ("userId" in v ? (v.browserId ?? null) : v.visitorId);
