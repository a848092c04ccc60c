import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { MIGRATIONS_DIR } from "../paths.ts";
import { lockDataDir } from "./lock.ts";
import { noteConnectionLost } from "./outage.ts";
import { createQueue, type QueueLimits, type QueueStats } from "./queue.ts";
import { checkedRows, checkRows, type RowSchema } from "./rows.ts";
/**
 * The database as module code sees it. No schema is bound to it: each module owns its tables
 * (`server/modules/<name>/tables.ts`, the platform's in ./tables.ts) and passes them to the query
 * builder; Drizzle's relational `db.query` API, the only thing a bound schema adds, is not used.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Engine = "pglite" | "postgres";

/**
 * `db.transaction` with the transaction typed as a `Db`, so module functions that take a `Db` run
 * inside it unchanged (the one cast lives here; issue 19). New code uses this instead of
 * `db.transaction(async (txRaw) => { const tx = txRaw as unknown as Db; … })`.
 */
export function transaction<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => run(tx as unknown as Db));
}

/** A unique constraint refused the write (PostgreSQL 23505), directly or as the cause of a wrapped error. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** For metrics: PGlite's queue, or PostgreSQL's pool. */
export type DbStats =
  | ({ engine: "pglite" } & QueueStats)
  | { engine: "postgres"; totalCount: number; idleCount: number; waitingCount: number };

export type Database = {
  db: Db;
  engine: Engine;
  migrate(): Promise<void>;
  close(): Promise<void>;
  stats(): DbStats;
  /** PGlite: the bounded queue's limits (no effect on PostgreSQL, whose pool queues). */
  configureQueue(limits: Partial<QueueLimits>): void;
};

/** `pgliteData`: a data directory's tarball to start from (a Blob, or its bytes, which are read and never changed). */
export type OpenOptions =
  | { url: string; poolSize?: number }
  | { pgliteDir?: string; pgliteData?: Blob | Uint8Array<ArrayBuffer> };

const pgliteExtensions = { pg_trgm, unaccent };

/**
 * PGlite reads what it is given through `arrayBuffer()` alone. Node 20 reads a real Blob's bytes in
 * 64 KB pieces and joins them, which was about a third of opening a 75 MB snapshot (tests open one per
 * file): bytes already in memory are handed over as they are. PGlite copies each file out of them.
 */
function asBlob(bytes: Uint8Array<ArrayBuffer>): Blob {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const buffer = whole ? bytes.buffer : bytes.slice().buffer;
  return { type: "", size: buffer.byteLength, arrayBuffer: async () => buffer } as unknown as Blob;
}

/** PGlite's file-system bundle (its share/ files, 6 MB), read once per process instead of once per open. */
let fsBundle: Blob | undefined;
function pgliteFsBundle(): Blob {
  fsBundle ??= asBlob(
    readFileSync(
      path.join(path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")), "pglite.data"),
    ),
  );
  return fsBundle;
}

/** Opens PostgreSQL when a URL is given, else PGlite (in memory, or persisted in pgliteDir). */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if ("url" in options) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // While the server is unreachable a request waits at most this long for a connection, then
      // fails (answered 503 with Retry-After) instead of queueing without bound.
      connectionTimeoutMillis: 5_000,
    });
    // A dropped connection in the idle pool (PostgreSQL restarted, network cut) must not crash the
    // process; the pool discards it and opens a new one on the next query, so no restart is needed.
    pool.on("error", () => noteConnectionLost(db));
    // The pool only listens while a client is idle. A client checked out (a transaction between two
    // statements) whose server session is terminated emits "error" with no listener, which would
    // crash the process: the statement waiting on it fails instead, and the pool drops the client.
    pool.on("connect", (client) => {
      client.on("error", () => noteConnectionLost(db));
    });
    const db = drizzleNodePg(pool) as unknown as Db;
    return {
      db,
      engine: "postgres",
      migrate: () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
      stats: () => ({
        engine: "postgres",
        totalCount: pool.totalCount,
        idleCount: pool.idleCount,
        waitingCount: pool.waitingCount,
      }),
      configureQueue: () => {},
    };
  }
  let unlock = () => {};
  if (options.pgliteDir) {
    mkdirSync(options.pgliteDir, { recursive: true });
    unlock = lockDataDir(options.pgliteDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: options.pgliteDir,
      loadDataDir: options.pgliteData instanceof Uint8Array ? asBlob(options.pgliteData) : options.pgliteData,
      fsBundle: pgliteFsBundle(),
      extensions: pgliteExtensions,
    });
  } catch (err) {
    unlock();
    throw err;
  }
  // Every statement (and every transaction, whole) passes the bounded queue.
  const queue = createQueue();
  const raw = { query: client.query.bind(client), exec: client.exec.bind(client), tx: client.transaction.bind(client) };
  client.query = ((...args: Parameters<PGlite["query"]>) => queue.run(() => raw.query(...args))) as PGlite["query"];
  client.exec = ((...args: Parameters<PGlite["exec"]>) => queue.run(() => raw.exec(...args))) as PGlite["exec"];
  client.transaction = ((...args: Parameters<PGlite["transaction"]>) =>
    queue.run(() => raw.tx(...args))) as PGlite["transaction"];
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    engine: "pglite",
    stats: () => ({ engine: "pglite", ...queue.stats() }),
    configureQueue: (limits) => queue.configure(limits),
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

/**
 * Raw SQL returning rows, the same on both drivers. The row type comes from a zod row schema
 * (issue 19), not a bare cast: `queryRows(db, sql\`SELECT count(*)::int AS n …\`, z.object({ n: z.number() }))`.
 * The schema describes what the driver returns (no transforms or coercion: its input type must equal
 * its output type), and it is checked — every row parsed — outside production (tests on both engines,
 * development) or with ROW_CHECK=1; production trusts it and pays nothing on the hot paths.
 * A row that does not match throws a RowShapeError naming the statement and the first issue.
 */
export async function queryRows<T>(db: Db, query: SQL, row: RowSchema<T>): Promise<T[]>;
/**
 * A bare cast, for tests' ad-hoc reads only: tests/unit/query-rows.test.ts fails when server/, app/,
 * scripts/ or bench/ call queryRows without a row schema.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]>;
export async function queryRows<T>(db: Db, query: SQL, row?: RowSchema<T>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  if (row && checkRows()) return checkedRows(result.rows, row, query);
  return result.rows;
}

export { type RowSchema, RowShapeError } from "./rows.ts";
export { sql };
