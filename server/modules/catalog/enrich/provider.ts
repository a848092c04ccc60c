import { domainKey, onSharedHost } from "../normalize.ts";

/**
 * Who makes a tool, inferred only from what the tool's own listing says (ADR 0027):
 *
 * 1. its website's registrable domain is a company's own domain (a short curated map below; each entry
 *    is a company's official site, checkable by opening it);
 * 2. its address is a repository or model page of a known organisation (github.com/openai/…,
 *    huggingface.co/stabilityai/…); the shared host itself never names a provider;
 * 3. its description says so: "developed by X", "created by X", "built by X", "made by X" (any
 *    proper name), or "from X" / "by X" where X is a known company (the map's values) — not when the
 *    words before say the tool merely uses X ("powered by", "uses", "based on", "built on", "via"…).
 *
 * Each answer carries its rule and a confidence; nothing is guessed beyond these.
 */

export type Inferred<T> = { value: T; rule: string; confidence: number; evidence: string };

/** Registrable domains (as `domainKey` gives them) → the company that owns them. */
export const PROVIDER_DOMAINS: Readonly<Record<string, string>> = {
  "openai.com": "OpenAI",
  "chatgpt.com": "OpenAI",
  "anthropic.com": "Anthropic",
  "claude.ai": "Anthropic",
  "claude.com": "Anthropic",
  "google.com": "Google",
  "withgoogle.com": "Google",
  "deepmind.com": "Google",
  "deepmind.google": "Google",
  "tensorflow.org": "Google",
  "kaggle.com": "Google",
  "microsoft.com": "Microsoft",
  "bing.com": "Microsoft",
  "azure.com": "Microsoft",
  "meta.com": "Meta",
  "facebook.com": "Meta",
  "llama.com": "Meta",
  "amazon.com": "Amazon",
  "apple.com": "Apple",
  "adobe.com": "Adobe",
  "nvidia.com": "NVIDIA",
  "ibm.com": "IBM",
  "baidu.com": "Baidu",
  "bytedance.com": "ByteDance",
  "alibabacloud.com": "Alibaba Cloud",
  "aliyun.com": "Alibaba Cloud",
  "qwen.ai": "Alibaba Cloud",
  "salesforce.com": "Salesforce",
  "mistral.ai": "Mistral AI",
  "x.ai": "xAI",
  "deepseek.com": "DeepSeek",
  "kimi.ai": "Moonshot AI",
  "kimi.com": "Moonshot AI",
  "moonshot.cn": "Moonshot AI",
  "z.ai": "Zhipu AI",
  "bigmodel.cn": "Zhipu AI",
  "cohere.com": "Cohere",
  "cohere.ai": "Cohere",
  "stability.ai": "Stability AI",
  "deepl.com": "DeepL",
  "elevenlabs.io": "ElevenLabs",
  "lumalabs.ai": "Luma AI",
  "runwayml.com": "Runway",
  "perplexity.ai": "Perplexity",
  "midjourney.com": "Midjourney",
  "heygen.com": "HeyGen",
  "topazlabs.com": "Topaz Labs",
  "writesonic.com": "Writesonic",
  "jetbrains.com": "JetBrains",
  "tabnine.com": "Tabnine",
  "descript.com": "Descript",
  "replit.com": "Replit",
  "zapier.com": "Zapier",
  "picsart.com": "Picsart",
  "lightricks.com": "Lightricks",
  "scale.com": "Scale AI",
  "notion.so": "Notion",
  "grammarly.com": "Grammarly",
  "canva.com": "Canva",
  "ollama.com": "Ollama",
  "langchain.com": "LangChain",
};

/** Organisations on shared hosts: github.com/<owner>, huggingface.co/<owner> (lower-case) → company. */
export const PROVIDER_OWNERS: Readonly<Record<string, string>> = {
  "github.com/openai": "OpenAI",
  "github.com/anthropics": "Anthropic",
  "github.com/microsoft": "Microsoft",
  "github.com/google": "Google",
  "github.com/google-research": "Google",
  "github.com/google-deepmind": "Google",
  "github.com/googlecloudplatform": "Google",
  "github.com/facebookresearch": "Meta",
  "github.com/meta-llama": "Meta",
  "github.com/nvidia": "NVIDIA",
  "github.com/aws": "Amazon",
  "github.com/awslabs": "Amazon",
  "github.com/langchain-ai": "LangChain",
  "github.com/run-llama": "LlamaIndex",
  "github.com/qwenlm": "Alibaba Cloud",
  "github.com/deepseek-ai": "DeepSeek",
  "github.com/mistralai": "Mistral AI",
  "github.com/huggingface": "Hugging Face",
  "github.com/stability-ai": "Stability AI",
  "github.com/ollama": "Ollama",
  "github.com/openinterpreter": "Open Interpreter",
  "github.com/e2b-dev": "E2B",
  "github.com/openbmb": "OpenBMB",
  "github.com/thudm": "Tsinghua University (THUDM)",
  "github.com/salesforce": "Salesforce",
  "github.com/ibm": "IBM",
  "huggingface.co/huggingface": "Hugging Face",
  "huggingface.co/openai": "OpenAI",
  "huggingface.co/stabilityai": "Stability AI",
  "huggingface.co/meta-llama": "Meta",
  "huggingface.co/facebook": "Meta",
  "huggingface.co/google": "Google",
  "huggingface.co/microsoft": "Microsoft",
  "huggingface.co/mistralai": "Mistral AI",
  "huggingface.co/deepseek-ai": "DeepSeek",
  "huggingface.co/qwen": "Alibaba Cloud",
  "huggingface.co/compvis": "CompVis (LMU Munich)",
};

/** Company names that "from X" / "by X" may name (the maps' values and a few more with no domain here). */
const KNOWN_PROVIDERS = new Set([
  ...Object.values(PROVIDER_DOMAINS),
  ...Object.values(PROVIDER_OWNERS),
  "Google DeepMind",
  "DeepMind",
  "Hugging Face",
  "AI21 Labs",
  "Databricks",
  "Black Forest Labs",
  "Allen Institute for AI",
  "Alibaba",
  "Tencent",
  "Automattic",
  "Figma",
]);
const PROVIDER_ALIASES: Readonly<Record<string, string>> = {
  DeepMind: "Google",
  "Google DeepMind": "Google",
  "Google Research": "Google",
  Facebook: "Meta",
  HuggingFace: "Hugging Face",
  Alibaba: "Alibaba Cloud",
};

/** A proper name of one to three words: "OpenAI", "Moonshot AI", "Z.ai", "Allen Institute for AI". */
const NAME = String.raw`(?:[A-Z][\w&-]*(?:\.[a-z]{2,})?)(?:\s+(?:for\s+)?[A-Z][\w&-]*(?:\.[a-z]{2,})?){0,2}`;
const MADE_BY = new RegExp(
  String.raw`\b(?:developed|created|built|made|designed|maintained)\s+by\s+(?:the\s+team\s+at\s+)?(${NAME})`,
  "g",
);
const FROM_OR_BY = new RegExp(String.raw`\b(from|by)\s+(${NAME})`, "g");
/** Words before "by"/"from" saying the tool only uses the company's work. */
const USES_BEFORE =
  /\b(?:powered|driven|inspired|backed|funded|acquired|trusted|used|loved|supported|hosted|published|uses?|using|based\s+on|built\s+on|runs?\s+on|models?|apis?|api|via|with|like|than|data|images?|access\s+to|integrat\w*|switch(?:ing)?|migrat\w*|import\w*|convert\w*|text|prompts?)\s*$/i;
/** Nouns that name the tool itself before "from X" / "by X". */
const PRODUCT_NOUNS =
  /^(?:assistant|app|application|tool|platform|model|models|product|service|chatbot|bot|suite|editor|agent|framework|generator|companion|engine|browser|extension|llm|llms|system|solution|software|studio|copilot|family|series|lab|research)$/i;
/** Captured words that are not companies. */
const NOT_NAMES = new Set(["AI", "The", "Our", "Your", "This", "A", "An", "It", "GPT", "LLMs", "PDF", "PDFs"]);

function providerFromName(raw: string): string | null {
  const words = raw.split(/\s+/);
  // Longest known prefix: "OpenAI" of "OpenAI It", "Moonshot AI" of "Moonshot AI Kimi".
  for (let n = words.length; n > 0; n--) {
    const candidate = words.slice(0, n).join(" ");
    if (Object.hasOwn(PROVIDER_ALIASES, candidate)) return PROVIDER_ALIASES[candidate] as string;
    if (KNOWN_PROVIDERS.has(candidate)) return candidate;
  }
  return null;
}

function ownerKey(url: string): string | null {
  const key = domainKey(url);
  const [host, owner] = key.split("/");
  return host && owner ? `${host}/${owner}` : null;
}

export type ProviderInput = { name: string; description: string; fullDescription: string; websiteUrl: string };

export function inferProvider(tool: ProviderInput): Inferred<string> | null {
  const key = domainKey(tool.websiteUrl);
  // A page in someone's store (a custom GPT on chatgpt.com/g/…, a Workspace add-on) is not the host's tool.
  const shared = onSharedHost(tool.websiteUrl);
  if (key && !shared && !key.includes("/") && Object.hasOwn(PROVIDER_DOMAINS, key)) {
    return {
      value: PROVIDER_DOMAINS[key] as string,
      rule: `provider from its own domain (${key})`,
      confidence: 0.95,
      evidence: key,
    };
  }
  const owner = ownerKey(tool.websiteUrl);
  if (owner && Object.hasOwn(PROVIDER_OWNERS, owner)) {
    return {
      value: PROVIDER_OWNERS[owner] as string,
      rule: `provider from its repository's owner (${owner})`,
      confidence: 0.9,
      evidence: owner,
    };
  }
  const text = `${tool.description} ${tool.fullDescription}`;
  for (const m of text.matchAll(MADE_BY)) {
    const raw = (m[1] ?? "").trim();
    const known = providerFromName(raw);
    const name = known ?? raw;
    if (!name || NOT_NAMES.has(name) || name.split(/\s+/).every((w) => NOT_NAMES.has(w))) continue;
    // An unknown name must not be the tool itself or end at a sentence we cut ("Alibaba Cloud. A").
    if (!known && (name.toLowerCase() === tool.name.toLowerCase() || /\s(?:A|An|It|The)$/.test(name))) continue;
    return {
      value: name,
      rule: `provider named in its description ("${m[0].trim()}")`,
      confidence: known ? 0.85 : 0.75,
      evidence: m[0].trim(),
    };
  }
  for (const m of text.matchAll(FROM_OR_BY)) {
    const known = providerFromName((m[2] ?? "").trim());
    if (!known) continue;
    const before = text.slice(Math.max(0, (m.index ?? 0) - 30), m.index ?? 0);
    if (USES_BEFORE.test(before)) continue;
    // The word before must name the tool as a product ("an AI assistant from", "Stable Diffusion by").
    const previous = /(\S+)\s*$/.exec(before)?.[1]?.replace(/[^\p{L}\p{N}.-]/gu, "") ?? "";
    const productNoun = PRODUCT_NOUNS.test(previous);
    const ownName = m[1] === "by" && /^\p{Lu}/u.test(previous) && tool.name.includes(previous);
    if (!productNoun && !ownName) continue;
    // "…from Google" about a tool whose name is another company's product is still that company's tool;
    // but a description that names the company as a comparison ("alternative to … from X") is not.
    if (/\balternative|\bcompetitor|\bclone\b|\bunofficial\b/i.test(text)) continue;
    return {
      value: known,
      rule: `provider named in its description ("${m[0].trim()}")`,
      confidence: 0.75,
      evidence: m[0].trim(),
    };
  }
  return null;
}
