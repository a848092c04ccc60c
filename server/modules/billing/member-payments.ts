import { desc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { paymentOrders, payments } from "./tables.ts";

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

export async function memberPayments(db: Db, userId: string, limit = 100): Promise<MemberPayment[]> {
  const rows = await db
    .select({
      id: payments.id,
      createdAt: payments.createdAt,
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
      tier: paymentOrders.tier,
      kind: payments.kind,
      amountCents: payments.amountCents,
      currency: payments.currency,
      status: payments.status,
      refundedAt: payments.refundedAt,
    })
    .from(payments)
    .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    at: r.createdAt.toISOString(),
    provider: r.provider,
    providerPaymentId: r.providerPaymentId,
    tier: r.tier,
    kind: r.kind,
    amountCents: Number(r.amountCents),
    currency: r.currency,
    status: r.status,
    refundedAt: r.refundedAt ? r.refundedAt.toISOString() : null,
  }));
}
