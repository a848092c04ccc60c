import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import { Agent, fetch as undiciFetch } from "undici";

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

/**
 * Addresses a tool's website must never make us reach (SSRF): loopback, private, link-local (cloud
 * metadata at 169.254.169.254), carrier-grade NAT, unique-local, multicast and unspecified ranges;
 * and IPv6 forms that tunnel to IPv4 somewhere we cannot judge: 6to4 (2002::/16), Teredo (2001::/32)
 * and local-use NAT64 (64:ff9b:1::/48). IPv6 forms that carry an IPv4 address we can read (mapped,
 * translated, compatible, well-known NAT64 64:ff9b::/96) are judged by that address (issue 31), so a
 * host on a DNS64 network still reaches public sites and never 64:ff9b::7f00:1.
 */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  PRIVATE.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["2002::", 16],
  ["2001::", 32],
  ["64:ff9b:1::", 48],
] as const)
  PRIVATE.addSubnet(net, bits, "ipv6");

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, "ipv4");
  if (family === 6) {
    const groups = ipv6Groups(address);
    if (!groups) return true;
    const v4 = embeddedIpv4(groups);
    if (v4) return PRIVATE.check(v4, "ipv4");
    return PRIVATE.check(address, "ipv6");
  }
  return true;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted quad folded in). */
function ipv6Groups(address: string): number[] | null {
  let a = address.toLowerCase().split("%")[0] ?? "";
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(a);
  if (quad) {
    const [b0, b1, b2, b3] = quad.slice(1).map(Number) as [number, number, number, number];
    a = `${a.slice(0, quad.index)}${((b0 << 8) | b1).toString(16)}:${((b2 << 8) | b3).toString(16)}`;
  }
  const [head = "", tail] = a.split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? 0 : 8 - front.length - back.length;
  const groups = [...front, ...Array<string>(Math.max(zeros, 0)).fill("0"), ...back].map((g) => Number.parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

/** The IPv4 address an IPv6 address carries in its last 32 bits: mapped, translated, compatible or NAT64. */
function embeddedIpv4(g: number[]): string | null {
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const mapped = zero(0, 5) && g[5] === 0xffff;
  const translated = zero(0, 4) && g[4] === 0xffff && g[5] === 0;
  const compatible = zero(0, 6) && ((g[6] ?? 0) !== 0 || (g[7] ?? 0) > 1);
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6);
  if (!mapped && !translated && !compatible && !nat64) return null;
  const hi = g[6] ?? 0;
  const lo = g[7] ?? 0;
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

/**
 * Resolves like the system does, then refuses private addresses. It runs at connect time for every
 * request and every redirect hop, so a site that redirects or re-points its DNS inward is refused too.
 */
type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
function publicOnlyLookup(hostname: string, options: object, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 0);
    const list = addresses as LookupAddress[];
    const refused = list.find((a) => isPrivateAddress(a.address));
    if (refused || !list.length) {
      const e = new Error(`Refused: ${hostname} resolves to a private address`) as NodeJS.ErrnoException;
      e.code = "EPRIVATEADDRESS";
      return callback(e, "", 0);
    }
    if ((options as { all?: boolean }).all) return callback(null, list);
    const first = list[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
}

/**
 * The real fetcher: undici's fetch with manual redirects, one deadline for headers and body. Private
 * addresses are refused unless `allowPrivateAddresses` (tests' local fixture servers only).
 */
export function createHttpFetcher(options: { allowPrivateAddresses?: boolean } = {}): Fetcher {
  const dispatcher = new Agent({
    connect: options.allowPrivateAddresses ? {} : { lookup: publicOnlyLookup as never },
  });
  const once = async (req: FetchRequest, timeoutMs: number): Promise<FetchResponse> => {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    let answered = false;
    try {
      const res = (await undiciFetch(req.url, {
        method: req.method,
        redirect: "manual",
        dispatcher,
        signal: controller.signal,
        headers: {
          "User-Agent": req.userAgent,
          Accept: req.accept ?? "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5",
        },
      })) as unknown as Response;
      answered = true;
      const headers: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      const { body, truncated } = await readLimited(res, req.maxBytes, controller);
      return { status: res.status, headers, body, truncated };
    } catch (err) {
      // Only a connection closed before the answer's headers is worth a second try (a reused socket).
      throw !timedOut && !answered && closedUnderUs(err) ? new ClosedUnderUs(err) : classifyError(err, timedOut);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    async fetch(req) {
      if (!options.allowPrivateAddresses) {
        const host = new URL(req.url).hostname.replace(/^\[|\]$/g, "");
        // A literal IP never goes through the lookup: check it here.
        if (isIP(host) && isPrivateAddress(host)) {
          throw new FetchError("other", `Refused: ${host} is a private address`);
        }
      }
      const deadline = Date.now() + req.timeoutMs;
      try {
        return await once(req, req.timeoutMs);
      } catch (err) {
        // A kept-alive connection the server closed as we reused it (its idle timeout met our request)
        // fails before any answer: that says nothing about the site. HEAD and GET are safe to repeat, so
        // the request is sent once more, on a new connection, within what is left of its deadline.
        if (!(err instanceof ClosedUnderUs)) throw err;
        const left = deadline - Date.now();
        if (left < 100) throw classifyError(err.original, false);
        try {
          return await once(req, left);
        } catch (again) {
          throw again instanceof ClosedUnderUs ? classifyError(again.original, false) : again;
        }
      }
    },
  };
}

class ClosedUnderUs extends Error {
  readonly original: unknown;
  constructor(original: unknown) {
    super("The connection was closed under the request");
    this.original = original;
  }
}

const CLOSED_CODES = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"]);
/** The connection was closed or reset under a request (not refused, not a timeout). */
function closedUnderUs(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    if (CLOSED_CODES.has(String((e as { code?: unknown }).code ?? ""))) return true;
  }
  return false;
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
