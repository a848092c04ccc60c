import { and, eq } from "drizzle-orm";
import { type ApplyOutcome, applyCapturedOrder } from "./apply.ts";
import { type OrderRow, orderById } from "./queries.ts";
import { providerFor } from "./registry.ts";
import { staleReason, voidOrder } from "./revalidate.ts";
import { paymentOrders } from "./tables.ts";
import type { BillingServices } from "./types.ts";

export type SettleOutcome = ApplyOutcome | "pending" | "declined" | "cancelled" | "failed";

/**
 * Re-reads an order from its provider and settles it: an approved order is checked again against
 * the account before it is captured (a stale one is voided, no money moves), a captured one is
 * applied exactly once (and refunded if it no longer holds). Verify calls, return pages and
 * webhooks all come through here.
 */
export async function settleOrder(services: BillingServices, order: OrderRow): Promise<SettleOutcome> {
  const provider = providerFor(services, order.provider);
  if (!provider || !order.providerOrderId) return order.status === "voided" ? "voided" : "pending";
  let state = await provider.getOrder(order.providerOrderId);
  if (state.status === "approved") {
    const current = (await orderById(services.db, order.id)) ?? order;
    const reason = await staleReason(services.db, current);
    if (reason) {
      await voidOrder(services, current, reason);
      return "voided";
    }
    state = await provider.capture(order.providerOrderId, `capture-${order.id}`);
  }
  if (state.status === "captured") return applyCapturedOrder(services, order.id, state);
  if (order.status === "voided") return "voided";
  if (state.status === "declined" || state.status === "cancelled" || state.status === "failed") {
    await markOrderFailed(services, order.id, state.status);
    return state.status;
  }
  return "pending";
}

export async function markOrderFailed(
  services: BillingServices,
  orderId: string,
  status: "declined" | "cancelled" | "failed",
): Promise<void> {
  await services.db
    .update(paymentOrders)
    .set({ status, updatedAt: services.clock.now() })
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.status, "created")));
}
