import { createHash } from "node:crypto";
import sharp from "sharp";
import { FetchError, type Fetcher } from "./fetcher.ts";
import type { IconCandidate } from "./page-facts.ts";

/** An original larger than this is refused (icons are small; a huge one is a mistake or an attack). */
export const MAX_IMAGE_BYTES = 1024 * 1024;
export const LOGO_SIZES = [64, 128] as const;
export const PREVIEW_WIDTH = 640;
/** Decoding stops above this many pixels (a small file can still declare a gigantic canvas). */
const MAX_PIXELS = 4096 * 4096;

export type EncodedImage = { bytes: Uint8Array; width: number };
export type FetchedImage = { url: string; original: Uint8Array; sourceHash: string; type: string };

export class ImageRefused extends Error {}

/** Fetches one image, size-limited and content-type checked; throws ImageRefused with why. */
export async function fetchImage(
  fetcher: Fetcher,
  url: string,
  options: { userAgent: string; timeoutMs: number },
): Promise<FetchedImage> {
  let res: Awaited<ReturnType<Fetcher["fetch"]>>;
  let current = url;
  // A few redirects (CDNs move icons around); each hop is a new request.
  for (let hop = 0; ; hop++) {
    try {
      res = await fetcher.fetch({
        url: current,
        method: "GET",
        timeoutMs: options.timeoutMs,
        maxBytes: MAX_IMAGE_BYTES,
        userAgent: options.userAgent,
        accept: "image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8",
      });
    } catch (err) {
      throw new ImageRefused(err instanceof FetchError ? err.message : "The image could not be fetched");
    }
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && location && hop < 3) {
      current = new URL(location, current).toString();
      continue;
    }
    break;
  }
  if (res.status < 200 || res.status >= 300) throw new ImageRefused(`HTTP ${res.status}`);
  if (res.truncated) throw new ImageRefused(`Larger than ${MAX_IMAGE_BYTES / 1024} KB`);
  const type = (res.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const looksIco = isIco(res.body);
  if (!type.startsWith("image/") && !(looksIco && type === "application/octet-stream")) {
    throw new ImageRefused(`Not an image (content-type '${type || "none"}')`);
  }
  if (!res.body.byteLength) throw new ImageRefused("Empty image");
  return { url: current, original: res.body, sourceHash: sha256(res.body), type };
}

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const isIco = (b: Uint8Array) => b.length >= 6 && b[0] === 0 && b[1] === 0 && b[2] === 1 && b[3] === 0;
const isPng = (b: Uint8Array) => b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;

type SharpInput = { input: Buffer; raw?: { width: number; height: number; channels: 4 } };

/**
 * sharp cannot read ICO: we read the container ourselves and take its largest entry, an embedded
 * PNG as is, or a 32/24-bit BMP turned into raw RGBA (rows bottom-up; 24-bit alpha from the AND mask).
 */
export function decodeIco(b: Uint8Array): SharpInput {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const count = view.getUint16(4, true);
  if (!count || 6 + count * 16 > b.length) throw new ImageRefused("A broken ICO file");
  const entries = Array.from({ length: count }, (_, i) => {
    const at = 6 + i * 16;
    return {
      width: b[at] || 256,
      height: b[at + 1] || 256,
      size: view.getUint32(at + 8, true),
      offset: view.getUint32(at + 12, true),
    };
  })
    .filter((e) => e.offset + e.size <= b.length && e.size > 0)
    .sort((x, y) => y.width * y.height - x.width * x.height);
  for (const e of entries) {
    const data = b.subarray(e.offset, e.offset + e.size);
    if (isPng(data)) return { input: Buffer.from(data) };
    const bmp = decodeIcoBmp(data);
    if (bmp) return bmp;
  }
  throw new ImageRefused("No ICO entry we can read (PNG, 32-bit or 24-bit BMP)");
}

function decodeIcoBmp(d: Uint8Array): SharpInput | null {
  if (d.length < 40) return null;
  const v = new DataView(d.buffer, d.byteOffset, d.byteLength);
  const headerSize = v.getUint32(0, true);
  const width = v.getInt32(4, true);
  const height = Math.abs(v.getInt32(8, true)) / 2; // XOR image + AND mask
  const bpp = v.getUint16(14, true);
  const compression = v.getUint32(16, true);
  if (width <= 0 || width > 256 || height <= 0 || height > 256 || compression !== 0) return null;
  if (bpp !== 32 && bpp !== 24) return null;
  const stride = Math.ceil((width * bpp) / 32) * 4;
  const maskStride = Math.ceil(width / 32) * 4;
  const pixels = headerSize;
  const mask = pixels + stride * height;
  if (mask + (bpp === 24 ? maskStride * height : 0) > d.length) return null;
  const out = Buffer.alloc(width * height * 4);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = pixels + (height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const p = row + x * (bpp / 8);
      const o = (y * width + x) * 4;
      out[o] = d[p + 2] ?? 0;
      out[o + 1] = d[p + 1] ?? 0;
      out[o + 2] = d[p] ?? 0;
      out[o + 3] = bpp === 32 ? (d[p + 3] ?? 0) : 255;
      if (bpp === 32 && out[o + 3]) anyAlpha = true;
    }
  }
  if (bpp === 24 || !anyAlpha) {
    for (let y = 0; y < height; y++) {
      const row = mask + (height - 1 - y) * maskStride;
      for (let x = 0; x < width; x++) {
        const bit = row < d.length ? ((d[row + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1 : 0;
        out[(y * width + x) * 4 + 3] = bit ? 0 : 255;
      }
    }
  }
  return { input: out, raw: { width, height, channels: 4 } };
}

function sharpOf(image: FetchedImage) {
  const options = { limitInputPixels: MAX_PIXELS, failOn: "error" as const };
  if (isIco(image.original)) {
    const { input, raw } = decodeIco(image.original);
    return sharp(input, raw ? { ...options, raw } : options);
  }
  // SVG is rasterised here (never served as is: it can carry scripts); a high density keeps it sharp.
  const svg =
    image.type.includes("svg") ||
    /^\s*(<\?xml[^>]*>\s*)?<svg\b/i.test(Buffer.from(image.original.subarray(0, 256)).toString("utf8"));
  return sharp(Buffer.from(image.original), svg ? { ...options, density: 300 } : options);
}

/** Square WebP logos at 64 and 128 px, the image centred on a transparent square. */
export async function encodeLogo(image: FetchedImage): Promise<Map<number, EncodedImage>> {
  const out = new Map<number, EncodedImage>();
  let png: Buffer;
  try {
    png = await sharpOf(image).rotate().png().toBuffer();
  } catch (err) {
    if (err instanceof ImageRefused) throw err;
    throw new ImageRefused("Not an image we can read");
  }
  const meta = await sharp(png).metadata();
  if ((meta.width ?? 0) < 16 || (meta.height ?? 0) < 16) throw new ImageRefused("Smaller than 16 px");
  for (const size of LOGO_SIZES) {
    const bytes = await sharp(png)
      .resize(size, size, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ quality: 85 })
      .toBuffer();
    out.set(size, { bytes, width: size });
  }
  return out;
}

/** The preview (og:image): one WebP at most 640 px wide, never enlarged. */
export async function encodePreview(image: FetchedImage): Promise<EncodedImage> {
  try {
    const { data, info } = await sharpOf(image)
      .rotate()
      .resize({ width: PREVIEW_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    if (info.width < 64) throw new ImageRefused("Smaller than 64 px");
    return { bytes: data, width: info.width };
  } catch (err) {
    if (err instanceof ImageRefused) throw err;
    throw new ImageRefused("Not an image we can read");
  }
}

/** Tries the icon candidates best-first; the first one we can fetch and read wins. */
export async function bestLogo(
  fetcher: Fetcher,
  candidates: IconCandidate[],
  options: { userAgent: string; timeoutMs: number },
): Promise<{ image: FetchedImage; encoded: Map<number, EncodedImage> } | { refused: string[] }> {
  const refused: string[] = [];
  for (const c of candidates.slice(0, 6)) {
    try {
      const image = await fetchImage(fetcher, c.url, options);
      return { image, encoded: await encodeLogo(image) };
    } catch (err) {
      if (!(err instanceof ImageRefused)) throw err;
      refused.push(`${c.url}: ${err.message}`);
    }
  }
  return { refused };
}
