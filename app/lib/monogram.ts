/**
 * Monograms for tools without a logo (issue 36): the initials on a tile whose hue comes from a hash
 * of the tool's domain, so two tools side by side rarely share a colour and a tool keeps its colour
 * everywhere (cards, search, alternatives, compare). The tile's lightness and saturation are fixed
 * per theme in app.css (`.monogram`), chosen so every hue keeps text contrast ≥ 4.5 : 1 in light
 * and dark (monogram.test.ts checks all 360). Pure and tiny: it ships with every listing page.
 */

/** The part of an address that names the tool: its host without "www." (the name when there is none). */
export function monogramSeed(name: string, url?: string | null): string {
  const host = url ? /^[a-z][a-z0-9+.-]*:\/\/(?:www\.)?([^/?#:]+)/i.exec(url)?.[1] : undefined;
  return (host ?? name).toLowerCase();
}

/** FNV-1a over the seed's UTF-16 units, folded to a hue in 0–359. */
export function monogramHue(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % 360;
}

/** The tile's colours per theme as CSS HSL, the same numbers app.css uses for `.monogram`. */
export const MONOGRAM_HSL = {
  light: { background: [75, 90], text: [65, 24] },
  dark: { background: [45, 24], text: [85, 88] },
} as const;
