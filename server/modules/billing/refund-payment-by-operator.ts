import { and, eq } from "drizzle-orm";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { ProviderError } from "./providers/types.ts";
import { recordRefunds } from "./record-refunds.ts";
import { providerFor } from "./registry.ts";
import { paymentOrders, payments } from "./tables.ts";
import type { BillingServices } from "./types.ts";

/**
 * An operator refunds one captured payment of a member from the admin (issue 21), through the same
 * path as the member's money-back refund: the provider's refund with the same idempotency key
 * (`refund-{paymentId}`, so a second click, or the member's own request, is the same refund at the
 * provider), then recordRefunds, which marks the payment refunded only while it is still captured.
 * The amount is the payment's own (never a form's), so no member gets back more than they paid; a
 * payment is refunded at most once. The audit row is written in the refund's transaction.
 */
export async function refundPaymentByOperator(
  services: BillingServices,
  input: { userId: string; paymentId: string; reason: string; actor: AuditActor; requestId?: string | null },
): Promise<{ refunded: boolean; amountCents: number }> {
  const { db } = services;
  if (!isUuid(input.paymentId)) throw new AppError("not_found", "Payment not found");
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, input.paymentId), eq(payments.userId, input.userId)));
  if (!payment) throw new AppError("not_found", "Payment not found");
  if (payment.status !== "captured") throw new AppError("conflict", "This payment was already refunded.");
  const provider = providerFor(services, payment.provider);
  if (!provider) throw new AppError("unavailable", `The payment provider (${payment.provider}) is not configured here`);
  let refundId: string;
  try {
    const [order] = await db
      .select({ providerOrderId: paymentOrders.providerOrderId })
      .from(paymentOrders)
      .where(eq(paymentOrders.id, payment.orderId));
    const result = await provider.refund({
      providerPaymentId: payment.providerPaymentId,
      ...(order?.providerOrderId ? { providerOrderId: order.providerOrderId } : {}),
      amount: { amountCents: payment.amountCents, currency: "USD" },
      idempotencyKey: `refund-${payment.id}`,
      reason: input.reason,
    });
    if (result.status === "failed") throw new ProviderError(payment.provider, "refund failed");
    refundId = result.providerRefundId;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    services.logger.warn("operator refund failed at the provider", { paymentId: payment.id, err: error.message });
    throw new AppError("unavailable", "The provider did not make the refund just now. Nothing changed; try again.");
  }
  const done = await recordRefunds(
    services,
    input.userId,
    new Map([[payment.id, refundId]]),
    "operator",
    (tx, changed) =>
      recordAudit(tx, {
        actor: input.actor,
        action: "payment.refund",
        targetType: "user",
        targetId: input.userId,
        before: { paymentId: payment.id, status: "captured", amountCents: payment.amountCents },
        after: {
          paymentId: payment.id,
          status: "refunded",
          refundedCents: changed.reduce((s, p) => s + p.amountCents, 0),
          providerRefundId: refundId,
        },
        reason: input.reason,
        requestId: input.requestId ?? null,
        at: services.clock.now(),
      }),
  );
  // Another click (or the provider's webhook) recorded it first: the same refund, not a second one.
  if (!done.length) throw new AppError("conflict", "This payment was already refunded.");
  return { refunded: true, amountCents: done.reduce((s, p) => s + p.amountCents, 0) };
}
