import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import { AggregatorRegistry, type Registry } from "prom-client";
import type { Logger } from "./logger.ts";

/**
 * One worker per core (issue 23): with PostgreSQL, `npm start` can fork `WEB_CONCURRENCY` workers
 * that share the port (node:cluster). Everything they share lives in PostgreSQL already (sessions,
 * rate limits, the content and viewer versions, jobs with SKIP LOCKED; ADR 0008), so a worker is an
 * instance like any other. The first worker migrates and seeds alone; the others start after it
 * listens. A worker that dies is replaced; SIGTERM/SIGINT stops each worker gracefully (its own
 * shutdown: in-flight requests, jobs, tallies) before the primary exits. `/metrics` on any worker
 * answers the whole process group's figures (prom-client's AggregatorRegistry, asked through the
 * primary). PGlite is one process (an embedded database cannot be shared): no workers.
 */
export const WORKER_ROLE = "TOOLSCAPE_WORKER_ROLE";

/** How many workers to run: 1 without PostgreSQL; else WEB_CONCURRENCY (`auto`: one per core). */
export function workerCount(env: { DATABASE_URL?: string; WEB_CONCURRENCY?: string }): number {
  if (!env.DATABASE_URL) return 1;
  const value = env.WEB_CONCURRENCY?.trim();
  if (!value) return 1;
  if (value === "auto") return os.availableParallelism();
  return Math.max(1, Math.min(64, Number(value)));
}

const METRICS_REQ = "toolscape:metrics-req";
const METRICS_RES = "toolscape:metrics-res";

/** The primary: forks the workers, replaces those that die, stops them on SIGTERM/SIGINT. */
export function runPrimary(count: number, logger: Logger): void {
  const aggregator = new AggregatorRegistry();
  let stopping = false;
  const fork = (role: "first" | "extra"): Worker => cluster.fork({ [WORKER_ROLE]: role });
  // A worker asks for the group's metrics; the primary gathers them from every worker.
  cluster.on("message", (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== METRICS_REQ) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: METRICS_RES, id: message.id, text }),
      (err: Error) => worker.isConnected() && worker.send({ type: METRICS_RES, id: message.id, error: err.message }),
    );
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    logger.error("worker exited; starting another", { pid: worker.process.pid, code, signal });
    fork("extra");
  });
  const first = fork("first");
  first.once("listening", () => {
    for (let i = 1; i < count; i++) fork("extra");
    logger.info("workers started", { workers: count });
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info("stopping workers", { signal });
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    let left = workers.length;
    if (!left) process.exit(0);
    let failed = false;
    for (const w of workers) {
      w.once("exit", (code) => {
        if (code !== 0) failed = true;
        if (--left === 0) process.exit(failed ? 1 : 0);
      });
      w.process.kill("SIGTERM");
    }
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}

let nextId = 0;
const pending = new Map<number, { resolve(text: string): void; reject(err: Error): void }>();
let listening = false;

/** In a worker: this registry is what it contributes to the group's metrics. */
export function contributeMetrics(registry: Registry): void {
  if (!cluster.isWorker) return;
  AggregatorRegistry.setRegistries([registry]);
  new AggregatorRegistry(); // answers the primary's requests for this worker's figures
  if (listening) return;
  listening = true;
  process.on("message", (message: { type?: string; id?: number; text?: string; error?: string }) => {
    if (message?.type !== METRICS_RES || message.id === undefined) return;
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (message.error) waiter?.reject(new Error(message.error));
    else waiter?.resolve(message.text ?? "");
  });
}

/** In a worker: the whole group's metrics in Prometheus' text format (null outside a cluster). */
export function groupMetrics(): Promise<string> | null {
  if (!cluster.isWorker || !process.send) return null;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error("metrics: the primary did not answer"));
    }, 6_000);
    pending.set(id, {
      resolve: (text) => {
        clearTimeout(timer);
        resolve(text);
      },
      reject: (err) => {
        clearTimeout(timer);
        reject(err);
      },
    });
    process.send?.({ type: METRICS_REQ, id });
  });
}
