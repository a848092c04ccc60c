import { createHash } from "node:crypto";
import type { Db } from "../../platform/db/index.ts";
import type { Env } from "../../platform/env.ts";
import { siteUrl } from "../../platform/site-origin.ts";
import { loadEntitlements } from "../accounts/index.ts";
import { cardsForTier, getComparison, getTool, type ToolCard } from "../catalog/index.ts";
import { citationsFor } from "./citations.ts";
import { escapeXml as esc } from "./xml.ts";

/**
 * Live badges and embeds for makers' sites (issue 22): an SVG badge, an iframe card and a compare
 * widget. They show only a visitor's view of a tool (its overview), carry no script, set no cookie
 * and track nothing; the HTTP layer lets any site frame them (CSP frame-ancestors *, embed paths only).
 */
type SiteEnv = Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">;
export const EMBED_THEMES = ["light", "dark"] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];
export const themeOf = (v: string | null | undefined): EmbedTheme => (v === "dark" ? "dark" : "light");

/** What a badge or card shows of a tool. */
export type EmbedTool = {
  slug: string;
  name: string;
  description: string;
  category: string;
  pricingModel: string;
  rating: number;
  reviewCount: number;
  verified: boolean;
  logoUrl: string | null;
  url: string;
};

function toEmbed(card: ToolCard, verified: boolean, env: SiteEnv): EmbedTool {
  const logo = card.logo_url;
  return {
    slug: card.slug,
    name: card.name,
    description: card.description,
    category: card.category,
    pricingModel: card.pricing_model,
    rating: card.rating,
    reviewCount: card.review_count,
    verified,
    logoUrl: logo?.startsWith("/") ? siteUrl(env, logo) : logo?.startsWith("https://") ? logo : null,
    url: siteUrl(env, `/tools/${card.slug}`),
  };
}

/** One published tool as embeds show it, or null. */
export async function embedTool(db: Db, env: SiteEnv, slug: string): Promise<EmbedTool | null> {
  const tool = await getTool(db, slug);
  if (tool?.status !== "active") return null;
  const [card] = cardsForTier([tool], null);
  if (!card) return null;
  const citation = (await citationsFor(db, env, [tool])).get(tool.id);
  return toEmbed(card, Boolean(citation?.last_verified), env);
}

/** The tools of a compare widget, capped as a visitor's comparison. */
export async function embedComparison(
  db: Db,
  env: SiteEnv,
  keys: string[],
): Promise<{ tools: EmbedTool[]; omitted: number; missing: string[] }> {
  const entitlements = await loadEntitlements(db);
  const comparison = await getComparison(db, keys, { cap: entitlements.compareCap("free"), tier: null });
  const citations = await citationsFor(db, env, comparison.tools);
  return {
    tools: comparison.tools.map((c) => toEmbed(c, Boolean(citations.get(c.id)?.last_verified), env)),
    omitted: comparison.omitted,
    missing: comparison.missing,
  };
}

export const etagOf = (body: string) => `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;

const ratingText = (t: EmbedTool) =>
  t.reviewCount > 0 ? `★ ${t.rating.toFixed(1)} (${t.reviewCount})` : "not yet rated";

/** Approximate width of text in 11px Verdana/DejaVu Sans (per character class; measured in Chromium). */
function textWidth(s: string): number {
  let w = 0;
  for (const ch of s) {
    if (/[ilj.,:;|!'’()[\]]/.test(ch)) w += 3;
    else if (ch === " ") w += 3.5;
    else if (/[mwMW@]/.test(ch)) w += 9;
    else if (/[A-Z0-9★✓]/.test(ch)) w += 7;
    else w += 6;
  }
  return Math.ceil(w);
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** The badge: "Toolscape | {name} ★ 4.6 (12) · Freemium · ✓ verified", light or dark. */
export function badgeSvg(tool: EmbedTool, theme: EmbedTheme): string {
  const left = "Toolscape";
  const right = [
    clip(tool.name, 40),
    ratingText(tool),
    ...(tool.pricingModel === "Unknown" ? [] : [tool.pricingModel]),
    ...(tool.verified ? ["✓ verified"] : []),
  ].join(" · ");
  // The label is bold: a little wider than the estimate.
  const lw = Math.ceil(textWidth(left) * 1.1) + 14;
  const rw = textWidth(right) + 16;
  const width = lw + rw;
  const colors =
    theme === "dark"
      ? { left: "#0f172a", right: "#1e293b", text: "#f8fafc", sub: "#e2e8f0", border: "#334155" }
      : { left: "#4f46e5", right: "#f8fafc", text: "#ffffff", sub: "#0f172a", border: "#cbd5e1" };
  const label = `${left}: ${right}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="22" viewBox="0 0 ${width} 22" role="img" aria-label="${esc(label)}">`,
    `<title>${esc(label)}</title>`,
    `<rect x="0.5" y="0.5" width="${width - 1}" height="21" rx="4" fill="${colors.right}" stroke="${colors.border}"/>`,
    `<path d="M4.5 0.5h${lw - 4}v21h-${lw - 4}a4 4 0 0 1-4-4v-13a4 4 0 0 1 4-4z" fill="${colors.left}"/>`,
    `<g font-family="Verdana,DejaVu Sans,Geneva,sans-serif" font-size="11">`,
    `<text x="${lw / 2}" y="15" fill="${colors.text}" text-anchor="middle" font-weight="bold">${left}</text>`,
    `<text x="${lw + 8}" y="15" fill="${colors.sub}">${esc(right)}</text>`,
    "</g>",
    "</svg>",
    "",
  ].join("");
}

const PAGE_STYLE = (theme: EmbedTheme) => {
  const c =
    theme === "dark"
      ? { bg: "#0f172a", card: "#111827", text: "#f1f5f9", muted: "#94a3b8", border: "#334155", accent: "#a5b4fc" }
      : { bg: "#ffffff", card: "#ffffff", text: "#0f172a", muted: "#475569", border: "#e2e8f0", accent: "#4338ca" };
  return `*{box-sizing:border-box}body{margin:0;background:${c.bg};color:${c.text};font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.card{border:1px solid ${c.border};border-radius:12px;padding:14px 16px;background:${c.card};max-width:100%}
.head{display:flex;gap:12px;align-items:center}.logo{width:40px;height:40px;border-radius:8px;object-fit:contain;border:1px solid ${c.border};background:#fff}
.initials{width:40px;height:40px;border-radius:8px;display:flex;align-items:center;justify-content:center;background:${c.accent};color:#fff;font-weight:700}
h1,h2{font-size:16px;margin:0}.meta{color:${c.muted};font-size:12px}.desc{margin:10px 0;color:${c.text};display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.row{display:flex;flex-wrap:wrap;gap:6px;font-size:12px}.pill{border:1px solid ${c.border};border-radius:999px;padding:2px 8px;color:${c.muted}}
.ok{color:#15803d;border-color:#86efac}a{color:${c.accent};font-weight:600;text-decoration:none}a:hover{text-decoration:underline}
.foot{margin-top:10px;display:flex;justify-content:space-between;align-items:center;font-size:12px}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid ${c.border};padding:6px 8px;text-align:left;vertical-align:top;font-size:13px}th{color:${c.muted};font-weight:600}`;
};

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((w) => w[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();

function page(title: string, theme: EmbedTheme, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title><style>${PAGE_STYLE(theme)}</style></head><body>${body}</body></html>`;
}

const pills = (t: EmbedTool) =>
  `<div class="row"><span class="pill">${esc(t.pricingModel === "Unknown" ? "Pricing not listed" : t.pricingModel)}</span><span class="pill">${esc(ratingText(t))}</span>${t.verified ? '<span class="pill ok">✓ verified facts</span>' : ""}</div>`;

/** /embed/tools/{slug}: a card for an iframe. */
export function embedCardHtml(t: EmbedTool, theme: EmbedTheme): string {
  const logo = t.logoUrl
    ? `<img class="logo" src="${esc(t.logoUrl)}" alt="" width="40" height="40">`
    : `<div class="initials" aria-hidden="true">${esc(initials(t.name))}</div>`;
  return page(
    `${t.name} on Toolscape`,
    theme,
    `<article class="card"><div class="head">${logo}<div><h1><a href="${esc(t.url)}" target="_blank" rel="noopener">${esc(t.name)}</a></h1><div class="meta">${esc(t.category)}</div></div></div>` +
      `<p class="desc">${esc(t.description)}</p>${pills(t)}` +
      `<div class="foot"><span class="meta">Toolscape</span><a href="${esc(t.url)}" target="_blank" rel="noopener">View on Toolscape →</a></div></article>`,
  );
}

/** /embed/compare?tools=a,b: a small comparison table for an iframe. */
export function embedCompareHtml(
  result: { tools: EmbedTool[]; omitted: number },
  theme: EmbedTheme,
  compareUrl: string,
): string {
  const { tools } = result;
  const cell = (f: (t: EmbedTool) => string) => tools.map((t) => `<td>${f(t)}</td>`).join("");
  const body = tools.length
    ? `<table><thead><tr><th></th>${cell(
        (t) => `<a href="${esc(t.url)}" target="_blank" rel="noopener">${esc(t.name)}</a>`,
      )
        .replace(/<td>/g, '<th scope="col">')
        .replace(/<\/td>/g, "</th>")}</tr></thead><tbody>` +
      `<tr><th scope="row">Category</th>${cell((t) => esc(t.category))}</tr>` +
      `<tr><th scope="row">Pricing</th>${cell((t) => esc(t.pricingModel === "Unknown" ? "Not listed" : t.pricingModel))}</tr>` +
      `<tr><th scope="row">Rating</th>${cell((t) => esc(ratingText(t)))}</tr>` +
      `<tr><th scope="row">Facts</th>${cell((t) => (t.verified ? "✓ verified" : "from sources"))}</tr>` +
      `<tr><th scope="row">About</th>${cell((t) => esc(clip(t.description, 140)))}</tr></tbody></table>`
    : `<p class="meta">None of these tools is in the Toolscape catalogue.</p>`;
  const note = result.omitted > 0 ? `<span class="meta">${result.omitted} more on Toolscape</span>` : "<span></span>";
  return page(
    "Compare on Toolscape",
    theme,
    `<section class="card">${body}<div class="foot">${note}<a href="${esc(compareUrl)}" target="_blank" rel="noopener">Full comparison on Toolscape →</a></div></section>`,
  );
}
