/**
 * The catalogue's quality pass (issue 36 item 1, ADR 0075). Rules read each live listing and
 * propose what an editor should look at:
 *  - `off-topic` / `web-address-name` → retire: a listing that is not an AI tool (a streaming or
 *    gambling site) or is only a web address with nothing about AI in its text;
 *  - `not-about-ai` → retire: a listing whose description says plainly what the tool does and
 *    nothing in its name, text, tags or domain says AI (1Password, 99designs, Aave); never a featured
 *    tool or one with an editors' summary (an editor vouched for it);
 *  - `misspelt-name` → rename: the listing's own domain and description spell the name otherwise
 *    ("Underduck" at uberduck.ai, described as "Uberduck – …");
 *  - `page-title` → describe: the description is the site's page title ("Notion – One Workspace.
 *    Every Team."), not a sentence about the tool.
 * Nothing is deleted and nothing is retired or renamed without an editor: a proposal is a row in
 * tool_quality_flags, and a confirmed one changes the tool through the fact path (applyToolFacts) with
 * the editor's provenance and an audit row. The one change the pass makes itself is a page-title
 * description replaced by the tool's own one-line description from the same data (its long text's
 * first sentence), recorded as an inferred fact; an editor can still change it like any other.
 *
 * The pass also recomputes `tools.quality_score`, the default order of /tools and category pages
 * (QUALITY_WEIGHTS below; /how-we-rank explains it). Open retire proposals and digits-first names
 * sink, so junk and "008", "01", "123kanfang.com" never lead a page.
 *
 * This file holds the rules (pure: the tests call them directly); the scores are in quality-scores.ts,
 * the pass and its job in run-quality-pass.ts, the editors' side in list-quality-flags.ts and
 * decide-quality-flag.ts.
 */
export type QualityAction = "retire" | "rename" | "describe";
export type QualityRule = "off-topic" | "web-address-name" | "not-about-ai" | "misspelt-name" | "page-title";
export const QUALITY_RULES = [
  "off-topic",
  "web-address-name",
  "not-about-ai",
  "misspelt-name",
  "page-title",
] as const satisfies readonly QualityRule[];

/** Each rule in an editor's words, for the review queue (the reasons say why for one listing). */
export const QUALITY_RULE_LABELS: Record<QualityRule, string> = {
  "off-topic": "Not an AI tool: spam or an unrelated site",
  "web-address-name": "Only a web address, nothing about AI",
  "not-about-ai": "Not about AI: nothing in the listing says it uses AI",
  "misspelt-name": "Name spelt differently from its own site",
  "page-title": "Description is the site's page title",
};

export type QualityInput = {
  name: string;
  description: string;
  fullDescription: string;
  domainKey: string;
  tags: string[];
  /** the editors' featured flag: an editor vouched for the listing */
  featured?: boolean;
  /** the editors' summary, when one was written */
  editorialSummary?: string | null;
};

export type QualityProposal = {
  rule: QualityRule;
  action: QualityAction;
  /** in a reader's words: why an editor should look */
  reasons: string[];
  /** the proposed name (rename) or description (describe); null when an editor has to write it */
  proposed: string | null;
};

/** Words that say a listing is about AI (or a tool built on it). */
const AI_WORDS =
  /\b(ai|a\.i\.|artificial intelligence|machine learning|deep learning|neural|gpt[\w.-]*|chatgpt|llms?|language models?|chatbots?|generative|genai|nlp|computer vision|diffusion|text[- ]to[- ]\w+|speech[- ]to[- ]\w+|voice clon\w*|transcri\w+|ocr|copilot|agents?|agentic|prompts?|models?|automat\w+|generat\w+|synthe\w+|recogni\w+|predict\w+|smart|intelligent|chat)\b/i;

/** Topics of listings that are not AI tools and are common catalogue spam, each with its reason. */
const OFF_TOPIC: { pattern: RegExp; reason: string }[] = [
  {
    pattern:
      /\b(streaming (website|site)|watch (free )?(movies|tv)|tv shows and movies|movies and tv shows|free movies)\b/i,
    reason: "describes a site for watching TV shows and films",
  },
  { pattern: /\b(casino|betting|sportsbook|gambling|slot machines?)\b/i, reason: "describes gambling" },
  { pattern: /\b(porn\w*|xxx|escort(s| service)|adult (videos|content|dating))\b/i, reason: "describes adult content" },
  { pattern: /\b(payday loans?|viagra|cialis|replica (watches|bags))\b/i, reason: "describes a common spam product" },
];

/**
 * More that says AI, for `not-about-ai` only (the older rules keep AI_WORDS as they were): the names
 * of models and their makers, what AI tools are described as doing, and "A.I." with its full stops.
 */
const MORE_AI_WORDS =
  /(\ba\.i\.(?=\W|$)|\b(openai|gemini|claude|llama|mistral|(gpt-?)?4o|agi|artificial general intelligence|ml(-powered)?|deep ?fakes?|face[- ]?swap\w*|facial|semantic search|sentiment analysis|embeddings?|natural[- ]language|natural[- ]sounding|assistants api|mcp|autonomous|self-driving|robot\w*|bots?|(writing|coding|code|research|email) assistants?)\b|\b(text|words|scripts?|photos?|images?)( \w+)? into (\w+[ -]){0,2}(videos?|images?|speech|audio|podcasts?|music|paintings?|art)\b)/i;

/**
 * The words of a name, with glued ones apart: "AcademicGPT" → "Academic GPT", "ChatPDF" → "Chat
 * PDF", "AiCure" → "Ai Cure", "Teacherbot" → "Teacher bot", "4oImageAPI" → "4o Image API" (GPT-4o).
 */
export function nameWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/gpt(?=[a-z])/gi, "GPT ")
    .replace(/(?<=[a-z])(gpt|bot)/gi, " $1")
    .replace(/[^A-Za-z0-9.]+/g, " ")
    .trim();
}

/** Imperatives and greetings a tagline starts with: marketing copy, not an account of the tool. */
const TAGLINE_START =
  /^(discover|create|build|find|save|get|make|hire|give|turn|transform|bring|boost|stop|design|summari[sz]e|upgrade|meet|welcome|imagine|apply|learn|check|enhance|remove|change|answer|join|visuali[sz]e|write|struggling|we)\b/i;

/** Sales talk: a description with it is the maker's copy, which often leaves out how the tool works. */
const PROMOTIONAL = /\b(leading|joyful|robust|best|powerful|amazing|stunning|beautiful|magical\w*|world[- ]class)\b/i;

/**
 * True when the one-line description says plainly what the tool is and does ("Secure password
 * manager that stores and autofills passwords…"): a sentence of some length (room to say AI), not a
 * page title, a tagline, a question, sales talk or an address to the reader. Only then does its
 * silence about AI say anything: "Create beautiful presentations…" says nothing either way.
 */
export function isPlainAccount(input: QualityInput): boolean {
  const d = input.description.trim();
  if (d.length < 90 || !/^[A-Z0-9]/.test(d)) return false;
  if (isPageTitle(d, input.name, input.domainKey)) return false;
  if (/[!?]/.test(d) || /\byou(r|'re)?\b/i.test(d) || TAGLINE_START.test(d) || PROMOTIONAL.test(d)) return false;
  const words = d.split(/\s+/);
  return words.filter((w) => /^[A-Z]/.test(w)).length / words.length <= 0.5;
}

/**
 * A directory's category label that one source put on every kind of tool: "Chatbots and assistants" on a
 * consulting firm, a data catalogue, farm software and a water-data platform. It says nothing about the
 * listing itself, so it is no evidence of AI.
 */
/**
 * Phrases whose "smart" names a connected thing, not a learning one: "smart city applications" (a LoRaWAN
 * network platform), "smart home", "smart contracts". They are taken out of the text before it is read for
 * AI, so the word alone does not vouch for the listing.
 */
const NOT_AI_PHRASES = /\bsmart (cit(y|ies)|homes?|contracts?|meters?|buildings?|locks?|grids?|watch(es)?)\b/gi;
const CATCH_ALL_TAGS = /^chatbots and assistants$/i;
const evidenceTags = (tags: string[]) => tags.filter((t) => !CATCH_ALL_TAGS.test(t.trim()));

/** True when something in the listing says AI (the name's glued words and the older signals too). */
export function saysAi(input: QualityInput): boolean {
  const text = [
    input.name,
    nameWords(input.name),
    input.description,
    input.fullDescription,
    evidenceTags(input.tags).join(" "),
  ]
    .join(" \n ")
    .replace(NOT_AI_PHRASES, " ");
  return (
    AI_WORDS.test(text) ||
    MORE_AI_WORDS.test(text) ||
    /AI/.test(input.name) ||
    // "tattoos.ai", "prisma-ai.com", "github.com/deepseek-ai/…"
    /(^|[./-])ai([./-]|$)/i.test(input.domainKey)
  );
}

const WEB_ADDRESS = /^[a-z0-9][a-z0-9-]*(\.[a-z0-9-]+)*\.(com|net|org|cn|io|co|ru|info|xyz|top|site|online|tv|cc)$/i;

/** lower-case alphanumerics, as the importer's name key */
export function compact(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** Levenshtein distance, for short names only. */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] ?? 0;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j] ?? 0;
      prev[j] = Math.min(up + 1, (prev[j - 1] ?? 0) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length] ?? 0;
}

/** "Notion – One Workspace. Every Team." → the brand before the separator, when there is one. */
const TITLE_SEPARATOR = /^\s*([^–—|:-]{1,60}?)\s+[–—|:-]\s+\S/;

/** True when a description reads like a page title: "Brand – tagline", or only the name itself. */
export function isPageTitle(description: string, name: string, domainKey: string): boolean {
  const d = description.trim();
  const nameKey = compact(name);
  const label = compact(domainKey.split(".")[0] ?? "");
  if (!d || /^[.\s]*$/.test(d)) return true;
  const bare = compact(d);
  if (bare && (bare === nameKey || bare === label || bare === `${label}${compact(domainKey.split(".")[1] ?? "")}`))
    return true;
  const m = TITLE_SEPARATOR.exec(d);
  if (!m?.[1]) return false;
  const brand = compact(m[1]);
  if (!brand) return false;
  const near = (x: string) => x.length > 0 && (brand === x || (brand.length >= 4 && editDistance(brand, x) <= 2));
  return near(nameKey) || near(label);
}

/** The tool's own one-line description from its long text: the first sentence, if it is one. */
export function ownOneLiner(input: QualityInput): string | null {
  const full = input.fullDescription.trim();
  if (!full || full === input.description.trim()) return null;
  const first = (/^.{30,240}?[.!?](?=\s|$)/s.exec(full)?.[0] ?? (full.length <= 240 ? full : "")).trim();
  if (first.length < 40 || isPageTitle(first, input.name, input.domainKey)) return null;
  // A run of Title Case Words is a tagline or a list of headings, not a sentence about the tool.
  const words = first.split(/\s+/);
  const capitalised = words.filter((w) => /^[A-Z]/.test(w)).length;
  if (words.length >= 4 && capitalised / words.length > 0.6) return null;
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

/** Every proposal the rules make for one listing (pure: the tests call it directly). */
export function qualityProposals(input: QualityInput): QualityProposal[] {
  const out: QualityProposal[] = [];
  const text = [input.name, input.description, input.fullDescription, evidenceTags(input.tags).join(" ")].join(" \n ");
  // "StockPhotoAI", "Tattoos.ai": the name or the site says AI even when the text does not.
  const aboutAi = AI_WORDS.test(text) || /AI/.test(input.name) || /\.ai$/i.test(input.domainKey);

  const offTopic = OFF_TOPIC.filter((t) => t.pattern.test(`${input.description} ${input.fullDescription}`));
  if (offTopic.length && !aboutAi) {
    out.push({
      rule: "off-topic",
      action: "retire",
      reasons: [...offTopic.map((t) => `Its description ${t.reason}`), "Nothing in its text is about AI"],
      proposed: null,
    });
  } else if (WEB_ADDRESS.test(input.name.trim()) && !aboutAi) {
    out.push({
      rule: "web-address-name",
      action: "retire",
      reasons: ["Its name is a bare web address", "Nothing in its text is about AI"],
      proposed: null,
    });
  } else if (!input.featured && !input.editorialSummary?.trim() && !saysAi(input) && isPlainAccount(input)) {
    // One retire proposal per listing: the two above already say it is not an AI tool.
    out.push({
      rule: "not-about-ai",
      action: "retire",
      reasons: [
        "Nothing in its name, description or tags says it uses AI",
        "Its description says plainly what it does, and AI is no part of it",
      ],
      proposed: null,
    });
  }

  // A name its own domain and description spell otherwise: "Underduck" at uberduck.ai, "Uberduck – …".
  const nameKey = compact(input.name);
  const label = input.domainKey.split(".")[0] ?? "";
  const labelKey = compact(label);
  if (labelKey.length >= 4 && nameKey !== labelKey && !nameKey.includes(labelKey) && !labelKey.includes(nameKey)) {
    const distance = editDistance(nameKey, labelKey);
    const spelt = new RegExp(`\\b(${label.replace(/[^a-z0-9]/gi, "")})\\b`, "i").exec(
      `${input.description} ${input.fullDescription}`,
    )?.[1];
    if (
      spelt &&
      distance >= 1 &&
      distance <= 2 &&
      !new RegExp(`\\b${escapeRegExp(input.name)}\\b`, "i").test(input.description)
    ) {
      out.push({
        rule: "misspelt-name",
        action: "rename",
        reasons: [
          `Its website is ${input.domainKey} and its description calls it "${spelt}"`,
          `The listed name "${input.name}" appears nowhere in its description`,
        ],
        proposed: spelt,
      });
    }
  }

  if (isPageTitle(input.description, input.name, input.domainKey)) {
    const own = ownOneLiner(input);
    out.push({
      rule: "page-title",
      action: "describe",
      reasons: [
        `Its description "${input.description.trim() || "(empty)"}" is the website's page title, not a sentence about the tool`,
        own
          ? "Its own longer text has a one-line description to use instead"
          : "No better description in the data: an editor should write one",
      ],
      proposed: own,
    });
  }
  return out;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
