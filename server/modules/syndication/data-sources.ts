import { readFileSync } from "node:fs";
import path from "node:path";
import { SEED_DIR } from "../../platform/paths.ts";

/**
 * The licences the catalogue's data comes under (ADR 0031). Facts from a dataset carry that
 * dataset's terms (CC BY 4.0: credit, licence link and a note of our changes; MIT: the copyright and
 * permission notice with every substantial copy; CC0: nothing, credit as a courtesy). Everything
 * Toolscape's own people add — makers' claims, verified community corrections, editors' text, what the
 * link checker observed, inferences, ratings and review counts — is published under the site's own
 * data licence.
 */
export type Licence = { id: string; name: string; url: string };

export const LICENCES = {
  "CC-BY-4.0": {
    id: "CC-BY-4.0",
    name: "Creative Commons Attribution 4.0 International",
    url: "https://creativecommons.org/licenses/by/4.0/",
  },
  MIT: { id: "MIT", name: "MIT License", url: "https://opensource.org/license/mit" },
  "CC0-1.0": {
    id: "CC0-1.0",
    name: "Creative Commons Zero 1.0 Universal",
    url: "https://creativecommons.org/publicdomain/zero/1.0/",
  },
} as const satisfies Record<string, Licence>;
export type LicenceId = keyof typeof LICENCES;

/** The site's own data licence (ADR 0031): CC BY 4.0, the same terms as the richest source we build on. */
export const SITE_LICENCE: Licence & { credit: string } = {
  ...LICENCES["CC-BY-4.0"],
  credit: "Toolscape catalogue data (makers' claims, community corrections, editors' text, ratings)",
};

/** What Toolscape changes in every source record: the CC BY "indicate changes" note. */
export const CHANGE_NOTE =
  "Changes by Toolscape: fields renamed and merged, categories and pricing mapped to Toolscape's vocabulary, tracking parameters removed from URLs, text encoding repaired, later corrections by makers, members and editors applied (each field's provenance says which).";

export type DataSource = {
  id: string;
  name: string;
  repo: string;
  url: string;
  licence: LicenceId;
  /** the credit or notice the licence asks to keep with copies (MIT: copyright + licence) */
  notice: string;
};

/** The datasets the seed catalogue was built from (server/platform/db/seed/SOURCES.md) and the importer's fixture source. */
export const DATA_SOURCES: readonly DataSource[] = [
  {
    id: "tiorai",
    name: "TiorAI AI Tools Dataset",
    repo: "tioraicom/ai-tools-dataset",
    url: "https://github.com/tioraicom/ai-tools-dataset",
    licence: "CC-BY-4.0",
    notice:
      "AI tools data © TiorAI (https://tiorai.com/), from github.com/tioraicom/ai-tools-dataset, licensed CC BY 4.0.",
  },
  {
    id: "aicollection",
    name: "AI Collection",
    repo: "ai-collection/ai-collection",
    url: "https://github.com/ai-collection/ai-collection",
    licence: "MIT",
    notice:
      "Includes data from AI Collection (github.com/ai-collection/ai-collection), Copyright (c) 2023 ai-collection, MIT License.",
  },
  {
    id: "agents",
    name: "Awesome AI Agents",
    repo: "slavakurilyak/awesome-ai-agents",
    url: "https://github.com/slavakurilyak/awesome-ai-agents",
    licence: "MIT",
    notice:
      "Includes data from Awesome AI Agents (github.com/slavakurilyak/awesome-ai-agents), Copyright (c) 2024 Slava Kurilyak, MIT License.",
  },
  {
    id: "steven2358",
    name: "Awesome Generative AI",
    repo: "steven2358/awesome-generative-ai",
    url: "https://github.com/steven2358/awesome-generative-ai",
    licence: "CC0-1.0",
    notice: "Awesome Generative AI by Steven Van Vaerenbergh and contributors (CC0).",
  },
  {
    id: "mahseema",
    name: "Awesome AI Tools (mahseema)",
    repo: "mahseema/awesome-ai-tools",
    url: "https://github.com/mahseema/awesome-ai-tools",
    licence: "MIT",
    notice:
      "Includes data from Awesome AI Tools (github.com/mahseema/awesome-ai-tools), Copyright (c) 2024 Mahsima Dastan, MIT License.",
  },
  {
    id: "eudk",
    name: "Comprehensive List of AI Tools",
    repo: "eudk/awesome-ai-tools",
    url: "https://github.com/eudk/awesome-ai-tools",
    licence: "CC0-1.0",
    notice: "Comprehensive List of AI Tools by eudk and contributors (CC0).",
  },
  {
    id: "autoventure",
    name: "AutoVenture AI Tools Dataset",
    repo: "autoventure-projects/ai-tools-dataset",
    url: "https://github.com/autoventure-projects/ai-tools-dataset",
    licence: "CC-BY-4.0",
    notice:
      "Data © AutoVenture (https://autoventure.live), from github.com/autoventure-projects/ai-tools-dataset, CC BY 4.0.",
  },
];

/** The MIT permission notice, kept with every copy of MIT-licensed data (with the copyright lines above). */
export const MIT_PERMISSION =
  'Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files (the "Software"), to deal in the Software without restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the following conditions: The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software. THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED.';

const norm = (s: string) => s.toLowerCase();

/**
 * The dataset a fact's provenance names: by its source URL or text naming the repository, the
 * source's id ("tiorai", "seed:tiorai") or its name. Null when the provenance names none we know.
 */
export function dataSourceOf(source: string, sourceUrl: string | null): DataSource | null {
  const hay = norm(`${source} ${sourceUrl ?? ""}`);
  for (const s of DATA_SOURCES) {
    if (hay.includes(norm(s.repo)) || hay.includes(norm(s.name))) return s;
  }
  const tokens = new Set(hay.split(/[^a-z0-9]+/));
  return DATA_SOURCES.find((s) => tokens.has(s.id)) ?? null;
}

/** A licence by its SPDX id or name as a provenance row gives it ("CC BY 4.0", "cc-by-4.0", "MIT"). */
export function licenceOf(text: string | null | undefined): Licence | null {
  if (!text) return null;
  const key = text.toUpperCase().replace(/[\s_]+/g, "-");
  for (const l of Object.values(LICENCES)) {
    if (key === l.id.toUpperCase() || key.startsWith(l.id.toUpperCase())) return l;
  }
  if (key === "CC0") return LICENCES["CC0-1.0"];
  return null;
}

let seedIndex: Map<string, DataSource[]> | null = null;

/**
 * Which seed source supplied a seeded tool (SOURCES.md's appendix: slugs grouped by the source that
 * supplied the row; `field←x` marks a field taken from another). Used for tools whose facts have no
 * dataset provenance row yet.
 */
export function seedSourcesOf(slug: string): DataSource[] {
  if (!seedIndex) seedIndex = parseSeedAppendix(readFileSync(path.join(SEED_DIR, "SOURCES.md"), "utf8"));
  return seedIndex.get(slug) ?? [];
}

export function parseSeedAppendix(markdown: string): Map<string, DataSource[]> {
  const out = new Map<string, DataSource[]>();
  const block = /<summary><b>(\w+)<\/b> — [^<]* — \d+ rows<\/summary>\s*\n\s*\n?([^\n]+)/g;
  for (const [, id, list = ""] of markdown.matchAll(block)) {
    const primary = DATA_SOURCES.find((s) => s.id === id);
    if (!primary) continue;
    for (const item of list.split(/,\s+(?![^()]*\))/)) {
      const slug = /^[a-z0-9][a-z0-9-]*/.exec(item.trim())?.[0];
      if (!slug) continue;
      const sources = [primary];
      for (const [, other] of item.matchAll(/←(\w+)/g)) {
        const s = DATA_SOURCES.find((d) => d.id === other);
        if (s && !sources.includes(s)) sources.push(s);
      }
      out.set(slug, sources);
    }
  }
  return out;
}
