/**
 * The link checker's one door to the outside world. The default talks HTTP with Node's fetch;
 * tests point tools at a local fixture server, or pass their own Fetcher (a network that is down).
 * Redirects are never followed here: the checker follows them itself, counting hops.
 */
export type FetchRequest = {
  url: string;
  method: "HEAD" | "GET";
  timeoutMs: number;
  /** the body is read up to this many bytes; more sets `truncated` (0: the body is not read) */
  maxBytes: number;
  userAgent: string;
  accept?: string;
};

export type FetchResponse = {
  status: number;
  /** lower-case header names */
  headers: Record<string, string>;
  body: Uint8Array;
  truncated: boolean;
};

/** dns and connect failures are what a network that is down looks like (ADR: the network-down rule) */
export type FetchErrorKind = "dns" | "connect" | "timeout" | "tls" | "other";

export class FetchError extends Error {
  readonly kind: FetchErrorKind;
  constructor(kind: FetchErrorKind, message: string) {
    super(message);
    this.name = "FetchError";
    this.kind = kind;
  }
}

export interface Fetcher {
  fetch(request: FetchRequest): Promise<FetchResponse>;
}

const DNS_CODES = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_NONAME", "EAI_FAIL"]);
const CONNECT_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
  "EHOSTDOWN",
  "EPIPE",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** Maps what fetch/undici throws to one of our kinds (the code sits on the error or its causes). */
export function classifyError(err: unknown, timedOut: boolean): FetchError {
  if (err instanceof FetchError) return err;
  if (timedOut) return new FetchError("timeout", "No answer within the time limit");
  for (let e: unknown = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const code = String((e as { code?: unknown }).code ?? "");
    const message = String((e as { message?: unknown }).message ?? "");
    if (DNS_CODES.has(code)) return new FetchError("dns", `The name does not resolve (${code})`);
    if (CONNECT_CODES.has(code)) return new FetchError("connect", `The connection failed (${code})`);
    if (/certificate|SSL|TLS|CERT_/i.test(code) || /certificate/i.test(message))
      return new FetchError("tls", `TLS failed (${code || message.slice(0, 80)})`);
  }
  const message = err instanceof Error ? err.message : String(err);
  return new FetchError("other", message.slice(0, 200) || "The request failed");
}

/** The real fetcher: Node's fetch with manual redirects, one deadline for headers and body. */
export function createHttpFetcher(): Fetcher {
  return {
    async fetch(req) {
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, req.timeoutMs);
      try {
        const res = await fetch(req.url, {
          method: req.method,
          redirect: "manual",
          signal: controller.signal,
          headers: {
            "User-Agent": req.userAgent,
            Accept: req.accept ?? "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5",
          },
        });
        const headers: Record<string, string> = {};
        res.headers.forEach((value, name) => {
          headers[name.toLowerCase()] = value;
        });
        const { body, truncated } = await readLimited(res, req.maxBytes, controller);
        return { status: res.status, headers, body, truncated };
      } catch (err) {
        throw classifyError(err, timedOut);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

async function readLimited(
  res: Response,
  maxBytes: number,
  controller: AbortController,
): Promise<{ body: Uint8Array; truncated: boolean }> {
  if (!res.body || maxBytes <= 0) {
    await res.body?.cancel().catch(() => {});
    return { body: new Uint8Array(0), truncated: false };
  }
  const declared = Number(res.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    controller.abort();
    return { body: new Uint8Array(0), truncated: true };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      controller.abort();
      await reader.cancel().catch(() => {});
      return { body: concat(chunks, size - value.byteLength), truncated: true };
    }
    chunks.push(value);
  }
  return { body: concat(chunks, size), truncated: false };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * Politeness: at most one request at a time per host, whoever asks (the batch job, an admin's
 * "Check now"). Requests to one host queue behind each other; other hosts are not held up.
 */
export function politeFetcher(inner: Fetcher): Fetcher {
  const tails = new Map<string, Promise<unknown>>();
  return {
    fetch(req) {
      let host = "";
      try {
        host = new URL(req.url).host;
      } catch {
        // an unparsable URL fails in the inner fetcher
      }
      const previous = tails.get(host) ?? Promise.resolve();
      const run = previous.catch(() => {}).then(() => inner.fetch(req));
      tails.set(host, run);
      void run
        .catch(() => {})
        .finally(() => {
          if (tails.get(host) === run) tails.delete(host);
        });
      return run;
    },
  };
}
