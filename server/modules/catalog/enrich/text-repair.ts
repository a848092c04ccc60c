/**
 * Repairs artefacts that the sources' scraping left in descriptions (issue 20, ADR 0027). It is
 * deliberately narrow: each rule fixes one artefact we have seen and is tested with text it must NOT
 * change. Anything it does is recorded with the original text in the fact's provenance.
 *
 * - Title-casing that capitalised the letter after an apostrophe: "World'S" → "World's" (only after a
 *   lower-case letter, so "IT'S" or "O'Sullivan" stay as they are), and its variant that lost the
 *   apostrophe in a few contractions ("ThereS a" → "There's a").
 * - HTML entities left in the text: "&amp;" → "&", "&#39;" → "'", "&nbsp;" → " " (named entities from a
 *   short list; numeric ones for printable characters only).
 * - An article glued to the next word: "Apowerful" → "A powerful". Only at the start of a sentence, only
 *   before a word from a short list of words that follow "a"/"an" in marketing copy, so "Amazing",
 *   "Anew", "Ahead", "Asana" and "Another" stay.
 * - A tool's own mixed-case name written in the wrong case ("Deepl Translate" for DeepL).
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  quot: '"',
  apos: "'",
  lt: "<",
  gt: ">",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
  copy: "©",
  reg: "®",
  trade: "™",
};

/** Words that follow "a" in the sources' copy; "A" glued to one of these is split. */
const AFTER_A = [
  "better",
  "beautiful",
  "complete",
  "comprehensive",
  "conversational",
  "custom",
  "faster",
  "flexible",
  "free",
  "friendly",
  "generative",
  "great",
  "modern",
  "personal",
  "platform",
  "powerful",
  "revolutionary",
  "simple",
  "single",
  "smart",
  "smarter",
  "suite",
  "tool",
  "unique",
  "versatile",
  "virtual",
];
/** Words that follow "an". */
const AFTER_AN = ["advanced", "intelligent", "innovative", "open", "online", "easy", "interactive", "ultimate"];
const GLUED = new RegExp(`(^|[.!?]\\s+)(A)(${AFTER_A.join("|")})\\b|(^|[.!?]\\s+)(An)(${AFTER_AN.join("|")})\\b`, "g");

export type RepairRule = "apostrophe-case" | "html-entity" | "glued-article" | "name-case";

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,8});/g, (whole, body: string) => {
    if (body.startsWith("#")) {
      const code = body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      // Printable characters only: no controls, no surrogates, nothing beyond Unicode.
      if (code < 0x20 || (code >= 0x7f && code < 0xa0) || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) {
        return whole;
      }
      return String.fromCodePoint(code);
    }
    return Object.hasOwn(NAMED_ENTITIES, body) ? (NAMED_ENTITIES[body] as string) : whole;
  });
}

/** Fixes the artefacts above; `rules` lists which ones changed something. */
export function repairText(text: string, toolName?: string): { text: string; rules: RepairRule[] } {
  const rules: RepairRule[] = [];
  let out = text;
  const step = (rule: RepairRule, next: string) => {
    if (next !== out) {
      rules.push(rule);
      out = next;
    }
  };
  // Decode twice at most: "&amp;amp;" is a double-escaped "&" in some sources.
  step("html-entity", decodeEntities(decodeEntities(out)).replace(/\u00a0/g, " "));
  step(
    "apostrophe-case",
    out.replace(/(\p{Ll})(['’])S(?=[\s.,;:!?)"”]|$)/gu, (_m, before: string, q: string) => `${before}${q}s`),
  );
  // The same title-caser with the apostrophe lost: "ThereS a New Way" (a short list of contractions only).
  step("apostrophe-case", out.replace(/\b(There|It|What|That|Here|Let|Who|Where)S(?=\s)/g, "$1's"));
  step(
    "glued-article",
    out.replace(GLUED, (m, p1?: string, a?: string, w1?: string, p2?: string, an?: string, w2?: string) =>
      a ? `${p1 ?? ""}${a} ${w1}` : an ? `${p2 ?? ""}${an} ${w2}` : m,
    ),
  );
  if (toolName && /\p{Ll}/u.test(toolName) && /\p{Lu}.*\p{Lu}/u.test(toolName) && !/\s/.test(toolName)) {
    // A one-word brand with inner capitals (DeepL, HeyGen): the same word in another case is the title-caser's.
    const escaped = toolName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    step(
      "name-case",
      out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "giu"), (m) =>
        m !== toolName && m.toLowerCase() !== m && m.toUpperCase() !== m ? toolName : m,
      ),
    );
  }
  return { text: out, rules };
}

/** True when a text still shows the apostrophe artefact (the seed's acceptance check counts these). */
export const hasApostropheArtefact = (text: string) => /\p{Ll}['’]S(?=[\s.,;:!?)"”]|$)/u.test(text);
