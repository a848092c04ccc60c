import { domainKey, onSharedHost, PROVIDER_DOMAINS } from "../catalog/index.ts";
import { type Icon, type IconIndex, iconKey } from "./icon-sets.ts";

/**
 * Which bundled mark belongs to a tool (ADR 0028). Only two signals count: the tool's exact name and its
 * own registrable domain. A brand name alone can be someone else's (a tool called "Compass" is not the
 * Compass brand), so a name-only match is accepted only in the AI-brands set (LobeHub); elsewhere the
 * name must agree with the domain, or the domain alone must name the brand (chat.openai.com → OpenAI).
 * A shared host (github.com/…, huggingface.co/…, the Chrome Web Store, app stores) or a hosting
 * platform's sub-domain is never the tool's own domain: it never gives the host's mark.
 *
 * A domain alone names the brand only where that is checkable: a .com domain (brands' marks are drawn
 * from their .com sites), a company domain of the provider map, or an AI brand (LobeHub) — except the
 * reviewed collisions below, where another company owns the same word under another ending.
 */
const DOMAIN_COLLISIONS = new Set(["copilot.us", "goose.ai", "cohere.io", "poly.ai"]);

export type LogoMatch = {
  icon: Icon;
  how: "name and domain" | "name" | "domain";
  /** what matched: the name or the domain */
  evidence: string;
  confidence: number;
};

export type MatchInput = { name: string; websiteUrl: string };

/** The tool's own registrable domain, or null on a shared host or platform sub-domain. */
export function ownDomain(websiteUrl: string): string | null {
  if (onSharedHost(websiteUrl)) return null;
  const key = domainKey(websiteUrl);
  return key && !key.includes("/") ? key : null;
}

const best = (icons: Icon[] | undefined) => icons?.[0];
/** When only the AI-brands set vouches for a match, its own mark is used (another set's may be another brand). */
const bestLobehub = (icons: Icon[] | undefined) => icons?.find((i) => i.set === "lobehub");

export function matchLogo(tool: MatchInput, index: IconIndex): LogoMatch | null {
  const nameKey = iconKey(tool.name);
  const byName = nameKey.length >= 2 ? index.byKey.get(nameKey) : undefined;
  const domain = ownDomain(tool.websiteUrl);
  const label = domain?.split(".")[0] ?? "";
  const domainKeys = domain ? [iconKey(domain), iconKey(label)].filter((k) => k.length >= 3) : [];
  const domainHit = domainKeys.find((k) => index.byKey.has(k));

  if (byName && domainHit === nameKey) {
    return {
      icon: best(byName) as Icon,
      how: "name and domain",
      evidence: `${tool.name} · ${domain}`,
      confidence: 0.95,
    };
  }
  const lobehub = bestLobehub(byName);
  if (lobehub) return { icon: lobehub, how: "name", evidence: tool.name, confidence: 0.9 };
  if (!domainHit || !domain || DOMAIN_COLLISIONS.has(domain)) return null;
  const icons = index.byKey.get(domainHit) ?? [];
  const icon = domain.endsWith(".com") || Object.hasOwn(PROVIDER_DOMAINS, domain) ? best(icons) : bestLobehub(icons);
  if (icon) {
    return {
      icon,
      how: "domain",
      evidence: domain,
      confidence: 0.85,
    };
  }
  return null;
}
