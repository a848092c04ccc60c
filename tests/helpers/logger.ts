import type { Logger } from "../../server/platform/logger.ts";

export type LogEntry = { level: "debug" | "info" | "warn" | "error"; msg: string; fields: Record<string, unknown> };

/** A logger that keeps every entry (and its children's) in memory, for tests that check what was logged. */
export function createRecordingLogger(base: Record<string, unknown> = {}, entries: LogEntry[] = []) {
  const write = (level: LogEntry["level"]) => (msg: string, fields?: Record<string, unknown>) => {
    entries.push({ level, msg, fields: { ...base, ...fields } });
  };
  const logger: Logger & { entries: LogEntry[] } = {
    entries,
    debug: write("debug"),
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    child: (fields) => createRecordingLogger({ ...base, ...fields }, entries),
  };
  return logger;
}
