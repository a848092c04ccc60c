import { dumpFile, dumpFormatOf, OPEN_DATA_FILES } from "~/lib/syndication.server";
import type { Route } from "./+types/open-data-file";
import { matches } from "./text-answer";

/** /open-data/{file}: the newest dump's file, with ETag and Last-Modified (304 when unchanged). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const format = dumpFormatOf(params.file);
  const file = format ? await dumpFile(context.services.db, format) : null;
  if (!format || !file) {
    return new Response(format ? "The first dump is being written; try again in a minute." : "No such file", {
      status: format ? 503 : 404,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        ...(format ? { "Retry-After": "60" } : {}),
      },
    });
  }
  const etag = `"${file.sha256}"`;
  // HTTP dates have second precision.
  const modified = new Date(Math.floor(file.createdAt.getTime() / 1000) * 1000);
  const headers = {
    "Content-Type": "application/gzip",
    "Content-Disposition": `attachment; filename="${OPEN_DATA_FILES[format].name}"`,
    "Cache-Control": "public, max-age=3600",
    ETag: etag,
    "Last-Modified": modified.toUTCString(),
  };
  const ifNoneMatch = request.headers.get("if-none-match");
  const since = Date.parse(request.headers.get("if-modified-since") ?? "");
  if (matches(ifNoneMatch, etag) || (!ifNoneMatch && Number.isFinite(since) && modified.getTime() <= since)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(new Uint8Array(file.bytes), { headers });
}
