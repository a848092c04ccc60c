import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROOT_DIR } from "../../platform/paths.ts";

/**
 * The bundled brand-mark sets (ADR 0028), read from node_modules at run time (never fetched):
 *
 * - `@iconify-json/logos` — Gil Barbara's SVG Logos, CC0-1.0, full colour ("x-icon" is the symbol);
 * - `@lobehub/icons-static-svg` — LobeHub's AI brand icons, MIT, "x-color" (colour) and "x" (mono);
 * - `simple-icons` — CC0-1.0, one-colour marks with each brand's colour.
 *
 * The marks are trademarks of their owners; the licences cover the drawings (see NOTICE).
 */

export const ICON_SETS = {
  "iconify-logos": {
    label: "SVG Logos (@iconify-json/logos)",
    licence: "CC0-1.0",
    url: "https://github.com/gilbarbara/logos",
  },
  lobehub: {
    label: "LobeHub Icons (@lobehub/icons-static-svg)",
    licence: "MIT",
    url: "https://github.com/lobehub/lobe-icons",
  },
  "simple-icons": { label: "Simple Icons", licence: "CC0-1.0", url: "https://github.com/simple-icons/simple-icons" },
} as const;
export type IconSet = keyof typeof ICON_SETS;

export type Icon = {
  set: IconSet;
  /** the set's own name for it: "openai-icon", "claude-color", "deepl" */
  id: string;
  /** the brand's name key (lower-case alphanumerics), what tools are matched against */
  key: string;
  title: string;
  /** lower ranks win among icons of one brand: colour symbols first, one-colour marks next, wordmarks last */
  rank: number;
  svg(): string;
};

// The packages' data files (not their JS entry points): read from the project's node_modules.
const packageDir = (name: string) => path.join(ROOT_DIR, "node_modules", name);

export const iconKey = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** viewBox → explicit size, so every renderer draws it at our pixel size whatever `1em` means to it. */
export function sized(svg: string, px: number): { svg: string; width: number; height: number } {
  const vb = /viewBox="\s*([\d.-]+)[\s,]+([\d.-]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(svg);
  const w = Number(vb?.[3] ?? 24);
  const h = Number(vb?.[4] ?? 24);
  const scale = px / Math.max(w, h);
  const width = Math.max(1, Math.round(w * scale));
  const height = Math.max(1, Math.round(h * scale));
  const out = svg.replace(/<svg\b([^>]*)>/, (_m, attrs: string) => {
    const rest = attrs.replace(/\s(?:width|height|style)="[^"]*"/g, "");
    return `<svg${rest} width="${width}" height="${height}">`;
  });
  return { svg: out, width, height };
}

function relativeLuminance(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function loadIconify(): Icon[] {
  const data = JSON.parse(readFileSync(path.join(packageDir("@iconify-json/logos"), "icons.json"), "utf8")) as {
    width?: number;
    height?: number;
    icons: Record<string, { body: string; width?: number; height?: number }>;
  };
  const out: Icon[] = [];
  for (const [id, icon] of Object.entries(data.icons)) {
    const w = icon.width ?? data.width ?? 256;
    const h = icon.height ?? data.height ?? 256;
    const symbol = id.endsWith("-icon");
    const base = symbol ? id.slice(0, -5) : id;
    // A wide wordmark reads badly in a square tile: used only when no set has a symbol for the brand
    // (lowest rank), and not at all beyond 3:1.
    const ratio = Math.max(w / h, h / w);
    if (ratio > 3) continue;
    out.push({
      set: "iconify-logos",
      id,
      key: iconKey(base),
      title: base,
      rank: ratio > 1.6 ? 5 : symbol ? 0 : 1,
      svg: () => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}">${icon.body}</svg>`,
    });
  }
  return out;
}

function loadLobehub(): Icon[] {
  const dir = path.join(packageDir("@lobehub/icons-static-svg"), "icons");
  const out: Icon[] = [];
  for (const file of readdirSync(dir)) {
    const m = /^([a-z0-9]+)(-color)?\.svg$/.exec(file);
    if (!m?.[1]) continue; // -text (wordmarks), -brand, -cn variants are not square marks
    const colour = Boolean(m[2]);
    const full = path.join(dir, file);
    const head = readFileSync(full, "utf8");
    const title = /<title>([^<]*)<\/title>/.exec(head)?.[1] ?? m[1];
    out.push({
      set: "lobehub",
      id: m[1] + (m[2] ?? ""),
      key: iconKey(m[1]),
      title,
      rank: colour ? 2 : 4,
      svg: () => readFileSync(full, "utf8").replace(/currentColor/g, "#111827"),
    });
  }
  return out;
}

function loadSimpleIcons(): Icon[] {
  const root = packageDir("simple-icons");
  const data = JSON.parse(readFileSync(path.join(root, "data", "simple-icons.json"), "utf8")) as {
    title: string;
    slug: string;
    hex: string;
    aliases?: { aka?: string[] };
    license?: { type: string };
  }[];
  const out: Icon[] = [];
  for (const icon of data) {
    // A few marks carry their own licence instead of CC0: those are left out (ADR 0028).
    if (icon.license && icon.license.type !== "CC0-1.0") continue;
    const fill = relativeLuminance(icon.hex) > 0.7 ? "#111827" : `#${icon.hex}`;
    const file = path.join(root, "icons", `${icon.slug}.svg`);
    const svg = () => readFileSync(file, "utf8").replace(/<svg\b/, `<svg fill="${fill}"`);
    for (const name of new Set([icon.title, ...(icon.aliases?.aka ?? [])])) {
      out.push({ set: "simple-icons", id: icon.slug, key: iconKey(name), title: icon.title, rank: 3, svg });
    }
  }
  return out;
}

export type IconIndex = { byKey: Map<string, Icon[]>; byId: Map<string, Icon>; size: number };

let cached: IconIndex | null = null;

/** All three sets, by brand key (best-ranked first) and by `set:id`. Read once per process. */
export function iconIndex(): IconIndex {
  if (cached) return cached;
  const all = [...loadIconify(), ...loadLobehub(), ...loadSimpleIcons()];
  const byKey = new Map<string, Icon[]>();
  const byId = new Map<string, Icon>();
  for (const icon of all) {
    if (icon.key.length < 2) continue;
    const list = byKey.get(icon.key) ?? [];
    list.push(icon);
    byKey.set(icon.key, list);
    byId.set(`${icon.set}:${icon.id}`, icon);
  }
  for (const list of byKey.values()) list.sort((a, b) => a.rank - b.rank || a.id.localeCompare(b.id));
  cached = { byKey, byId, size: all.length };
  return cached;
}
