/**
 * Lets the event loop run what is waiting (requests, timers, I/O) before going on. Jobs run in the web
 * process: a loop over the whole catalogue calls this every few thousand rows, so a request never waits
 * for the loop to finish (at 100,000 tools one such loop held the process for minutes).
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
