// The correction and feedback forms' field names and labels: no zod, safe for the browser bundle.

export const CORRECTION_FIELDS = ["pricing_model", "price", "website", "category", "description", "features"] as const;

export type CorrectionField = (typeof CORRECTION_FIELDS)[number];

export const CORRECTION_FIELD_LABELS: Record<CorrectionField, string> = {
  pricing_model: "Pricing model",
  price: "Price",
  website: "Website",
  category: "Category",
  description: "Description",
  features: "Features",
};

export const CORRECTION_PRICING = ["free", "freemium", "paid", "subscription", "open_source", "enterprise"] as const;

export const FEEDBACK_TYPES = ["general", "bug", "feature", "content"] as const;

export const FEEDBACK_TYPE_LABELS: Record<(typeof FEEDBACK_TYPES)[number], string> = {
  general: "General",
  bug: "Bug report",
  feature: "Feature request",
  content: "Wrong or missing content",
};

export const FEEDBACK_LIMITS = { message: 2_000 } as const;
