import type { Plan } from "../catalog/index.ts";

/**
 * Plans read from a pricing page (issue 33, ADR 0070), in three ways, best first: schema.org
 * Offer/Product JSON-LD (the maker's own structured data), pricing-card markup (a block per plan with
 * a heading and a price), and price patterns in the page's text. Each way says how sure it is; the
 * observer writes facts only above its threshold. Nothing is guessed: a figure the page does not
 * state stays null. Pure (no I/O); tested on the loopback fixtures (tests/fixtures/pricing/).
 */
export type Extract = { plans: Plan[]; confidence: number; method: "json-ld" | "cards" | "table" | "text" | "none" };

const CURRENCY_SIGNS: Record<string, string> = { $: "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR" };
const CODES = "USD|EUR|GBP|JPY|INR|CHF|CAD|AUD|BRL|SEK";
const UNITS = "credits|minutes|images|tokens|seats|requests|generations|videos|words|characters|pages|messages";

const decode = (s: string) =>
  s
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&euro;/g, "€")
    .replace(/&pound;/g, "£")
    .replace(/&#36;/g, "$")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

/** Visible text of an HTML fragment (scripts, styles and tags dropped, spaces collapsed). */
export function textOf(html: string): string {
  return decode(
    html
      .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1>/gi, " ")
      // A struck-out price (a launch offer's old price) is not the price.
      .replace(/<(del|s|strike)\b[^>]*>[\s\S]*?<\/\1>/gi, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " "),
  ).trim();
}

const blank = (name: string): Plan => ({
  name,
  price: null,
  currency: null,
  period: null,
  per_seat: false,
  min_seats: null,
  max_seats: null,
  contact_sales: false,
  quota: null,
  overage: null,
  free_tier: null,
});

/** "1,234.50" and "1.234,50" → 1234.5 (a comma followed by exactly two digits at the end is decimal). */
function parseAmount(raw: string): number | null {
  let s = raw.replace(/\s/g, "");
  if (/,\d{2}$/.test(s) && !/\.\d{2}$/.test(s)) s = s.replace(/\./g, "").replace(",", ".");
  else s = s.replace(/,/g, "");
  const n = Number(s);
  return Number.isFinite(n) && n >= 0 && n < 10_000_000 ? n : null;
}

const PRICE_RE = new RegExp(
  `(?:([$€£¥₹])\\s?(\\d[\\d.,]*)|(\\d[\\d.,]*)\\s?([€£])|(?:(${CODES})\\s?(\\d[\\d.,]*))|(\\d[\\d.,]*)\\s?(${CODES})\\b)`,
);

function findPrice(text: string): { amount: number; currency: string; index: number; length: number } | null {
  const m = PRICE_RE.exec(text);
  if (!m) return null;
  const [sign, num] = m[1] ? [m[1], m[2]] : m[4] ? [m[4], m[3]] : m[5] ? [m[5], m[6]] : [m[8], m[7]];
  const amount = parseAmount(num ?? "");
  if (amount === null || !sign) return null;
  return { amount, currency: CURRENCY_SIGNS[sign] ?? sign, index: m.index, length: m[0].length };
}

function periodOf(text: string): Plan["period"] {
  if (/\b(one[- ]time|lifetime|pay once)\b/i.test(text)) return "once";
  if (/(\/\s?(yr|year)\b|per year|a year|\/annum|billed (annually|yearly)|annual(ly)? billing)/i.test(text))
    return /\/\s?(mo|month)\b|per month|a month/i.test(text) && /billed (annually|yearly)/i.test(text)
      ? "month"
      : "year";
  if (/(\/\s?(mo|month)\b|per month|a month|monthly|\/m\b)/i.test(text)) return "month";
  return null;
}

const perSeat = (text: string) => /\b(per|\/|a|each)\s?(user|seat|member|editor)\b/i.test(text);

function quotaOf(text: string): Plan["quota"] {
  const unlimited = new RegExp(`unlimited (${UNITS})`, "i").exec(text);
  if (unlimited) return { amount: null, unit: (unlimited[1] as string).toLowerCase(), period: "month" };
  const m = new RegExp(
    `(\\d[\\d,.]*\\s?[kK]?)\\s+(?:[a-z]+\\s)?(${UNITS})(?:\\s*(?:\\/|per|a|each)\\s*(day|month|mo))?`,
    "i",
  ).exec(text);
  if (!m) return null;
  const raw = (m[1] as string).trim();
  const k = /k$/i.test(raw);
  const amount = parseAmount(raw.replace(/k$/i, ""));
  if (amount === null) return null;
  return {
    amount: k ? amount * 1000 : amount,
    unit: (m[2] as string).toLowerCase(),
    period: m[3]?.toLowerCase() === "day" ? "day" : "month",
  };
}

function freeTierOf(text: string): Plan["free_tier"] {
  const watermark = /\bno watermark|without watermark/i.test(text) ? false : /\bwatermark/i.test(text) ? true : null;
  const commercial = /\bno commercial use|personal use only|non-commercial/i.test(text)
    ? false
    : /\bcommercial (use|licen[cs]e|rights)/i.test(text)
      ? true
      : null;
  const card = /\bno (credit )?card (required|needed)/i.test(text)
    ? false
    : /\b(credit )?card required/i.test(text)
      ? true
      : null;
  return watermark === null && commercial === null && card === null
    ? null
    : { watermark, commercial_use: commercial, card_required: card };
}

const CONTACT = /\b(contact (sales|us)|talk to sales|get a quote|custom pricing|let's talk)\b/i;

/** One plan from a block of text whose first words are its name. */
function planFromText(name: string, text: string): Plan | null {
  const plan = blank(name);
  const price = findPrice(text);
  if (price) {
    plan.price = price.amount;
    plan.currency = price.currency;
    plan.period = price.amount === 0 ? null : periodOf(text.slice(price.index, price.index + price.length + 60));
    plan.per_seat = perSeat(text.slice(price.index, price.index + price.length + 60));
  } else if (CONTACT.test(text)) {
    plan.contact_sales = true;
  } else if (/\bfree\b/i.test(text) || /^free$/i.test(name)) {
    plan.price = 0;
  } else {
    return null;
  }
  if (plan.price !== null && plan.price > 0 && !plan.period) return null;
  plan.quota = quotaOf(text);
  if (plan.price === 0) plan.free_tier = freeTierOf(text);
  return plan;
}

/* ---------------------------------------------------------------------------- JSON-LD */

type Json = Record<string, unknown>;
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

function jsonLdBlocks(html: string): Json[] {
  const out: Json[] = [];
  for (const m of html.matchAll(/<script[^>]+type=["']application\/ld\+json["'][^>]*>([\s\S]*?)<\/script>/gi)) {
    try {
      const data = JSON.parse(m[1] as string) as unknown;
      for (const item of asArray(data)) {
        if (item && typeof item === "object") {
          out.push(item as Json);
          for (const g of asArray((item as Json)["@graph"])) if (g && typeof g === "object") out.push(g as Json);
        }
      }
    } catch {
      // a broken block is skipped: the other ways still read the page
    }
  }
  return out;
}

function offerPlan(offer: Json, fallbackName: string): Plan | null {
  const name = String(offer.name ?? fallbackName).trim();
  if (!name) return null;
  const plan = blank(name.slice(0, 80));
  const spec = asArray(offer.priceSpecification)[0] as Json | undefined;
  const rawPrice = spec?.price ?? offer.price;
  const currency = String(spec?.priceCurrency ?? offer.priceCurrency ?? "").toUpperCase();
  const price = rawPrice === undefined || rawPrice === null ? null : parseAmount(String(rawPrice));
  if (price === null) {
    if (CONTACT.test(`${offer.description ?? ""} ${name}`)) plan.contact_sales = true;
    else return null;
  } else {
    plan.price = price;
    plan.currency = /^[A-Z]{3}$/.test(currency) ? currency : null;
    const unit = String(spec?.billingDuration ?? spec?.unitCode ?? spec?.unitText ?? offer.unitText ?? "");
    plan.period =
      price === 0 ? null : /^(P1M|MON|month)/i.test(unit) ? "month" : /^(P1Y|ANN|year)/i.test(unit) ? "year" : null;
    if (price > 0 && (!plan.currency || !plan.period)) return null;
    const ref = spec?.referenceQuantity as Json | undefined;
    plan.per_seat = /seat|user/i.test(String(ref?.unitText ?? spec?.unitText ?? ""));
  }
  const description = String(offer.description ?? "");
  plan.quota = quotaOf(description);
  if (plan.price === 0) plan.free_tier = freeTierOf(description);
  return plan;
}

function fromJsonLd(html: string): Plan[] {
  const plans: Plan[] = [];
  for (const block of jsonLdBlocks(html)) {
    const type = asArray(block["@type"]).map(String);
    if (!type.some((t) => /^(Product|SoftwareApplication|WebApplication|Service|Offer|AggregateOffer)$/.test(t)))
      continue;
    const offers = type.includes("Offer") ? [block] : asArray(block.offers);
    for (const o of offers.flatMap((x) => {
      const j = x as Json;
      return asArray(j["@type"]).includes("AggregateOffer") ? asArray(j.offers) : [j];
    })) {
      const plan = offerPlan(o as Json, String(block.name ?? ""));
      if (plan && !plans.some((p) => p.name.toLowerCase() === plan.name.toLowerCase())) plans.push(plan);
    }
  }
  return plans;
}

/* ---------------------------------------------------------------------------- cards */

/**
 * Pricing cards: elements whose class or data attribute names a plan or tier. Where the page has a
 * monthly/yearly toggle, the monthly side is read (a yearly-only plan keeps its yearly price).
 */
function fromCards(html: string): Plan[] {
  // A billing toggle: read the monthly side only (from its marker to the next side's marker).
  let page = html;
  const monthly = /data-billing=["']month[^"']*["']/i.exec(html);
  if (monthly) {
    const from = monthly.index;
    const rest = html.slice(from + monthly[0].length);
    const next = rest.search(/data-billing=["']/i);
    page = html.slice(from, next < 0 ? undefined : from + monthly[0].length + next);
  }
  const starts = [
    ...page.matchAll(
      /<(article|div|section|li|td|th)\b[^>]*(?:class=["'][^"']*\b(?:plan|pricing-card|price-card|tier|pricing-tier|package)\b[^"']*["']|data-plan=["'][^"']*["'])[^>]*>/gi,
    ),
  ];
  const plans: Plan[] = [];
  for (const [i, m] of starts.entries()) {
    const from = (m.index ?? 0) + m[0].length;
    const to = starts[i + 1]?.index ?? Math.min(page.length, from + 4000);
    const block = page.slice(from, to);
    const heading = /<(h[1-6])[^>]*>([\s\S]*?)<\/\1>/i.exec(block) ?? /data-plan=["']([^"']+)["']/i.exec(m[0]);
    const name = heading ? textOf((heading[2] ?? heading[1]) as string) : "";
    if (!name || name.length > 60) continue;
    const plan = planFromText(name, textOf(block.replace(/<(h[1-6])[^>]*>[\s\S]*?<\/\1>/i, " ")));
    if (plan && !plans.some((p) => p.name.toLowerCase() === plan.name.toLowerCase())) plans.push(plan);
  }
  return plans;
}

/* ---------------------------------------------------------------------------- text */

/** A pricing table: a row per plan, its name in the first cell. */
function fromTable(html: string): Plan[] {
  const plans: Plan[] = [];
  const rows = [...html.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi)].map((m) => m[1] as string);
  for (const row of rows) {
    const cells = [...row.matchAll(/<t[dh]\b[^>]*>([\s\S]*?)<\/t[dh]>/gi)].map((c) => textOf(c[1] as string));
    if (cells.length < 2 || !cells[0] || cells[0].length > 40) continue;
    const plan = planFromText(cells[0], cells.slice(1).join(" · "));
    if (plan && !plans.some((p) => p.name.toLowerCase() === plan.name.toLowerCase())) plans.push(plan);
  }
  return plans;
}

/** Headings followed by prices in prose: "<h3>Pro</h3><p>$20 a month</p>" (the least sure reading). */
function fromText(html: string): Plan[] {
  const plans: Plan[] = [];
  const parts = html.split(/<h[2-4]\b[^>]*>/i).slice(1);
  for (const part of parts) {
    const end = part.search(/<\/h[2-4]>/i);
    if (end < 0) continue;
    const name = textOf(part.slice(0, end));
    if (!name || name.length > 40 || /pricing|plans|faq|question/i.test(name)) continue;
    const body = textOf(part.slice(end)).slice(0, 400);
    const plan = planFromText(name, body);
    if (plan && !plans.some((p) => p.name.toLowerCase() === plan.name.toLowerCase())) plans.push(plan);
  }
  return plans;
}

/** How sure a reading is: its method's base, less for plans that state little. */
function confidenceOf(base: number, plans: Plan[]): number {
  if (!plans.length) return 0;
  const priced = plans.filter((p) => p.price !== null || p.contact_sales).length / plans.length;
  const single = plans.length === 1 ? 0.15 : 0;
  return Math.max(0, Math.round((base * priced - single) * 100) / 100);
}

export function extractPlans(html: string): Extract {
  const ld = fromJsonLd(html);
  if (ld.length) return { plans: ld, confidence: confidenceOf(0.95, ld), method: "json-ld" };
  const cards = fromCards(html);
  if (cards.length) return { plans: cards, confidence: confidenceOf(0.9, cards), method: "cards" };
  const table = fromTable(html);
  if (table.length) return { plans: table, confidence: confidenceOf(0.85, table), method: "table" };
  const text = fromText(html);
  if (text.length) return { plans: text, confidence: confidenceOf(0.7, text), method: "text" };
  return { plans: [], confidence: 0, method: "none" };
}
