import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";

/** A member's payments, newest first (the admin's page of one person). */
export type MemberPayment = {
  id: string;
  at: string;
  provider: string;
  providerPaymentId: string;
  tier: string;
  kind: string;
  amountCents: number;
  currency: string;
  status: "captured" | "refunded";
  refundedAt: string | null;
};

const MemberPaymentRow = z.object({
  id: z.string(),
  created_at: z.string(),
  provider: z.string(),
  provider_payment_id: z.string(),
  tier: z.string(),
  kind: z.string(),
  amount_cents: z.number(),
  currency: z.string(),
  status: z.enum(["captured", "refunded"]),
  refunded_at: z.string().nullable(),
});

export async function memberPayments(db: Db, userId: string, limit = 100): Promise<MemberPayment[]> {
  const rows = await queryRows(
    db,
    sql`SELECT p.id::text AS id, p.created_at, p.provider, p.provider_payment_id, o.tier::text AS tier, p.kind,
               p.amount_cents, p.currency, p.status, p.refunded_at
          FROM payments p JOIN payment_orders o ON o.id = p.order_id
         WHERE p.user_id = ${userId} ORDER BY p.created_at DESC LIMIT ${limit}`,
    MemberPaymentRow,
  );
  return rows.map((r) => ({
    id: r.id,
    at: new Date(r.created_at).toISOString(),
    provider: r.provider,
    providerPaymentId: r.provider_payment_id,
    tier: r.tier,
    kind: r.kind,
    amountCents: Number(r.amount_cents),
    currency: r.currency,
    status: r.status,
    refundedAt: r.refunded_at ? new Date(r.refunded_at).toISOString() : null,
  }));
}
