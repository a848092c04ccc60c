import type { Context, MiddlewareHandler } from "hono";

/**
 * PostgreSQL cannot store U+0000 in text: a NUL byte that reaches a query fails it (a 500). Issue 18
 * found new routes that forgot to refuse it (`/blog?q=%00`, `/tools/%00`, `/api/tools/%00`…), so it
 * is refused once, here, in front of every route: a NUL in the path, the query, a form field (URL-
 * encoded or a multipart text field) or anywhere in a JSON body is a 400 before any handler runs.
 * Files in multipart uploads are left alone (binary content is not text).
 */
export const NUL_MESSAGE = "The request contains a NUL character (U+0000), which is not allowed.";
/** Bodies larger than this are not read here: the route's own size limit answers 413. */
const MAX_SCAN_BYTES = 5 * 1024 * 1024;
const ENCODED_NUL = /%00/i;
const JSON_NUL = /\\u0000/i;

export function nulGuard(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    if (url.includes("\0") || ENCODED_NUL.test(url)) return refuse(c);
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS" || !c.req.raw.body) return next();
    const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    const isJson = type === "application/json" || type.endsWith("+json");
    const isForm = type === "application/x-www-form-urlencoded";
    const isMultipart = type === "multipart/form-data";
    if (!isJson && !isForm && !isMultipart) return next();
    if (Number(c.req.header("content-length") ?? 0) > MAX_SCAN_BYTES) return next();
    if (isMultipart) {
      let form: FormData;
      try {
        form = await c.req.raw.clone().formData();
      } catch {
        return next(); // unreadable: the route answers 400 itself
      }
      for (const [name, value] of form) {
        if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) return refuse(c);
      }
      return next();
    }
    const text = await readText(c.req.raw.clone());
    if (text === null) return next();
    if (isForm ? text.includes("\0") || ENCODED_NUL.test(text) : text.includes("\0") || jsonHasNul(text)) {
      return refuse(c);
    }
    return next();
  };
}

/** A `\u0000` escape that decodes to NUL (not an escaped backslash followed by "u0000"). */
function jsonHasNul(text: string): boolean {
  if (!JSON_NUL.test(text)) return false;
  let found = false;
  try {
    JSON.parse(text, (key, value) => {
      if (key.includes("\0") || (typeof value === "string" && value.includes("\0"))) found = true;
      return value;
    });
  } catch {
    return false; // malformed JSON: the route answers 400 itself
  }
  return found;
}

async function readText(request: Request): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_SCAN_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function refuse(c: Context) {
  c.header("Cache-Control", "no-store");
  return c.req.path.startsWith("/api") ? c.json({ success: false, error: NUL_MESSAGE }, 400) : c.text(NUL_MESSAGE, 400);
}
