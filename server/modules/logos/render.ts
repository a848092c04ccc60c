import sharp from "sharp";
import { type Icon, sized } from "./icon-sets.ts";

export const LOGO_SIZES = [64, 128] as const;
/** The mark fills this share of the tile; the rest is the tile's margin. */
const INNER = 0.72;

/**
 * A bundled mark as our square WebP logos (64 and 128 px, like the link checker's): the mark centred on
 * a white rounded tile, so one-colour marks (black, dark blue) stay visible on the dark theme too. SVG
 * is rasterised here and never served as SVG.
 */
export async function renderLogo(icon: Icon): Promise<Map<number, Uint8Array>> {
  const out = new Map<number, Uint8Array>();
  for (const size of LOGO_SIZES) {
    const inner = Math.round(size * INNER);
    const mark = sized(icon.svg(), inner);
    const png = await sharp(Buffer.from(mark.svg), { failOn: "error" })
      .resize(inner, inner, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    const radius = Math.round(size * 0.2);
    const tile = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${radius}" fill="#ffffff"/></svg>`,
    );
    const bytes = await sharp(tile)
      .composite([{ input: png, gravity: "centre" }])
      .webp({ quality: 90 })
      .toBuffer();
    out.set(size, bytes);
  }
  return out;
}
