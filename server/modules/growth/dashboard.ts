import { type Db, queryRows, sql } from "../../platform/db/index.ts";

export type CommissionView = {
  id: string;
  kind: "commission" | "adjustment";
  tier: "standard" | "expert";
  paymentCents: number;
  amountCents: number;
  status: "pending" | "approved" | "paid" | "reversed";
  createdAt: string;
  availableAt: string;
};

export type AffiliateStats = {
  /** approved + paid (adjustments included), cents */
  totalEarningsCents: number;
  /** commissions earned this UTC month that are not reversed (pending included), cents */
  monthEarningsCents: number;
  pendingCents: number;
  /** approved, not yet paid out */
  balanceCents: number;
  paidCents: number;
  clicks: number;
  /** members brought in who paid (a refunded-only member does not count) */
  conversions: number;
  /** conversions / clicks × 100, one decimal; 0 without clicks */
  conversionRate: number;
  commissions: CommissionView[];
};

const n = (v: unknown) => Number(v ?? 0);

export async function affiliateStats(db: Db, affiliateId: string, now: Date): Promise<AffiliateStats> {
  const monthStart = `${now.toISOString().slice(0, 7)}-01T00:00:00Z`;
  const [[sums], [clicks], list] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`SELECT
            COALESCE(sum(amount_cents) FILTER (WHERE status IN ('approved','paid')), 0) AS total,
            COALESCE(sum(amount_cents) FILTER (WHERE status <> 'reversed' AND created_at >= ${monthStart}::timestamptz), 0) AS month,
            COALESCE(sum(amount_cents) FILTER (WHERE status = 'pending'), 0) AS pending,
            COALESCE(sum(amount_cents) FILTER (WHERE status = 'approved'), 0) AS balance,
            COALESCE(sum(amount_cents) FILTER (WHERE status = 'paid'), 0) AS paid,
            count(DISTINCT user_id) FILTER (WHERE kind = 'commission' AND status <> 'reversed') AS conversions
          FROM affiliate_commissions WHERE affiliate_id = ${affiliateId}::uuid`,
    ),
    queryRows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM affiliate_clicks WHERE affiliate_id = ${affiliateId}::uuid`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`SELECT id, kind::text AS kind, tier::text AS tier, payment_cents, amount_cents, status::text AS status,
                 created_at, available_at
            FROM affiliate_commissions WHERE affiliate_id = ${affiliateId}::uuid
           ORDER BY created_at DESC, kind LIMIT 100`,
    ),
  ]);
  const clickCount = n(clicks?.n);
  const conversions = n(sums?.conversions);
  return {
    totalEarningsCents: n(sums?.total),
    monthEarningsCents: n(sums?.month),
    pendingCents: n(sums?.pending),
    balanceCents: n(sums?.balance),
    paidCents: n(sums?.paid),
    clicks: clickCount,
    conversions,
    conversionRate: clickCount ? Math.round((conversions / clickCount) * 1000) / 10 : 0,
    commissions: list.map((r) => ({
      id: String(r.id),
      kind: r.kind as CommissionView["kind"],
      tier: r.tier as CommissionView["tier"],
      paymentCents: n(r.payment_cents),
      amountCents: n(r.amount_cents),
      status: r.status as CommissionView["status"],
      createdAt: new Date(r.created_at as string).toISOString(),
      availableAt: new Date(r.available_at as string).toISOString(),
    })),
  };
}
