/** A cacheable text answer with an ETag (304 when the client has it). */
export function textAnswer(
  request: Request,
  body: string,
  etag: string,
  type = "text/plain; charset=utf-8",
  maxAge = 300,
): Response {
  const headers = { "Content-Type": type, "Cache-Control": `public, max-age=${maxAge}`, ETag: etag };
  if (matches(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}

/** Whether an If-None-Match header names this ETag (weak or strong, or `*`). */
export function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === "*" || t === etag);
}
