type Level = "debug" | "info" | "warn" | "error" | "silent";
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type Logger = {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
};

/** One JSON line per event on stdout (errors on stderr), so logs are machine-readable. */
export function createLogger(level: Level = "info", base: Record<string, unknown> = {}): Logger {
  const min = order[level];
  const write = (lvl: Exclude<Level, "silent">, msg: string, fields?: Record<string, unknown>) => {
    if (order[lvl] < min) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...base, ...fields }, errorReplacer);
    (lvl === "error" ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return {
    debug: (m, f) => write("debug", m, f),
    info: (m, f) => write("info", m, f),
    warn: (m, f) => write("warn", m, f),
    error: (m, f) => write("error", m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }),
  };
}

/** The most of an error's message or stack a log line keeps. */
export const LOGGED_ERROR_CHARS = 2_000;

/**
 * A failed query's error carries its parameters (Drizzle: "Failed query: …\nparams: …"), which can
 * be a whole uploaded file: they are cut off, and messages and stacks capped, so a log line never
 * echoes a request's body (issue 31: one line held a 180 KB CSV).
 */
function shortened(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const params = text.indexOf("\nparams:");
  const kept = params >= 0 ? `${text.slice(0, params)}\nparams: [not logged]` : text;
  return kept.length > LOGGED_ERROR_CHARS ? `${kept.slice(0, LOGGED_ERROR_CHARS)}… [${kept.length} chars]` : kept;
}

function errorReplacer(_key: string, value: unknown) {
  if (value instanceof Error) {
    const { details, cause } = value as Error & { details?: unknown };
    return { name: value.name, message: shortened(value.message), stack: shortened(value.stack), details, cause };
  }
  return value;
}
