import sharp, { type OutputInfo } from "sharp";
import { type Icon, sized } from "./icon-sets.ts";

export const LOGO_SIZES = [64, 128] as const;
/** The mark fills this share of the tile; the rest is the tile's margin. */
const INNER = 0.72;

type Raw = { data: Buffer; info: OutputInfo };

/** The white rounded tile of each size, drawn once: its pixels are the same for every mark. */
const tiles = new Map<number, Promise<Raw>>();
function tile(size: number): Promise<Raw> {
  let t = tiles.get(size);
  if (!t) {
    const radius = Math.round(size * 0.2);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${radius}" fill="#ffffff"/></svg>`;
    t = sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    tiles.set(size, t);
  }
  return t;
}

const asInput = ({ info }: Raw) => ({ width: info.width, height: info.height, channels: info.channels });

/**
 * A bundled mark as our square WebP logos (64 and 128 px, like the link checker's): the mark centred on
 * a white rounded tile, so one-colour marks (black, dark blue) stay visible on the dark theme too. SVG
 * is rasterised here and never served as SVG. The mark and the tile pass between the steps as raw
 * pixels (a PNG between them was encoded and decoded again for nothing), and both sizes are drawn
 * side by side.
 */
export async function renderLogo(icon: Icon): Promise<Map<number, Uint8Array>> {
  const svg = icon.svg();
  const drawn = await Promise.all(
    LOGO_SIZES.map(async (size) => {
      const inner = Math.round(size * INNER);
      const mark = await sharp(Buffer.from(sized(svg, inner).svg), { failOn: "error" })
        .resize(inner, inner, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const base = await tile(size);
      const bytes = await sharp(base.data, { raw: asInput(base) })
        .composite([{ input: mark.data, raw: asInput(mark), gravity: "centre" }])
        .webp({ quality: 90 })
        .toBuffer();
      return [size, bytes as Uint8Array] as const;
    }),
  );
  return new Map(drawn);
}
