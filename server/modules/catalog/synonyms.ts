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
export type SynonymRule = { triggers: string[]; expand: string[] };

export const SYNONYM_RULES: SynonymRule[] = [
  { triggers: ["dub", "dubbing", "dubbed", "voice over", "voiceover"], expand: ["dubbing", "dub", "voiceover"] },
  {
    triggers: ["another language", "other language", "translate", "translation", "translator"],
    expand: ["translation", "translate", "multilingual"],
  },
  {
    triggers: ["sql", "database query", "query database", "text to sql"],
    expand: ["sql", "text2sql", "database query"],
  },
  {
    triggers: ["text to image", "image generator", "generate image", "generate images", "ai art", "draw"],
    expand: ["text to image", "text-to-image", "image generator", "art generator"],
  },
  {
    triggers: ["speech to text", "transcribe", "transcription", "transcript", "dictation"],
    expand: ["speech to text", "speech-to-text", "transcription", "transcribe"],
  },
  {
    triggers: ["text to speech", "tts", "read aloud", "voice generator", "ai voice"],
    expand: ["text to speech", "text-to-speech", "voice generator", "voice cloning"],
  },
  { triggers: ["logo", "logos"], expand: ["logo generator", "logo design"] },
  { triggers: ["resume", "cv", "cover letter"], expand: ["resume", "cover letter"] },
  {
    triggers: ["slides", "presentation", "presentations", "pitch deck", "slide deck"],
    expand: ["presentation", "slides"],
  },
  {
    triggers: ["meeting notes", "meeting minutes", "meeting summary", "summarize meetings"],
    expand: ["meeting assistant", "meeting notes", "meeting assistants"],
  },
  {
    triggers: ["remove background", "background remover", "background removal", "remove bg"],
    expand: ["background removal", "remove background", "background remover"],
  },
  {
    triggers: ["upscale", "upscaler", "enhance photo", "sharpen image"],
    expand: ["upscale", "upscaler", "image enhancement"],
  },
  {
    triggers: ["write code", "coding assistant", "code assistant", "autocomplete code", "pair programmer"],
    expand: ["coding assistant", "code completion", "code assistant"],
  },
  {
    triggers: ["chatbot for website", "customer support bot", "support chatbot"],
    expand: ["customer support", "chatbot"],
  },
  {
    triggers: ["make music", "generate music", "music generator", "ai music", "song", "songs", "compose music"],
    expand: ["music generation", "music generator", "song"],
  },
  {
    triggers: ["talking head", "talking avatar", "ai presenter", "avatar video"],
    expand: ["avatar", "talking avatar"],
  },
  { triggers: ["edit video", "video editor", "cut video"], expand: ["video editing", "video editor"] },
  {
    triggers: ["run llm locally", "local llm", "run models locally", "offline llm"],
    expand: ["local llm", "local inference", "run locally"],
  },
  {
    triggers: ["research papers", "academic papers", "literature review"],
    expand: ["research assistant", "academic", "papers"],
  },
  {
    triggers: ["write blog", "blog post", "blog posts", "copywriting"],
    expand: ["blog", "copywriting", "content writing"],
  },
];

/** The expansions of every rule whose trigger occurs in `terms` (consecutive whole words). */
export function expandTerms(terms: string[], rules: SynonymRule[] = SYNONYM_RULES): string[] {
  const text = ` ${terms.join(" ")} `;
  const out = new Set<string>();
  for (const rule of rules) {
    if (rule.triggers.some((trigger) => text.includes(` ${trigger} `))) {
      for (const phrase of rule.expand) out.add(phrase);
    }
  }
  return [...out];
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
