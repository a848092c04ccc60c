import type { Context, MiddlewareHandler } from "hono";

/**
 * Every request body is read once, here, at the edge, through a counting reader that stops at the
 * route's limit (issue 31). A larger body is a 413 whether it declared its length or came chunked
 * with none; the bytes read so far are dropped and the rest is never read (the connection closes,
 * `unread-body.ts`). A body within the limit is kept and handed on as the request's body, so what
 * comes after — the NUL guard, the page form check, better-auth's e-mail check, the API, MCP —
 * reads these bytes and never the socket: nothing parses a body before it has been counted, and
 * nothing reads it twice (before, the NUL guard cloned a chunked multipart body and parsed all of
 * it, however large, before any limit ran: 200 MB grew the process by 550 MB).
 *
 * GET and HEAD bodies are not read at all (nothing here uses them; the HTTP adapter discards them).
 */

export type BodyCapOptions = {
  /** The most bytes the route at this path accepts. */
  limitFor: (path: string) => number;
  /** An error answer in the route's own shape (JSON for the API, JSON-RPC for MCP, text for pages). */
  refuse: (c: Context, status: 400 | 413, message: string) => Response;
};

/** The bytes of each request body read at the edge, by request. */
const bodies = new WeakMap<Request, Uint8Array<ArrayBuffer>>();

export function bodyCap(options: BodyCapOptions): MiddlewareHandler {
  return async (c, next) => {
    const maxBytes = options.limitFor(c.req.path);
    const declared = c.req.header("content-length");
    if (declared !== undefined && Number(declared) > maxBytes) return tooLarge(c, options, maxBytes);
    const method = c.req.method;
    const raw = c.req.raw;
    if (method === "GET" || method === "HEAD" || !raw.body) return next();
    let bytes: Uint8Array<ArrayBuffer> | null;
    try {
      bytes = await readCapped(raw.body, maxBytes);
    } catch {
      // The client stopped sending mid-body (or sent broken chunk framing): nothing to hand on.
      return noStore(options.refuse(c, 400, "The request body could not be read."));
    }
    if (bytes === null) return tooLarge(c, options, maxBytes);
    const request = new Request(raw.url, { method, headers: raw.headers, body: bytes, signal: raw.signal });
    bodies.set(request, bytes);
    c.req.raw = request;
    return next();
  };
}

function tooLarge(c: Context, options: BodyCapOptions, maxBytes: number): Response {
  const size = maxBytes >= 1024 * 1024 ? `${maxBytes / (1024 * 1024)} MB` : `${Math.floor(maxBytes / 1024)} KB`;
  return noStore(options.refuse(c, 413, `The request body is too large (at most ${size}).`));
}

function noStore(res: Response): Response {
  res.headers.set("Cache-Control", "no-store");
  return res;
}

/** The body read at the edge (undefined: the request had none, or it was not read there). */
export function bodyBytes(request: Request): Uint8Array<ArrayBuffer> | undefined {
  return bodies.get(request);
}

/** The body read at the edge as text (UTF-8), or null when there is none. */
export function bodyText(request: Request): string | null {
  const bytes = bodies.get(request);
  return bytes ? new TextDecoder().decode(bytes) : null;
}

/** The body read at the edge as a form, URL-encoded or multipart; throws when it is not one. */
export function bodyForm(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  return new Response(bodies.get(request) ?? "", { headers: { "content-type": type } }).formData();
}

/**
 * The whole stream, or null once it passes `maxBytes` (reading stops there; the stream is released,
 * not cancelled — cancelling the adapter's stream of a Node request would reset the socket before the
 * 413 is sent).
 */
async function readCapped(stream: ReadableStream<Uint8Array>, maxBytes: number) {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) return null;
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const out = new Uint8Array(new ArrayBuffer(size));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
