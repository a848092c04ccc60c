import { PRICING_LABELS, type PricingModel } from "./normalize.ts";
import type { tools } from "./tables.ts";

/**
 * A tool's facts as data (issue 20): the fields the public API names, the kinds of source, a fact's
 * provenance, the `tools` column that stores each field, and how a stored value reads. Written only
 * through facts.ts; read back by read-fact-history.ts.
 */
export const FACT_FIELDS = [
  "name",
  "description",
  "full_description",
  "category",
  "pricing_model",
  "pricing",
  "plans",
  "provider",
  "website_url",
  "logo_url",
  "features",
  "use_cases",
  "is_open_source",
  "has_api",
  "licence",
  "self_hostable",
  "data_use",
  "status",
  "editorial_summary",
] as const;
export type FactField = (typeof FACT_FIELDS)[number];

export const FACT_KINDS = ["dataset", "maker", "community", "editor", "observed", "inferred"] as const;
export type FactKind = (typeof FACT_KINDS)[number];

export type Provenance = {
  kind: FactKind;
  /** human-readable source: the dataset's name, "Correction #12", the inference rule, "Toolscape editors" */
  source: string;
  sourceUrl?: string | null;
  licence?: string | null;
  /** inferred facts only, 0..1 */
  confidence?: number | null;
  /** when the fact was observed at its source (defaults to `at`) */
  observedAt?: Date;
  /** when a person (admin, editor, verified maker) last confirmed it; null for unverified kinds */
  verifiedAt?: Date | null;
};

export type FactChange = {
  field: FactField;
  /** the value before (null when new): stored in history as JSON */
  from: unknown;
  /** the value after, as the API shows it */
  to: unknown;
  /** the value as the source gave it, when a normaliser or rule changed it */
  original?: unknown;
  /** a per-change provenance overriding the call's (e.g. one inferred field in an import) */
  provenance?: Provenance;
};

type ToolRow = typeof tools.$inferSelect;
type ToolInsert = typeof tools.$inferInsert;

/** The API's fact field → the `tools` column that stores it. The other FACT_FIELDS are derived or not stored yet. */
export const FACT_COLUMNS = {
  name: "name",
  description: "description",
  full_description: "fullDescription",
  category: "categoryId",
  pricing_model: "pricingModel",
  pricing: "pricing",
  plans: "plans",
  provider: "providerId",
  website_url: "websiteUrl",
  logo_url: "logoUrl",
  features: "features",
  use_cases: "useCases",
  has_api: "hasApi",
  licence: "licence",
  self_hostable: "selfHostable",
  data_use: "dataUse",
  status: "status",
} as const satisfies Partial<Record<FactField, keyof ToolRow>>;
export type StoredFactField = keyof typeof FACT_COLUMNS;
export const STORED_FACT_FIELDS = Object.keys(FACT_COLUMNS) as StoredFactField[];
export type FactColumn = (typeof FACT_COLUMNS)[StoredFactField];
/** New values of fact columns, as `tools` stores them (ids for category and provider, the pricing enum). */
export type FactPatch = Partial<Pick<ToolInsert, FactColumn>>;

/** JSON with object keys sorted: jsonb hands back its keys in its own order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_k, v) =>
    v && typeof v === "object" && !Array.isArray(v) && !(v instanceof Date)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** Whether a stored value counts as "has a value" (history and provenance are kept for those). */
export function hasFactValue(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object")
    return Object.values(value).some(
      (v) => (typeof v === "string" && v.trim() !== "") || (v !== null && typeof v === "object"),
    );
  return true;
}

export type NamedRow = Pick<ToolRow, FactColumn> & { categoryName: string | null; providerName: string | null };

/** A tool's facts as the API shows them (names for category and provider, the pricing label). */
export function factValuesOf(row: NamedRow): Record<StoredFactField, unknown> {
  return {
    name: row.name,
    description: row.description,
    full_description: row.fullDescription,
    category: row.categoryName,
    pricing_model: PRICING_LABELS[row.pricingModel as PricingModel] ?? row.pricingModel,
    pricing: row.pricing ?? null,
    plans: row.plans ?? null,
    provider: row.providerName,
    website_url: row.websiteUrl,
    logo_url: row.logoUrl,
    features: row.features,
    use_cases: row.useCases,
    has_api: row.hasApi ?? null,
    licence: row.licence ?? null,
    self_hostable: row.selfHostable ?? null,
    data_use: row.dataUse ?? null,
    status: row.status,
  };
}
