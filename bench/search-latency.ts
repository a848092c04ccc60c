import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { z } from "zod";
import {
  countTools,
  getTool,
  getToolPage,
  listCategories,
  listTools,
  ToolListParams,
} from "../server/modules/catalog/index.ts";
import { type Db, queryRows, sql } from "../server/platform/db/index.ts";
import { summarize } from "./stats.ts";
import type { BenchQuery } from "./vocabulary.ts";

/** Sequential search latency: one query at a time, through the module function and through HTTP. */

/** `cached`: the API answered from its response cache (X-Cache: HIT), so `ms` timed no search. */
export type Timed = BenchQuery & { ms: number; total: number; cached?: boolean };

export async function timeModule(db: Db, queries: BenchQuery[]): Promise<Timed[]> {
  const out: Timed[] = [];
  for (const query of queries) {
    const started = performance.now();
    const page = await listTools(db, ToolListParams.parse({ q: query.q }));
    out.push({ ...query, ms: performance.now() - started, total: page.pagination.total });
  }
  return out;
}

export async function timeHttp(baseUrl: string, queries: BenchQuery[]): Promise<Timed[]> {
  const out: Timed[] = [];
  for (const query of queries) {
    const url = `${baseUrl}/api/tools?q=${encodeURIComponent(query.q)}`;
    for (let attempt = 1; ; attempt++) {
      // Let overdue timers run first: after a long busy stretch (PGlite blocks the event loop) the
      // client's keep-alive pool may otherwise hand out a socket the server is about to close.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const started = performance.now();
      try {
        const res = await fetch(url);
        const body = (await res.json()) as { pagination?: { total: number } };
        const ms = performance.now() - started;
        if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
        out.push({ ...query, ms, total: body.pagination?.total ?? 0, cached: res.headers.get("x-cache") === "HIT" });
        break;
      } catch (err) {
        // A reset keep-alive socket is the client's problem, not the search's: retry once, untimed.
        if (attempt >= 2 || !(err instanceof TypeError)) throw err;
      }
    }
  }
  return out;
}

/** The exact SQL a module function sends, captured by wrapping db.execute. */
export async function captureSql(db: Db, run: (db: Db) => Promise<unknown>): Promise<SQL[]> {
  const captured: SQL[] = [];
  const recording = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "execute") {
        return (query: SQL) => {
          captured.push(query);
          return target.execute(query);
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  await run(recording);
  return captured;
}

export type Explained = { title: string; statements: { sql: string; params: unknown[]; plan: string }[] };

/** EXPLAIN (ANALYZE, BUFFERS) of every statement `run` sends (for listTools: the count, then the page). */
export async function explain(db: Db, title: string, run: (db: Db) => Promise<unknown>): Promise<Explained> {
  const dialect = new PgDialect();
  const statements: Explained["statements"] = [];
  for (const query of await captureSql(db, run)) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const rows = await queryRows(db, sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`, z.object({ "QUERY PLAN": z.string() }));
    statements.push({
      sql: text.replace(/\s+/g, " ").trim(),
      params,
      plan: rows.map((r) => Object.values(r)[0]).join("\n"),
    });
  }
  return { title, statements };
}

export const explainSearch = (db: Db, title: string, q: string) =>
  explain(db, title, (d) => listTools(d, ToolListParams.parse({ q })));

export type OperationTiming = { name: string; runs: number; p50: number; p95: number; max: number };

/**
 * What the pages cost in the database, one call at a time: the root loader's category list (on
 * every page), the default /tools listing, one tool by slug, the health count.
 */
export async function timeOperations(db: Db, slugs: string[], runs: number): Promise<OperationTiming[]> {
  const operations: [string, (i: number) => Promise<unknown>][] = [
    ["listCategories (root loader: every page; /tools runs it twice)", () => listCategories(db)],
    ["listTools, no filters (/tools list)", () => listTools(db, ToolListParams.parse({}))],
    ["getTool by slug", (i) => getTool(db, slugs[i % slugs.length] as string)],
    [
      "getToolPage by slug (/tools/{slug} loader: tool + alternatives)",
      (i) => getToolPage(db, slugs[i % slugs.length] as string, { now: new Date() }),
    ],
    ["countTools (/api/health)", () => countTools(db)],
  ];
  const out: OperationTiming[] = [];
  for (const [name, run] of operations) {
    await run(0);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await run(i + 1);
      times.push(performance.now() - started);
    }
    const s = summarize(times);
    out.push({ name, runs, p50: s.p50, p95: s.p95, max: s.max });
  }
  return out;
}
