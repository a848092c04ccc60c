import type { EditableTool } from "./admin-tool-shapes.ts";

/**
 * A new tool's starting values: the server's base for a created tool and the admin dialog's empty
 * form. No runtime imports, so the browser can take it too.
 */
export const NEW_TOOL: EditableTool = {
  name: "",
  slug: "",
  one_line_description: "",
  full_description: "",
  category: "",
  website_url: "",
  provider: "",
  pricing_model: "unknown",
  pricing: { original: "", discounted: "", discount: "", deal_ends: "" },
  tags: [],
  features: [],
  use_cases: [],
  pros: [],
  cons: [],
  alternatives: [],
  screenshots: [],
  logo_url: "",
  demo_url: "",
  affiliate_url: "",
  source_url: "",
  preview_image_url: "",
  is_featured: false,
  is_verified: false,
  needs_review: false,
  status: "active",
  tier: "free",
  meta_title: "",
  meta_description: "",
  meta_keywords: "",
};
