/**
 * Intent phrases → the catalogue's own vocabulary (ADR 0015, ranking signals).
 *
 * People search by what they want done ('dub my video into another language', 'write sql from
 * english'); the catalogue describes tools with its tags, category names and descriptions
 * ('dubbing', 'text to sql', 'Transcription & Translation'). A search whose words contain a trigger
 * also matches (and is ranked by) the rule's expansions. Every expansion is a phrase the seeded
 * catalogue actually uses — `tests/integration/relevance.db.test.ts` checks each one finds tools — so
 * the list cannot drift into words no tool carries. Triggers are matched on searchTerms' output
 * (lower-case words, accents removed), as whole consecutive words.
 *
 * Keep triggers specific: a rule fires on every search containing its words, and an expansion that
 * matches hundreds of tools would push the specific matches off the first page.
 */
/**
 * `facets` (ADR 0035): the catalogue's own tags and category names the intent belongs to, written as
 * `tools.search_facets` holds them (lower-case words, single spaces). A tool carrying one gains the
 * facet points, so a well-known product whose source text never repeats the query's words ('Suno
 * AI: Anyone can make great music') is still found for 'music generator'. The relevance test checks
 * each facet exists in the seeded catalogue and stays specific (FACET_MAX_TOOLS).
 */
export type SynonymRule = { triggers: string[]; expand: string[]; facets?: string[] };

export const SYNONYM_RULES: SynonymRule[] = [
  { triggers: ["dub", "dubbing", "dubbed", "voice over", "voiceover"], expand: ["dubbing", "dub", "voiceover"] },
  {
    triggers: ["another language", "other language", "translate", "translation", "translator"],
    expand: ["translation", "translate", "multilingual"],
    facets: ["translation transcript"],
  },
  {
    triggers: ["sql", "database query", "query database", "text to sql"],
    expand: ["sql", "text2sql", "database query"],
  },
  {
    triggers: ["text to image", "image generator", "generate image", "generate images", "ai art", "draw"],
    expand: ["text to image", "text-to-image", "image generator", "art generator"],
    facets: ["art image generator", "image generation tools", "image generation and editing"],
  },
  {
    triggers: ["speech to text", "transcribe", "transcription", "transcript", "dictation"],
    expand: ["speech to text", "speech-to-text", "transcription", "transcribe"],
    facets: ["speech to text", "transcriber providers"],
  },
  {
    triggers: ["text to speech", "tts", "read aloud", "voice generator", "ai voice"],
    expand: ["text to speech", "text-to-speech", "voice generator", "voice cloning"],
    facets: ["text to speech", "voice providers", "ai voice cloning"],
  },
  { triggers: ["logo", "logos"], expand: ["logo generator", "logo design"], facets: ["logo generator"] },
  {
    triggers: ["resume", "cv", "cover letter"],
    expand: ["resume", "cover letter"],
    facets: ["human resources resume"],
  },
  {
    triggers: ["slides", "presentation", "presentations", "pitch deck", "slide deck"],
    expand: ["presentation", "slides"],
    facets: ["slides presentations", "presentations and documents"],
  },
  {
    triggers: ["meeting notes", "meeting minutes", "meeting summary", "summarize meetings"],
    expand: ["meeting assistant", "meeting notes", "meeting assistants"],
    facets: ["meeting assistants"],
  },
  {
    triggers: ["remove background", "background remover", "background removal", "remove bg"],
    expand: ["background removal", "remove background", "background remover"],
  },
  {
    triggers: ["upscale", "upscaler", "enhance photo", "sharpen image"],
    expand: ["upscale", "upscaler", "image enhancement"],
    facets: ["media enhancement ai tools"],
  },
  {
    triggers: ["write code", "coding assistant", "code assistant", "autocomplete code", "pair programmer"],
    expand: ["coding assistant", "code completion", "code assistant"],
    facets: ["code database assistant", "coding assistants", "ai powered compilers and code assistants"],
  },
  {
    triggers: ["chatbot for website", "customer support bot", "support chatbot"],
    expand: ["customer support", "chatbot"],
    facets: ["customer support", "chat bot"],
  },
  {
    triggers: ["make music", "generate music", "music generator", "ai music", "song", "songs", "compose music"],
    expand: ["music generation", "music generator", "song"],
    facets: [
      "music",
      "music audio generation",
      "ai music generators",
      "music generation tools",
      "sound generation tools",
    ],
  },
  {
    triggers: ["talking head", "talking avatar", "ai presenter", "avatar video"],
    expand: ["avatar", "talking avatar"],
    facets: ["avatars"],
  },
  { triggers: ["edit video", "video editor", "cut video"], expand: ["video editing", "video editor"] },
  {
    triggers: ["video generation", "video generator", "generate video", "generate videos", "text to video"],
    expand: ["video generation", "video generator", "text to video"],
    facets: ["video generation tools", "video"],
  },
  {
    triggers: ["run llm locally", "local llm", "run models locally", "offline llm"],
    expand: ["local llm", "local inference", "run locally"],
    facets: ["local inference", "local llm deployment"],
  },
  {
    triggers: ["research papers", "academic papers", "literature review"],
    expand: ["research assistant", "academic", "papers"],
    facets: ["academia", "research assistant"],
  },
  {
    triggers: ["write blog", "blog post", "blog posts", "copywriting"],
    expand: ["blog", "copywriting", "content writing"],
  },
];

/** The expansions of every rule whose trigger occurs in `terms` (consecutive whole words). */
export function expandTerms(terms: string[], rules: SynonymRule[] = SYNONYM_RULES): string[] {
  return [...new Set(firedRules(terms, rules).flatMap((rule) => rule.expand))];
}

/** The rules whose trigger occurs in `terms` (consecutive whole words). */
function firedRules(terms: string[], rules: SynonymRule[]): SynonymRule[] {
  const text = ` ${terms.join(" ")} `;
  return rules.filter((rule) => rule.triggers.some((trigger) => text.includes(` ${trigger} `)));
}

/** A facet (tag or category) matching more tools than this is too broad to stand for an intent. */
export const FACET_MAX_TOOLS = 150;

/**
 * The catalogue facets a query stands for (ADR 0035). `curated`: the facets of the rules the query
 * triggers. `phrases`: without any list, every run of two or more consecutive query words in
 * singular and plural — a tag or category counts when the query contains its whole name ('best
 * meeting assistant' → the tag 'Meeting assistants'); single words inside longer queries never do,
 * so 'text' in 'generate music from text' does not pick the 'Text' tag. `single`: a one-word query
 * itself ('music'), which may also be a brand ('deepseek' is a tag too), so it earns facet points but
 * does not make the query a category query (search.ts dampens descriptive names only for those).
 */
export function facetsFor(
  terms: string[],
  rules: SynonymRule[] = SYNONYM_RULES,
): { curated: string[]; phrases: string[]; single: string[]; fired: boolean } {
  const fired = firedRules(terms, rules);
  const variants = (words: string[]) => {
    const phrase = words.join(" ");
    const last = words[words.length - 1] ?? "";
    return [phrase, last.endsWith("s") ? phrase.slice(0, -1) : `${phrase}s`];
  };
  const words = terms.filter((w) => /^[a-z0-9]+$/.test(w));
  const phrases = new Set<string>();
  for (let from = 0; from < words.length; from++) {
    for (let to = from + 2; to <= words.length; to++) for (const v of variants(words.slice(from, to))) phrases.add(v);
  }
  return {
    curated: [...new Set(fired.flatMap((rule) => rule.facets ?? []))],
    phrases: [...phrases],
    single: words.length === 1 ? variants(words) : [],
    fired: fired.length > 0,
  };
}

/** Names up to this long get transposition variants (longer ones: trigram similarity copes). */
const MAX_TRANSPOSE_LENGTH = 24;

/**
 * Every spelling one swap of two adjacent letters away from `text` ('cluade' → 'claude', …), within
 * words (spaces never move). Trigram similarity misses these on short names: 'cluade' and 'claude'
 * share only three of their trigrams. Empty for texts shorter than `minLength` or too long.
 */
export function transpositions(text: string, minLength = 4): string[] {
  if (text.length < minLength || text.length > MAX_TRANSPOSE_LENGTH) return [];
  const out = new Set<string>();
  for (let i = 0; i < text.length - 1; i++) {
    const a = text[i] as string;
    const b = text[i + 1] as string;
    if (a === b || a === " " || b === " ") continue;
    out.add(text.slice(0, i) + b + a + text.slice(i + 2));
  }
  out.delete(text);
  return [...out];
}
