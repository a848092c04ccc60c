import { describe, expect, it } from "vitest";
import { type SeoTool, toolMeta, usdPrice } from "./tool-seo";

const base: SeoTool = {
  slug: "example",
  name: "Example",
  description: "Writes examples.",
  category: "Writing",
  category_slug: "writing",
  pricing_model: "Unknown",
  pricing: null,
  website_url: "https://example.org/",
  logo_url: null,
  company_name: "Unknown",
  meta_title: null,
  meta_description: null,
  meta_keywords: null,
  review_count: 0,
  rating: 0,
};

const ld = (meta: ReturnType<typeof toolMeta>, type: string) =>
  meta
    .map((m) => (m as Record<string, unknown>)["script:ld+json"] as Record<string, unknown> | undefined)
    .find((j) => j?.["@type"] === type);

describe("usdPrice", () => {
  it("reads dollar prices only", () => {
    expect(usdPrice("$12")).toBe("12");
    expect(usdPrice("$9.99/mo")).toBe("9.99");
    expect(usdPrice("USD 20")).toBe("20");
    expect(usdPrice("€10")).toBeNull();
    expect(usdPrice("Contact sales")).toBeNull();
    expect(usdPrice(undefined)).toBeNull();
  });
});

describe("toolMeta", () => {
  it("links the canonical URL and Open Graph to /tools/{slug} on the request origin", () => {
    const meta = toolMeta(base, "https://toolscape.example");
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://toolscape.example/tools/example" });
    expect(meta).toContainEqual({ property: "og:url", content: "https://toolscape.example/tools/example" });
    expect(meta).toContainEqual({ property: "og:type", content: "website" });
  });
  it("claims no offer and no rating without data", () => {
    const app = ld(toolMeta(base, "https://x.test"), "SoftwareApplication");
    expect(app).toMatchObject({ name: "Example", applicationCategory: "Writing", url: "https://example.org/" });
    expect(app).not.toHaveProperty("offers");
    expect(app).not.toHaveProperty("aggregateRating");
  });
  it("adds a free offer, a USD price, and a rating only from real reviews", () => {
    expect(
      ld(toolMeta({ ...base, pricing_model: "Free" }, "https://x.test"), "SoftwareApplication")?.offers,
    ).toMatchObject({ price: "0", priceCurrency: "USD" });
    const paid = ld(toolMeta({ ...base, pricing: { original: "$30" } }, "https://x.test"), "SoftwareApplication");
    expect(paid?.offers).toMatchObject({ price: "30" });
    const reviewed = ld(toolMeta({ ...base, review_count: 3, rating: 4.3 }, "https://x.test"), "SoftwareApplication");
    expect(reviewed?.aggregateRating).toMatchObject({ ratingValue: 4.3, reviewCount: 3 });
  });
  it("describes the breadcrumb trail", () => {
    const crumbs = ld(toolMeta(base, "https://x.test"), "BreadcrumbList");
    expect(((crumbs?.itemListElement ?? []) as { name: string }[]).map((i) => i.name)).toEqual([
      "Home",
      "Tools",
      "Writing",
      "Example",
    ]);
  });
});
