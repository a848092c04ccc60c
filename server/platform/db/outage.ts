/**
 * When each database last showed a lost connection (the pool's clients report it; so do failed
 * probes and requests). A request that failed with a generic 500 just after PostgreSQL dropped its
 * sessions (a restart cuts every open session: the failing query's error may have been turned into
 * a page error by React Router or better-auth) is then answered 503 "try again", like the others.
 */
const lastSeen = new WeakMap<object, number>();

export function noteConnectionLost(db: object, at = Date.now()): void {
  lastSeen.set(db, at);
}

/** True when db lost a connection within the last `withinMs`. */
export function lostConnectionRecently(db: object, withinMs = 10_000, now = Date.now()): boolean {
  const at = lastSeen.get(db);
  return at !== undefined && now - at <= withinMs;
}

/** True when db lost a connection at or after `since` (ms since the epoch). */
export function lostConnectionSince(db: object, since: number): boolean {
  const at = lastSeen.get(db);
  return at !== undefined && at >= since;
}
