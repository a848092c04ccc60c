import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { isDelivered } from "./delivered.ts";
import { TIER_LABELS, TIERS, type Tier } from "./tiers.ts";

/**
 * Entitlements are data (tables `features` × `entitlements`, seeded by migration 0004): code asks
 * for a capability by key and never compares tiers itself. A key that is not in the table counts as
 * a free-level feature (spec section 6), so every member has it.
 */
export type FeatureKind = "flag" | "limit" | "text";
export type Grant = { allowed: boolean; limit: number | null; text: string | null };
export type Feature = {
  key: string;
  label: string;
  description: string;
  kind: FeatureKind;
  listed: boolean;
  /** whether the code implements it (delivered.ts): only a delivered feature is sold */
  delivered: boolean;
  sortOrder: number;
  grants: Record<Tier, Grant>;
};

/** Keys the code reads limits from; the data may hold more. */
export type LimitKey =
  | "daily_tool_views"
  | "compare_limit"
  | "saved_searches"
  | "saved_collections"
  /** the advanced filters' grant carries the cap on saved filter sets (migration 0058) */
  | "advanced_filters";

/** The caps that apply when the table cannot say (spec: compare cap default 2). */
const FALLBACK_LIMITS: Record<LimitKey, number> = {
  daily_tool_views: 10,
  compare_limit: 2,
  saved_searches: 0,
  saved_collections: 0,
  advanced_filters: 0,
};

export class Entitlements {
  readonly features: readonly Feature[];
  private readonly byKey: Map<string, Feature>;

  constructor(features: Feature[]) {
    this.features = [...features].sort((a, b) => a.sortOrder - b.sortOrder || a.key.localeCompare(b.key));
    this.byKey = new Map(this.features.map((f) => [f.key, f]));
  }

  feature(key: string): Feature | undefined {
    return this.byKey.get(key);
  }

  grant(tier: Tier, key: string): Grant {
    return this.byKey.get(key)?.grants[tier] ?? { allowed: true, limit: null, text: null };
  }

  /** Whether a tier has a capability; unknown keys are free-level (allowed for every tier). */
  hasAccess(tier: Tier, key: string): boolean {
    return this.grant(tier, key).allowed;
  }

  /** A numeric limit: a number, `null` for unlimited, 0 when not allowed. */
  limitFor(tier: Tier, key: LimitKey): number | null {
    const feature = this.byKey.get(key);
    if (!feature) return FALLBACK_LIMITS[key];
    const grant = feature.grants[tier];
    if (!grant.allowed) return 0;
    return grant.limit;
  }

  /** How many tools a tier may compare (2 / 5 / 10). */
  compareCap(tier: Tier): number {
    return this.limitFor(tier, "compare_limit") ?? FALLBACK_LIMITS.compare_limit;
  }

  supportLevel(tier: Tier): string {
    return this.grant(tier, "support_level").text ?? "Basic FAQ";
  }

  /** The lowest tier that has a capability (for 'Available on Standard' labels), or null. */
  lowestTierWith(key: string): Tier | null {
    return TIERS.find((t) => this.hasAccess(t, key)) ?? null;
  }

  /** What a tier gets for one feature, as a person reads it ('10 per day', 'Unlimited', '—'). */
  describe(tier: Tier, key: string): string {
    const feature = this.byKey.get(key);
    const grant = this.grant(tier, key);
    if (!feature) return grant.allowed ? "Included" : "—";
    if (feature.kind === "text") return grant.allowed && grant.text ? grant.text : "—";
    if (feature.kind === "limit") {
      if (!grant.allowed || grant.limit === 0) return "—";
      if (grant.limit === null) return "Unlimited";
      return key === "daily_tool_views" ? `${grant.limit} per day` : `Up to ${grant.limit}`;
    }
    return grant.allowed ? "Included" : "—";
  }

  /** Whether a feature is offered on /pricing and the dashboard: listed in the data and delivered in code. */
  sold(key: string): boolean {
    const feature = this.byKey.get(key);
    return feature?.listed === true && feature.delivered;
  }

  /** The plan comparison table: one row per sold feature, one cell per tier. */
  comparison(): { key: string; label: string; description: string; cells: Record<Tier, string> }[] {
    return this.features
      .filter((f) => this.sold(f.key))
      .map((f) => ({
        key: f.key,
        label: f.label,
        description: f.description,
        cells: Object.fromEntries(TIERS.map((t) => [t, this.describe(t, f.key)])) as Record<Tier, string>,
      }));
  }

  /** The dashboard's feature list for one tier (sold features only: nothing there leads nowhere). */
  accessList(tier: Tier): { key: string; label: string; value: string; included: boolean; from: Tier | null }[] {
    return this.features
      .filter((f) => this.sold(f.key))
      .map((f) => {
        const value = this.describe(tier, f.key);
        return { key: f.key, label: f.label, value, included: value !== "—", from: this.lowestTierWith(f.key) };
      });
  }
}

/** A feature and one of its grants (LEFT JOIN: the grant's columns are null for a feature without any). */
const Row = z.object({
  key: z.string(),
  label: z.string(),
  description: z.string(),
  kind: z.enum(["flag", "limit", "text"]),
  listed: z.boolean(),
  sort_order: z.number(),
  tier: z.enum(TIERS).nullable(),
  allowed: z.boolean().nullable(),
  limit_value: z.number().nullable(),
  text_value: z.string().nullable(),
});
type Row = z.infer<typeof Row>;

export function entitlementsFromRows(rows: Row[]): Entitlements {
  const map = new Map<string, Feature>();
  for (const r of rows) {
    let f = map.get(r.key);
    if (!f) {
      const none: Grant = { allowed: false, limit: null, text: null };
      f = {
        key: r.key,
        label: r.label,
        description: r.description,
        kind: r.kind,
        listed: r.listed,
        delivered: isDelivered(r.key),
        sortOrder: r.sort_order,
        grants: { free: { ...none }, standard: { ...none }, expert: { ...none } },
      };
      map.set(r.key, f);
    }
    if (r.tier) f.grants[r.tier] = { allowed: r.allowed === true, limit: r.limit_value, text: r.text_value };
  }
  return new Entitlements([...map.values()]);
}

const CACHE_MS = 30_000;
const cache = new WeakMap<object, { at: number; value: Promise<Entitlements> }>();

/**
 * Reads the table (cached per database for 30 s: it changes only by migration or an operator's
 * edit). A feature with no row for a tier is not granted to that tier.
 */
export function loadEntitlements(db: Db, options: { fresh?: boolean } = {}): Promise<Entitlements> {
  const hit = cache.get(db);
  if (hit && !options.fresh && Date.now() - hit.at < CACHE_MS) return hit.value;
  const value = queryRows(
    db,
    sql`SELECT f.key, f.label, f.description, f.kind::text AS kind, f.listed, f.sort_order,
               e.tier::text AS tier, e.allowed, e.limit_value, e.text_value
        FROM features f LEFT JOIN entitlements e ON e.feature_key = f.key
        ORDER BY f.sort_order, f.key`,
    Row,
  ).then(entitlementsFromRows);
  cache.set(db, { at: Date.now(), value });
  value.catch(() => cache.delete(db));
  return value;
}

export function tierLabel(tier: Tier): string {
  return TIER_LABELS[tier];
}
