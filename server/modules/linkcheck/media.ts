import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { toolImages } from "./tables.ts";

const LOGO_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(64|128)\.webp$/;
const PREVIEW_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;

export type MediaAnswer = { status: 200; body: Uint8Array; headers: Record<string, string> } | { status: 404 };

/**
 * /media/logos/{toolId}-{64|128}.webp and /media/previews/{toolId}.webp: images we re-encoded,
 * from the database (every instance serves the same bytes). The URL carries the bytes' hash
 * (?v=…), so the matching version is cached for a year; any other `v` gets a short cache.
 */
export async function mediaFile(
  db: Db,
  folder: string,
  file: string,
  version: string | undefined,
): Promise<MediaAnswer> {
  const match = folder === "logos" ? LOGO_FILE.exec(file) : folder === "previews" ? PREVIEW_FILE.exec(file) : null;
  if (!match?.[1]) return { status: 404 };
  const kind = folder === "logos" ? "logo" : "preview";
  const size = folder === "logos" ? Number(match[2]) : 0;
  const [row] = await db
    .select({ bytes: toolImages.bytes, hash: toolImages.hash, contentType: toolImages.contentType })
    .from(toolImages)
    .where(and(eq(toolImages.toolId, match[1]), eq(toolImages.kind, kind), eq(toolImages.size, size)));
  if (!row) return { status: 404 };
  const current = version === row.hash;
  return {
    status: 200,
    body: row.bytes,
    headers: {
      "Content-Type": row.contentType,
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
      ETag: `"${row.hash}"`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'",
    },
  };
}
