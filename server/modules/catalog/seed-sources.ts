import { readFileSync } from "node:fs";
import path from "node:path";
import { SEED_DIR } from "../../platform/paths.ts";
import type { Provenance } from "./fact-fields.ts";

/**
 * The seed catalogue's per-row sources, read from server/platform/db/seed/SOURCES.md (section 1: the datasets, their
 * repository and licence; section 9: which dataset supplied each slug). The importer records them
 * as each seeded fact's `dataset` provenance, so the page can say "from the TiorAI AI Tools Dataset
 * (CC BY 4.0)" rather than "from a CSV file".
 */
export type SeedSource = { id: string; name: string; url: string; licence: string };

export const SEED_CATALOGUE_SOURCE = "Toolscape seed catalogue (six open datasets, see SOURCES.md)";

/** The licence a source is used under: "Treated as MIT" wins over the first licence named. */
function licenceOf(cell: string): string {
  const treated = /Treated as ([A-Z][\w .-]*?)(?: to be safe)?\./.exec(cell);
  if (treated?.[1]) return treated[1].trim();
  const named = /(CC BY(?:-[A-Z]{2})* \d\.\d|CC0-1\.0|MIT|Apache-2\.0)/.exec(cell);
  return named?.[1] ?? cell.split(" (")[0]?.trim() ?? "unknown";
}

/**
 * Lists that are one list: mahseema/awesome-ai-tools is a fork of steven2358's (SOURCES.md section 1,
 * "heavy overlap"), so a tool in both counts as listed once. The others are independent curations.
 */
const SAME_LIST: Record<string, string> = { mahseema: "steven2358" };

export function parseSeedSources(markdown: string): {
  sources: Map<string, SeedSource>;
  bySlug: Map<string, string>;
  /** slug → how many independent source lists carry it (its own and the `+x` duplicates merged into it) */
  listings: Map<string, number>;
} {
  const sources = new Map<string, SeedSource>();
  for (const line of markdown.split("\n")) {
    const row = /^\| (\w+) \| \[([^\]]+)\]\((https:[^)]+)\) \|[^|]*\|[^|]*\| ([^|]+) \|/.exec(line);
    if (row?.[1] && row[3] && row[4]) {
      sources.set(row[1], { id: row[1], name: row[2] ?? row[1], url: row[3], licence: licenceOf(row[4]) });
    }
    const named = /^- \*\*(\w+) — ([^*]+)\*\*:/.exec(line);
    const known = named?.[1] ? sources.get(named[1]) : undefined;
    if (known && named?.[2]) known.name = named[2].trim();
  }
  const bySlug = new Map<string, string>();
  const listings = new Map<string, number>();
  const blocks = markdown.split("<details><summary><b>").slice(1);
  for (const block of blocks) {
    const id = block.slice(0, block.indexOf("</b>"));
    const body = block.slice(block.indexOf("</summary>") + "</summary>".length, block.indexOf("</details>"));
    for (const item of body.split(",")) {
      const slug = item.trim().split(" ")[0];
      if (slug && sources.has(id) && !bySlug.has(slug)) {
        bySlug.set(slug, id);
        const lists = [id, ...[...item.matchAll(/\+(\w+)/g)].map((m) => m[1] as string)].filter((l) => sources.has(l));
        listings.set(slug, new Set(lists.map((l) => SAME_LIST[l] ?? l)).size);
      }
    }
  }
  return { sources, bySlug, listings };
}

let cached: ReturnType<typeof parseSeedSources> | null = null;

function seedSources() {
  cached ??= parseSeedSources(readFileSync(path.join(SEED_DIR, "SOURCES.md"), "utf8"));
  return cached;
}

/** The `dataset` provenance of one seeded tool (its primary source), or the catalogue's when unknown. */
export function seedProvenance(slug: string, at: Date): Provenance {
  const { sources, bySlug } = seedSources();
  const source = sources.get(bySlug.get(slug) ?? "");
  if (!source) return { kind: "dataset", source: SEED_CATALOGUE_SOURCE, observedAt: at, verifiedAt: null };
  return {
    kind: "dataset",
    source: source.name,
    sourceUrl: source.url,
    licence: source.licence,
    observedAt: at,
    verifiedAt: null,
  };
}

/** slug → the number of independent source lists that carry the seeded tool (ADR 0035). */
export function seedListings(): Map<string, number> {
  return seedSources().listings;
}
