import { AsyncLocalStorage } from "node:async_hooks";
import { AppError } from "../errors.ts";

/**
 * PGlite runs one statement at a time. Under load, requests used to wait in its queue for seconds;
 * this bounded queue in front of it (one operation at a time: a query, an exec, or a whole
 * transaction) refuses work it cannot start soon: past `maxQueued` waiting operations, or after
 * `maxWaitMs` in the queue, the operation fails with a 503 AppError carrying `retryAfterSec`, which
 * the HTTP layer answers with `Retry-After`.
 */
export type QueueLimits = { maxQueued: number; maxWaitMs: number };
export type QueueStats = {
  /** operations running (0 or 1) */
  active: number;
  /** operations waiting now */
  queued: number;
  /** most operations ever waiting at once */
  maxQueuedSeen: number;
  /** refused at once (queue full) */
  rejected: number;
  /** given up after maxWaitMs */
  timedOut: number;
  limits: QueueLimits;
};

export const DEFAULT_QUEUE_LIMITS: QueueLimits = { maxQueued: 64, maxWaitMs: 1_500 };
const RETRY_AFTER_SEC = 1;

/** Marks the request an overload refusal happened in (the page layer turns its 500 into a 503). */
export const overloadScope = new AsyncLocalStorage<{ overloaded: boolean }>();

export function overloaded(): AppError {
  const scope = overloadScope.getStore();
  if (scope) scope.overloaded = true;
  return new AppError("unavailable", "The site is busy right now. Please try again in a moment.", {
    retryAfterSec: RETRY_AFTER_SEC,
  });
}

export function createQueue(initial: QueueLimits = DEFAULT_QUEUE_LIMITS) {
  let limits = { ...initial };
  let busy = false;
  const waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];
  const counters = { maxQueuedSeen: 0, rejected: 0, timedOut: 0 };

  const release = () => {
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
    } else {
      busy = false;
    }
  };

  async function run<T>(fn: () => Promise<T>): Promise<T> {
    if (busy) {
      if (waiting.length >= limits.maxQueued) {
        counters.rejected++;
        throw overloaded();
      }
      await new Promise<void>((resolve, reject) => {
        const entry = {
          start: resolve,
          timer: setTimeout(() => {
            const i = waiting.indexOf(entry);
            if (i >= 0) waiting.splice(i, 1);
            counters.timedOut++;
            reject(overloaded());
          }, limits.maxWaitMs),
        };
        waiting.push(entry);
        counters.maxQueuedSeen = Math.max(counters.maxQueuedSeen, waiting.length);
      });
    } else {
      busy = true;
    }
    try {
      return await fn();
    } finally {
      release();
    }
  }

  return {
    run,
    configure(next: Partial<QueueLimits>) {
      limits = { ...limits, ...next };
    },
    stats: (): QueueStats => ({ active: busy ? 1 : 0, queued: waiting.length, ...counters, limits: { ...limits } }),
  };
}
