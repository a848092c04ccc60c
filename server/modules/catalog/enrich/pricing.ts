import type { PricingModel } from "../normalize.ts";
import type { Inferred } from "./provider.ts";

/**
 * A pricing model for a tool whose source said nothing (ADR 0027), from, in this order:
 *
 * 1. the source's own markers: an "open source" tag or feature (the sources' "#opensource" flags);
 * 2. its address: a GitHub or GitLab repository, or a Hugging Face model page → open source (the code or
 *    weights are published there); a Hugging Face Space → free (a public demo anyone can run);
 * 3. explicit words in its description: "open-source …", "freemium", "free plan/tier/version/trial",
 *    "100 % free", "$12/month", "subscription", "one-time purchase". A negation just before ("no free
 *    plan", "not free") voids the match.
 */

export type PricingInput = {
  description: string;
  fullDescription: string;
  websiteUrl: string;
  tags: string[];
  features: string[];
};

type WordRule = { model: PricingModel; pattern: RegExp; confidence: number; label: string };

const WORD_RULES: WordRule[] = [
  {
    model: "open_source",
    pattern:
      /\b(?:is|an?|fully|completely|free\s+and|100%)\s+open[\s-]source\b|\bopen[\s-]source\s+(?:\w+\s+)?(?:framework|library|project|tool|model|alternative|platform|app|application|software|implementation|toolkit|sdk|cli|agent|engine|llm)s?\b/i,
    confidence: 0.8,
    label: "open source",
  },
  { model: "freemium", pattern: /\bfreemium\b/i, confidence: 0.9, label: "freemium" },
  {
    model: "freemium",
    pattern: /\bfree\s+(?:plan|tier|version|trial|credits?)\b|\b(?:start|try(?:\s+it)?|get\s+started)\s+for\s+free\b/i,
    confidence: 0.75,
    label: "a free plan or trial",
  },
  {
    model: "free",
    pattern:
      /\b(?:100%|completely|totally|entirely|absolutely)\s+free\b|\bfree\s+(?:of\s+charge|forever|to\s+use)\b|\bis\s+free\b/i,
    confidence: 0.7,
    label: "free",
  },
  {
    model: "subscription",
    pattern:
      /\$\s?\d+(?:\.\d+)?\s*(?:\/|per\s+)\s*(?:month|mo|year|yr)\b|\bmonthly\s+subscription\b|\bsubscription[\s-]based\b/i,
    confidence: 0.75,
    label: "a subscription price",
  },
  {
    model: "paid",
    pattern: /\bone[\s-]time\s+(?:payment|purchase|fee)\b|\bpaid\s+(?:app|software|tool|service)\b/i,
    confidence: 0.7,
    label: "a price",
  },
];

const NEGATION_BEFORE = /\b(?:no|not|without|isn't|is\s+not|never|non)\s+(?:\w+\s+)?$/i;

function host(url: string): { host: string; path: string[] } | null {
  try {
    const u = new URL(url);
    return { host: u.hostname.toLowerCase().replace(/^www\./, ""), path: u.pathname.split("/").filter(Boolean) };
  } catch {
    return null;
  }
}

export function inferPricing(tool: PricingInput): Inferred<PricingModel> | null {
  const marker = [...tool.tags, ...tool.features].find((t) => /^open[\s-]?source$/i.test(t.trim()));
  if (marker) {
    return { value: "open_source", rule: `source marker ("${marker}")`, confidence: 0.9, evidence: marker };
  }
  const h = host(tool.websiteUrl);
  if (h && (h.host === "github.com" || h.host === "gitlab.com") && h.path.length >= 2) {
    const where = h.host === "github.com" ? "GitHub" : "GitLab";
    return { value: "open_source", rule: `its ${where} address`, confidence: 0.85, evidence: h.host };
  }
  if (h && h.host === "huggingface.co" && h.path.length >= 2) {
    if (h.path[0] === "spaces") {
      return { value: "free", rule: "its Hugging Face Space (a public demo)", confidence: 0.7, evidence: h.host };
    }
    if (h.path[0] !== "docs" && h.path[0] !== "blog") {
      return { value: "open_source", rule: "its Hugging Face model page", confidence: 0.8, evidence: h.host };
    }
  }
  const text = `${tool.description} ${tool.fullDescription}`;
  for (const rule of WORD_RULES) {
    const m = rule.pattern.exec(text);
    if (!m) continue;
    if (NEGATION_BEFORE.test(text.slice(Math.max(0, m.index - 20), m.index))) continue;
    return {
      value: rule.model,
      rule: `price words in its description ("${m[0].trim()}")`,
      confidence: rule.confidence,
      evidence: m[0].trim(),
    };
  }
  return null;
}
