/**
 * What search engines and link previews read about a tool page: title, description, canonical URL,
 * Open Graph and JSON-LD. Only catalogue data goes in; no rating is claimed until members review.
 */
import type { MetaDescriptor } from "react-router";
import { cut } from "./format";

export type SeoTool = {
  slug: string;
  name: string;
  description: string;
  category: string;
  category_slug: string;
  pricing_model: string;
  pricing: { original?: string; discounted?: string } | null;
  website_url: string;
  logo_url: string | null;
  company_name: string;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  review_count: number;
  rating: number;
};

const SITE = "Toolscape";

export function toolTitle(tool: SeoTool): string {
  return tool.meta_title?.trim() || `${tool.name} — ${tool.category} AI tool | ${SITE}`;
}

export function toolDescription(tool: SeoTool): string {
  return cut((tool.meta_description?.trim() || tool.description).replace(/\s+/g, " "), 160);
}

/** A price written like "$12", "$9.99/mo" or "USD 20" → a number in USD; other currencies or words → null. */
export function usdPrice(text: string | undefined | null): string | null {
  const m = text?.trim().match(/^(?:\$|USD\s*)(\d{1,6}(?:\.\d{1,2})?)(?!\d)/i);
  return m?.[1] ?? null;
}

/** An Offer only from real data: the pricing model says free, or a USD price is stored. */
function offerOf(tool: SeoTool, pageUrl: string) {
  if (tool.pricing_model === "Free") {
    return { "@type": "Offer", price: "0", priceCurrency: "USD", url: pageUrl };
  }
  const price = usdPrice(tool.pricing?.discounted) ?? usdPrice(tool.pricing?.original);
  return price ? { "@type": "Offer", price, priceCurrency: "USD", url: pageUrl } : null;
}

export function toolMeta(tool: SeoTool, origin: string): MetaDescriptor[] {
  const url = `${origin}/tools/${tool.slug}`;
  const title = toolTitle(tool);
  const description = toolDescription(tool);
  const offer = offerOf(tool, url);
  // Only our own re-encoded logo (never a third-party URL from the catalogue), as an absolute URL.
  const image = tool.logo_url?.startsWith("/media/") ? new URL(tool.logo_url, url).toString() : null;
  const app = {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: tool.name,
    applicationCategory: tool.category,
    description,
    url: tool.website_url,
    mainEntityOfPage: url,
    ...(image ? { image } : {}),
    ...(tool.company_name !== "Unknown" ? { author: { "@type": "Organization", name: tool.company_name } } : {}),
    ...(offer ? { offers: offer } : {}),
    ...(tool.review_count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: tool.rating,
            reviewCount: tool.review_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  const breadcrumbs = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Home", item: `${origin}/` },
      { "@type": "ListItem", position: 2, name: "Tools", item: `${origin}/tools` },
      {
        "@type": "ListItem",
        position: 3,
        name: tool.category,
        item: `${origin}/tools?category=${encodeURIComponent(tool.category_slug)}`,
      },
      { "@type": "ListItem", position: 4, name: tool.name, item: url },
    ],
  };
  return [
    { title },
    { name: "description", content: description },
    ...(tool.meta_keywords ? [{ name: "keywords", content: tool.meta_keywords }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: "summary" },
    { "script:ld+json": app },
    { "script:ld+json": breadcrumbs },
  ];
}
