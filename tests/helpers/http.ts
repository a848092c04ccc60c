import { Readable } from "node:stream";
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from "node:zlib";
import { Agent, errors, request } from "undici";

/**
 * The tests' HTTP client: `fetch` as Node's own sends and answers it, on undici's `request` (ADR 0096).
 * Node's fetch cost 0.35–0.5 ms of CPU per request more than undici's `request` (interleaved rounds against
 * one test server: a refused PUT 1.55 against 1.18 ms, a page 2.04 against 1.53 ms), and the database tests
 * send tens of thousands of requests (the hostile-input sweep alone 20,629). Only the client changes: the
 * same headers reach the server —
 * Node's defaults (`accept: *∕*`, `accept-language: *`, `sec-fetch-mode: cors`, which fetch always
 * sets, `user-agent: node`, `accept-encoding: gzip, deflate`), the same default content types and bodies
 * (a FormData is encoded by the platform's own encoder) — and the same Response comes back: decoded as
 * fetch decodes it, headers as sent, redirects followed unless `redirect: "manual"`, `url` and
 * `redirected` set. A network failure rejects with fetch's `TypeError("fetch failed")` and its cause.
 * The server's own outbound requests (link checks, payment providers) keep the platform's fetch: this is
 * imported by test files, never installed globally.
 */

const agent = new Agent({ keepAliveTimeout: 4_000, keepAliveMaxTimeout: 10_000 });
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const REDIRECT = new Set([301, 302, 303, 307, 308]);
const DEFAULTS: [string, string][] = [
  ["accept", "*/*"],
  ["accept-language", "*"],
  ["user-agent", "node"],
  ["accept-encoding", "gzip, deflate"],
];

type Body = string | Buffer | Readable | null;

async function encodeBody(body: BodyInit | null | undefined): Promise<{ body: Body; type?: string }> {
  if (body === undefined || body === null) return { body: null };
  if (typeof body === "string") return { body, type: "text/plain;charset=UTF-8" };
  if (body instanceof URLSearchParams)
    return { body: body.toString(), type: "application/x-www-form-urlencoded;charset=UTF-8" };
  if (body instanceof ArrayBuffer) return { body: Buffer.from(body) };
  if (ArrayBuffer.isView(body)) return { body: Buffer.from(body.buffer, body.byteOffset, body.byteLength) };
  if (body instanceof ReadableStream)
    return { body: Readable.fromWeb(body as import("node:stream/web").ReadableStream) };
  // FormData and Blob: encoded by the platform, exactly as its fetch sends them.
  const encoded = new Response(body);
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get("content-type") ?? undefined };
}

function decode(bytes: Buffer, encoding: string | null): Buffer {
  // As fetch: the codings in the reverse of the order they were applied; an unknown one is left as it is.
  let out = bytes;
  const codings = (encoding ?? "")
    .toLowerCase()
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean)
    .reverse();
  for (const coding of codings) {
    if (!out.length) break;
    if (coding === "gzip" || coding === "x-gzip") out = gunzipSync(out);
    else if (coding === "deflate") out = (out[0] ?? 0) & 0x0f ? inflateSync(out) : inflateRawSync(out);
    else if (coding === "br") out = brotliDecompressSync(out);
    else break;
  }
  return out;
}

/** Node's or undici's header record (a repeated header as an array: Set-Cookie) as a Headers object. */
export function headersFrom(record: Record<string, string | string[] | undefined>): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(record)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, one);
  }
  return out;
}

export async function fetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  if (input instanceof Request) return globalThis.fetch(input, init);
  let url = new URL(input);
  if (url.protocol !== "http:" && url.protocol !== "https:") return globalThis.fetch(input, init);
  let method = (init.method ?? "GET").toUpperCase();
  const headers = new Headers(init.headers);
  let { body, type } = await encodeBody(init.body);
  if (type && !headers.has("content-type")) headers.set("content-type", type);
  const redirectMode = init.redirect ?? "follow";
  let redirected = false;
  for (let hops = 0; ; hops++) {
    const sent: Record<string, string> = {};
    for (const [name, value] of DEFAULTS) if (!headers.has(name)) sent[name] = value;
    headers.forEach((value, name) => {
      sent[name] = value;
    });
    sent["sec-fetch-mode"] = "cors";
    if (body === null && method !== "GET" && method !== "HEAD") sent["content-length"] = "0";
    let res: Awaited<ReturnType<typeof request>>;
    try {
      res = await request(url, {
        method: method as never,
        headers: sent,
        body,
        dispatcher: agent,
        signal: init.signal ?? undefined,
        headersTimeout: 0,
        bodyTimeout: 0,
      });
    } catch (err) {
      if (err instanceof errors.RequestAbortedError || (err as Error).name === "AbortError") {
        throw init.signal?.reason ?? err;
      }
      throw new TypeError("fetch failed", { cause: err });
    }
    const status = res.statusCode;
    const location = res.headers.location;
    if (REDIRECT.has(status) && typeof location === "string" && redirectMode !== "manual") {
      await res.body.dump();
      if (redirectMode === "error" || hops >= 20) throw new TypeError("fetch failed", { cause: new Error("redirect") });
      if (body instanceof Readable && status !== 303) {
        throw new TypeError("fetch failed", { cause: new Error("cannot follow a redirect with a streamed body") });
      }
      if (status === 303 ? method !== "HEAD" : (status === 301 || status === 302) && method === "POST") {
        method = "GET";
        body = null;
        type = undefined;
        for (const name of [
          "content-type",
          "content-length",
          "content-encoding",
          "content-language",
          "content-location",
        ])
          headers.delete(name);
      }
      url = new URL(location, url);
      redirected = true;
      continue;
    }
    const out = headersFrom(res.headers);
    let responseBody: BodyInit | null = null;
    if (NULL_BODY.has(status) || method === "HEAD") await res.body.dump();
    else if ((out.get("content-type") ?? "").startsWith("text/event-stream") && !out.get("content-encoding")) {
      responseBody = Readable.toWeb(res.body) as ReadableStream<Uint8Array>;
    } else {
      try {
        const bytes = decode(Buffer.from(await res.body.arrayBuffer()), out.get("content-encoding"));
        responseBody = new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
      } catch (err) {
        if ((err as Error).name === "AbortError") throw init.signal?.reason ?? err;
        throw new TypeError("fetch failed", { cause: err });
      }
    }
    const response = new Response(responseBody, { status, statusText: res.statusText ?? "", headers: out });
    Object.defineProperties(response, { url: { value: url.href }, redirected: { value: redirected } });
    return response;
  }
}
