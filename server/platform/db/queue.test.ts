import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { createQueue, overloadScope } from "./queue.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the bounded queue in front of PGlite", () => {
  it("runs one operation at a time, in order", async () => {
    const queue = createQueue({ maxQueued: 10, maxWaitMs: 1_000 });
    const order: string[] = [];
    const op = (name: string, ms: number) =>
      queue.run(async () => {
        order.push(`start ${name}`);
        await sleep(ms);
        order.push(`end ${name}`);
        return name;
      });
    expect(await Promise.all([op("a", 20), op("b", 1), op("c", 1)])).toEqual(["a", "b", "c"]);
    expect(order).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect(queue.stats()).toMatchObject({ active: 0, queued: 0, maxQueuedSeen: 2, rejected: 0, timedOut: 0 });
  });

  it("refuses work past the queue's length at once, and gives up after the longest wait, with 503s", async () => {
    const queue = createQueue({ maxQueued: 1, maxWaitMs: 30 });
    const scope = { overloaded: false };
    const slow = queue.run(() => sleep(100));
    const waits = queue.run(async () => "late");
    const refused = await overloadScope.run(scope, () => queue.run(async () => "never").catch((e: unknown) => e));
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(503);
    expect((refused as AppError).details).toEqual({ retryAfterSec: 1 });
    expect(scope.overloaded).toBe(true);
    await expect(waits).rejects.toMatchObject({ status: 503 });
    await slow;
    expect(queue.stats()).toMatchObject({ rejected: 1, timedOut: 1, queued: 0, active: 0 });
    // Free again: the next operation runs.
    expect(await queue.run(async () => "ok")).toBe("ok");
  });

  it("releases the queue when an operation fails", async () => {
    const queue = createQueue({ maxQueued: 5, maxWaitMs: 1_000 });
    await expect(queue.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await queue.run(async () => 1)).toBe(1);
  });
});
