import { DATABASE_UNAVAILABLE, RETRY_AFTER_SEC } from "../platform/db/availability.ts";

/** The edge's answers and log causes when a request fails (app.ts): a 5xx's cause, a 503 while the database is away. */
/** What a 5xx is logged with: the error that caused it (name, message, stack), or a note that none was seen. */
export function causeOf(error: unknown, status: number): unknown {
  if (error instanceof Error) return error;
  if (error !== undefined) {
    // React Router hands over route error responses and thrown values that are not Errors.
    const e = new Error(`Non-Error thrown: ${safeString(error)}`);
    e.name = "NonError";
    return e;
  }
  const e = new Error(`Answered ${status} without a thrown error (a handler returned it)`);
  e.name = "NoCause";
  return e;
}

function safeString(value: unknown): string {
  try {
    return typeof value === "object" ? JSON.stringify(value).slice(0, 500) : String(value).slice(0, 500);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** 503 with Retry-After while the database cannot be reached (JSON under /api, text elsewhere). */
export function unavailable(isApi: boolean): Response {
  const headers = { "Retry-After": String(RETRY_AFTER_SEC), "Cache-Control": "no-store" };
  return isApi
    ? Response.json({ success: false, error: DATABASE_UNAVAILABLE }, { status: 503, headers })
    : new Response(DATABASE_UNAVAILABLE, {
        status: 503,
        headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
      });
}
