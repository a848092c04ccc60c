import { mkdirSync } from "node:fs";
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
import * as schema from "./schema.ts";

export { schema };
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Engine = "pglite" | "postgres";

export type Database = {
  db: Db;
  engine: Engine;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type OpenOptions = { url: string; poolSize?: number } | { pgliteDir?: string; pgliteData?: Blob };

const pgliteExtensions = { pg_trgm, unaccent };

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
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      engine: "postgres",
      migrate: () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
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
      loadDataDir: options.pgliteData,
      extensions: pgliteExtensions,
    });
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: "pglite",
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

/** Raw SQL returning rows, the same on both drivers. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export { sql };
