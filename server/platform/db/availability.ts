import { type Db, sql } from "./index.ts";
import { lostConnectionRecently, lostConnectionSince, noteConnectionLost } from "./outage.ts";

/**
 * Telling "the database is unreachable for a moment" (PostgreSQL restarting, a failover, the
 * network) from a bug, so the first is answered 503 with Retry-After and the second stays a 500.
 */

/** SQLSTATE classes/codes that mean the connection, not the query, failed. */
const CONNECTION_SQLSTATE = /^(08|57P0[1-3]|53300)/;
/** Node socket errors on the way to the server. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
]);
/** node-postgres' own messages for a lost or impossible connection (they carry no code). */
const CONNECTION_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command/i;

/** True when err (or any error in its cause chain) says the database could not be reached. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 6; depth++) {
    if (typeof current !== "object") return false;
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof e.code === "string" && (SOCKET_CODES.has(e.code) || CONNECTION_SQLSTATE.test(e.code))) return true;
    if (typeof e.message === "string" && CONNECTION_MESSAGE.test(e.message)) return true;
    // AggregateError (a connect to every address of a host failed)
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = e.cause;
  }
  return false;
}

export const DATABASE_UNAVAILABLE = "The database is unavailable for a moment. Please try again in a few seconds.";
/** Seconds a client is asked to wait before retrying while the database is unreachable. */
export const RETRY_AFTER_SEC = 2;

/**
 * Whether the database answers `SELECT 1` within timeoutMs. Used by the readiness check and to
 * tell a 500 caused by an outage from a bug; concurrent callers share one probe for `shareMs`.
 */
export function createDatabaseProbe(db: Db, options: { timeoutMs?: number; shareMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? 2_000;
  const shareMs = options.shareMs ?? 250;
  let last: { at: number; result: Promise<ProbeResult> } | null = null;
  const run = async (): Promise<ProbeResult> => {
    const started = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        db.execute(sql`SELECT 1`),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return { ok: true, ms: Math.round(performance.now() - started) };
    } catch (err) {
      noteConnectionLost(db);
      return { ok: false, ms: Math.round(performance.now() - started), error: describeCause(err) };
    } finally {
      clearTimeout(timer);
    }
  };
  return (): Promise<ProbeResult> => {
    const now = Date.now();
    if (!last || now - last.at > shareMs) last = { at: now, result: run() };
    return last.result;
  };
}

export type ProbeResult = { ok: boolean; ms: number; error?: string };

function describeCause(err: unknown): string {
  let current: unknown = err;
  // The innermost cause says what happened (drizzle wraps the driver's error).
  while (current && typeof current === "object" && (current as { cause?: unknown }).cause) {
    current = (current as { cause?: unknown }).cause;
  }
  const e = current as { code?: unknown; message?: unknown } | null;
  const message = typeof e?.message === "string" && e.message ? e.message : String(current);
  return typeof e?.code === "string" ? `${e.code}: ${message}` : message;
}

const probes = new WeakMap<object, () => Promise<ProbeResult>>();

/** The shared probe of one database (one per Db object, so concurrent checks share a query). */
export function probeDatabase(db: Db): Promise<ProbeResult> {
  let probe = probes.get(db);
  if (!probe) {
    probe = createDatabaseProbe(db);
    probes.set(db, probe);
  }
  return probe();
}

/**
 * Whether a request that failed on our side did so because of the database: it cannot be reached
 * now, or it dropped connections moments ago (a PostgreSQL restart), which would have failed it.
 */
export async function failedForDatabase(db: Db, requestStartedAt?: number): Promise<boolean> {
  // A request that waited long (a queue while the database was away) counts from its own start.
  if (lostConnectionRecently(db)) return true;
  if (requestStartedAt !== undefined && lostConnectionSince(db, requestStartedAt - 5_000)) return true;
  return !(await probeDatabase(db)).ok;
}
