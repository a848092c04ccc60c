import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { sentenceEncoder } from "../server/platform/embeddings/index.ts";

/**
 * The main thread's event-loop delay while the sentence encoder loads cold and embeds its first
 * query (issue 32: the encoder runs in a worker thread, so a query never blocks the loop). A 10 ms
 * timer measures the longest gap between its ticks; `monitorEventLoopDelay` gives the percentiles.
 * `npx tsx bench/encoder-event-loop.ts`
 */
export async function measureEncoderEventLoop(): Promise<{
  coldMs: number;
  maxGapMs: number;
  p99Ms: number;
  utilisation: number;
}> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let last = performance.now();
  let maxGap = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
  }, 10);
  const elu = performance.eventLoopUtilization();
  const started = performance.now();
  await sentenceEncoder().embed(["summarise youtube videos into notes"]);
  const coldMs = performance.now() - started;
  const busy = performance.eventLoopUtilization(elu).utilization;
  clearInterval(ticker);
  histogram.disable();
  return { coldMs, maxGapMs: maxGap, p99Ms: histogram.percentile(99) / 1e6, utilisation: busy };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureEncoderEventLoop();
  console.log(JSON.stringify(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Math.round(v * 100) / 100]))));
  process.exit(0);
}
