import type { Context, MiddlewareHandler } from "hono";
import { bodyBytes, bodyForm } from "./body-cap.ts";

/**
 * PostgreSQL cannot store U+0000 in text: a NUL byte that reaches a query fails it (a 500). Issue 18
 * found new routes that forgot to refuse it (`/blog?q=%00`, `/tools/%00`, `/api/tools/%00`…), so it
 * is refused once, here, in front of every route: a NUL in the path, the query, a form field (URL-
 * encoded or a multipart text field) or anywhere in a JSON body is a 400 before any handler runs.
 * Files in multipart uploads are left alone (binary content is not text). The body is the one the
 * edge's body cap already read and counted (`body-cap.ts`): nothing here reads the socket or clones.
 */
export const NUL_MESSAGE = "The request contains a NUL character (U+0000), which is not allowed.";
const ENCODED_NUL = /%00/i;
const JSON_NUL = /\\u0000/i;

export function nulGuard(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    if (url.includes("\0") || ENCODED_NUL.test(url)) return refuse(c);
    const bytes = bodyBytes(c.req.raw);
    if (!bytes?.byteLength) return next();
    const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    const isJson = type === "application/json" || type.endsWith("+json");
    const isForm = type === "application/x-www-form-urlencoded";
    if (type === "multipart/form-data") {
      let form: FormData;
      try {
        form = await bodyForm(c.req.raw);
      } catch {
        return next(); // unreadable: the route answers 400 itself
      }
      for (const [name, value] of form) {
        if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) return refuse(c);
      }
      return next();
    }
    if (!isJson && !isForm) return next();
    const text = new TextDecoder().decode(bytes);
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

function refuse(c: Context) {
  c.header("Cache-Control", "no-store");
  return c.req.path.startsWith("/api") ? c.json({ success: false, error: NUL_MESSAGE }, 400) : c.text(NUL_MESSAGE, 400);
}
