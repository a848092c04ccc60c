import { readFileSync } from "node:fs";
import { nameKey, parseCsv, SEED_CSV, slugify } from "../server/modules/catalog/index.ts";
import { type PricingModel, parseList, parsePricingModel } from "../server/modules/catalog/normalize.ts";

/**
 * The real catalogue's vocabulary (names, name words, descriptions, tags, categories, pricing,
 * providers, top-level domains) and a deterministic generator of plausible synthetic tools and
 * search queries made from it. Everything random goes through one seeded PRNG, so a given seed
 * always produces the same rows and queries.
 */

/** mulberry32: small, fast, good enough for test data. */
export function createRng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => {
    if (!list.length) throw new Error("pick from an empty list");
    return list[int(list.length)] as T;
  };
  const chance = (p: number) => next() < p;
  const shuffle = <T>(list: T[]): T[] => {
    for (let i = list.length - 1; i > 0; i--) {
      const j = int(i + 1);
      [list[i], list[j]] = [list[j] as T, list[i] as T];
    }
    return list;
  };
  return { next, int, pick, chance, shuffle };
}
export type Rng = ReturnType<typeof createRng>;

export type RealTool = {
  name: string;
  description: string;
  fullDescription: string;
  category: string;
  pricing: PricingModel;
  tags: string[];
  features: string[];
  provider: string | null;
  tld: string;
};

export type Vocabulary = {
  tools: RealTool[];
  /** words from real names, as written ('Campaign', 'Voice', 'GPT') */
  nameWords: string[];
  /** last words of multi-word names, frequency-weighted ('AI', 'Studio', 'Bot') */
  nameSuffixes: string[];
  /** every tag occurrence, so picking is frequency-weighted */
  tagPool: string[];
  /** lower-case words of descriptions, tags and categories worth searching for */
  searchWords: string[];
  /** two-word phrases from tags and categories ('image generation', 'text to') */
  phrases: string[];
  providers: string[];
  byCategory: Map<string, RealTool[]>;
};

const STOP_WORDS = new Set(
  "a an and are as at be by for from has have in into is it its of on or that the their them this to with without your you can via using based".split(
    " ",
  ),
);

/** Pieces of domain names that some real names carry ('activeig.com'): not name material. */
const URL_WORDS = new Set(["com", "net", "org", "io", "co", "www", "http", "https", "html"]);

export function loadVocabulary(): Vocabulary {
  const { rows } = parseCsv(readFileSync(SEED_CSV));
  const tools: RealTool[] = rows.map((r) => {
    let tld = "com";
    try {
      tld = new URL(r.official_url ?? "").hostname.split(".").pop() ?? "com";
    } catch {
      // keep .com
    }
    return {
      name: (r.name ?? "").trim(),
      description: (r.one_line_description ?? "").trim(),
      fullDescription: (r.full_description ?? "").trim(),
      category: (r.category_name ?? "").trim() || "Other",
      pricing: parsePricingModel(r.pricing_model) ?? "unknown",
      tags: parseList(r.tags),
      features: parseList(r.features),
      provider: (r.provider_name ?? "").trim() || null,
      tld: /^[a-z]{2,12}$/.test(tld) ? tld : "com",
    };
  });

  const nameWords = new Set<string>();
  const nameSuffixes: string[] = [];
  for (const t of tools) {
    const words = t.name
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => /\p{L}/u.test(w) && w.length >= 2 && w.length <= 14 && !URL_WORDS.has(w.toLowerCase()));
    for (const w of words) nameWords.add(w[0]?.toUpperCase() + w.slice(1));
    if (words.length > 1) nameSuffixes.push(words.at(-1) as string);
  }
  const tagPool = tools.flatMap((t) => t.tags);
  const wordCounts = new Map<string, number>();
  const phrases = new Set<string>();
  const addWords = (text: string) => {
    const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
    for (const w of words) {
      if (w.length >= 4 && !STOP_WORDS.has(w)) wordCounts.set(w, (wordCounts.get(w) ?? 0) + 1);
    }
  };
  for (const t of tools) {
    addWords(t.description);
    for (const tag of [...t.tags, t.category]) {
      addWords(tag);
      const words = (tag.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 2);
      for (let i = 0; i + 1 < words.length; i++) {
        const [a, b] = [words[i] as string, words[i + 1] as string];
        if (!STOP_WORDS.has(a) && !STOP_WORDS.has(b)) phrases.add(`${a} ${b}`);
      }
    }
  }
  // Words that occur a few times at least: real topics, not one-off typos.
  const searchWords = [...wordCounts].filter(([, n]) => n >= 3).map(([w]) => w);
  const providers = [...new Set(tools.map((t) => t.provider).filter((p): p is string => !!p))];
  const byCategory = new Map<string, RealTool[]>();
  for (const t of tools) byCategory.set(t.category, [...(byCategory.get(t.category) ?? []), t]);
  return {
    tools,
    nameWords: [...nameWords],
    nameSuffixes,
    tagPool,
    searchWords,
    phrases: [...phrases],
    providers,
    byCategory,
  };
}

export type SyntheticTool = {
  name: string;
  slug: string;
  nameKey: string;
  websiteUrl: string;
  domainKey: string;
  description: string;
  fullDescription: string;
  category: string;
  pricing: PricingModel;
  tags: string[];
  features: string[];
  provider: string | null;
  isFeatured: boolean;
  createdAt: Date;
};

const DAY_MS = 86_400_000;

/**
 * Yields `count` synthetic tools whose names, slugs and domains are unique among themselves and
 * against `takenNameKeys`/`takenSlugs` (the real catalogue already in the database).
 */
export function* syntheticTools(
  vocab: Vocabulary,
  rng: Rng,
  count: number,
  takenNameKeys: Set<string>,
  takenSlugs: Set<string>,
  now = Date.UTC(2025, 0, 1),
): Generator<SyntheticTool> {
  const word = () => rng.pick(vocab.nameWords);
  const makeName = (): string => {
    switch (rng.int(5)) {
      case 0:
        return `${word()} ${word()}`;
      case 1:
        return `${word()} ${rng.pick(vocab.nameSuffixes)}`;
      case 2:
        return `${word()}${word().toLowerCase()}`;
      case 3:
        return `${word()}${word()}`;
      default:
        return `${word()} ${word()} ${rng.pick(vocab.nameSuffixes)}`;
    }
  };
  for (let i = 0; i < count; i++) {
    let name = makeName();
    for (let attempt = 0; takenNameKeys.has(nameKey(name)) || takenSlugs.has(slugify(name)); attempt++) {
      name = attempt < 20 ? makeName() : `${makeName()} ${attempt}`;
    }
    const slug = slugify(name);
    takenNameKeys.add(nameKey(name));
    takenSlugs.add(slug);

    // Each synthetic tool is modelled on one real tool `a` (category, tags, features and the first
    // half of the description) and borrows the second half of its description from another tool `b`
    // of the same category, so fields stay correlated as in the real catalogue (an image tool says
    // 'image' in its category, tags and description alike) and search matches as many rows as it
    // would in a real catalogue of this size.
    const a = rng.pick(vocab.tools);
    const b = rng.pick(vocab.byCategory.get(a.category) ?? vocab.tools);
    const description = blend(a.description, b.description) || a.description;
    // Like the real rows: mostly the same text as the description; otherwise the long text of the
    // tool the description starts from (continuing the blended description where it extends it).
    const head = a.description.replace(/…$/, "");
    const fullDescription =
      a.fullDescription === a.description
        ? description
        : a.fullDescription.startsWith(head)
          ? `${description} ${a.fullDescription.slice(head.length).trim()}`.trim()
          : a.fullDescription;
    // A real tool's tag list (so the number and mix of tags per tool match the catalogue), at times
    // with one more tag from the whole pool.
    const tags = new Set(a.tags);
    if (rng.chance(0.2)) for (const tag of b.tags) tags.add(tag);
    const host = `${rng.chance(0.4) ? "www." : ""}${slug}.${rng.pick(vocab.tools).tld}`;
    yield {
      name,
      slug,
      nameKey: nameKey(name),
      websiteUrl: `https://${host}/`,
      domainKey: host.replace(/^www\./, ""),
      description,
      fullDescription,
      category: a.category,
      pricing: rng.pick(vocab.tools).pricing,
      tags: [...tags],
      features: a.features,
      provider: rng.chance(0.03) && vocab.providers.length ? rng.pick(vocab.providers) : null,
      isFeatured: rng.chance(0.003),
      createdAt: new Date(now - rng.int(730 * DAY_MS)),
    };
  }
}

/** The first half of one real description joined to the second half of another. */
function blend(a: string, b: string): string {
  const wa = a.replace(/…$/, "").split(" ");
  const wb = b.replace(/…$/, "").split(" ");
  if (wa.length < 4 || wb.length < 4) return a;
  const head = wa.slice(0, Math.ceil(wa.length / 2));
  const tail = wb.slice(Math.ceil(wb.length / 2));
  const text = [...head, ...tail].join(" ").slice(0, 900);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

export type QueryKind =
  | "exact-name"
  | "synthetic-name"
  | "name-prefix"
  | "misspelling"
  | "phrase"
  | "word"
  | "two-words"
  | "broad";

export type BenchQuery = { q: string; kind: QueryKind };

export const BROAD_QUERIES = ["ai", "tool", "image", "video", "chat", "data", "code", "write"] as const;

/** One-character edits a hurried typist makes: swap, drop, double, wrong vowel. */
function misspell(rng: Rng, word: string): string {
  const w = word.toLowerCase();
  if (w.length < 5) return w;
  const i = 1 + rng.int(w.length - 2);
  switch (rng.int(4)) {
    case 0:
      return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
    case 1:
      return w.slice(0, i) + w.slice(i + 1);
    case 2:
      return w.slice(0, i) + w[i] + w.slice(i);
    default: {
      const vowels = "aeiou";
      const j = [...w].findIndex((ch, k) => k > 0 && vowels.includes(ch));
      if (j < 0) return w.slice(0, i) + w.slice(i + 1);
      const replacement = vowels[(vowels.indexOf(w[j] as string) + 1 + rng.int(4)) % 5];
      return w.slice(0, j) + replacement + w.slice(j + 1);
    }
  }
}

/**
 * `count` varied search queries: real and synthetic names (exact, prefixes, misspelt), tag and
 * category phrases, description words, and the broad one-word queries (`broadRepeats` times each).
 */
export function searchQueries(
  vocab: Vocabulary,
  rng: Rng,
  count: number,
  syntheticNames: string[],
  broadRepeats: number,
): BenchQuery[] {
  const out: BenchQuery[] = [];
  for (let r = 0; r < broadRepeats; r++) for (const q of BROAD_QUERIES) out.push({ q, kind: "broad" });
  const realNames = vocab.tools.map((t) => t.name).filter((n) => /\p{L}{3}/u.test(n));
  const longName = () => {
    for (;;) {
      const n = rng.pick(realNames);
      if (n.replace(/[^\p{L}]/gu, "").length >= 5) return n;
    }
  };
  while (out.length < count) {
    const roll = rng.int(100);
    if (roll < 20) out.push({ q: rng.pick(realNames), kind: "exact-name" });
    else if (roll < 30 && syntheticNames.length) out.push({ q: rng.pick(syntheticNames), kind: "synthetic-name" });
    else if (roll < 45) {
      const n = longName().toLowerCase();
      out.push({ q: n.slice(0, 3 + rng.int(3)), kind: "name-prefix" });
    } else if (roll < 62) {
      const first = longName().split(/\s+/)[0] ?? "";
      const word = first.length >= 5 ? first : longName().replace(/[^\p{L}\p{N}]+/gu, "");
      out.push({ q: misspell(rng, word), kind: "misspelling" });
    } else if (roll < 77) out.push({ q: rng.pick(vocab.phrases), kind: "phrase" });
    else if (roll < 90) out.push({ q: rng.pick(vocab.searchWords), kind: "word" });
    else out.push({ q: `${rng.pick(vocab.searchWords)} ${rng.pick(vocab.searchWords)}`, kind: "two-words" });
  }
  return rng.shuffle(out);
}
