import { eq } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "../../platform/errors.ts";
import { userProfiles } from "../accounts/tables.ts";
import type { PaidTier } from "./contracts.ts";
import { AMOUNT_MISMATCH } from "./plans.ts";
import { ProviderError } from "./providers/types.ts";
import { orderById } from "./queries.ts";
import { staleMessage, voidedOrderInfo } from "./revalidate.ts";
import { type SettleOutcome, settleOrder } from "./settle-order.ts";
import type { BillingActor, BillingServices, VerifyOutcome } from "./types.ts";

export const VerifyOrderInput = z.object({ orderId: z.string() });
export type VerifyOrderInput = z.infer<typeof VerifyOrderInput>;

const FINAL_FAILURES = {
  declined: "Payment was declined",
  cancelled: "Payment was cancelled",
  failed: "Payment failed",
} as const;

/**
 * The buyer is back (or the page polls): re-read the order from the provider, capture it if it
 * was approved, and apply it exactly once. Only the order's owner (or an admin) may ask.
 */
export async function verifyOrder(
  services: BillingServices,
  actor: BillingActor,
  input: VerifyOrderInput,
): Promise<VerifyOutcome> {
  const order = await orderById(services.db, input.orderId);
  if (!order || (order.userId !== actor.id && !actor.admin)) throw new AppError("not_found", "Order not found");
  const tierNow = async () => {
    const [p] = await services.db
      .select({ tier: userProfiles.tier })
      .from(userProfiles)
      .where(eq(userProfiles.userId, order.userId));
    return p?.tier ?? "free";
  };
  if (order.status === "captured") return { status: "already_applied", tier: await tierNow(), orderId: order.id };
  if (order.status === "declined" || order.status === "cancelled" || order.status === "failed") {
    return { status: order.status, tier: await tierNow(), orderId: order.id, error: FINAL_FAILURES[order.status] };
  }
  let settled: SettleOutcome;
  try {
    settled = await settleOrder(services, order);
  } catch (error) {
    // The provider's own failure is answered here, in billing's words; anything else is a fault.
    if (!(error instanceof ProviderError)) throw error;
    services.logger.warn("provider could not settle an order", { orderId: order.id, err: error.message });
    throw new AppError("unavailable", "The payment provider could not be reached. Please try again in a moment.");
  }
  if (settled === "voided") {
    const info = await voidedOrderInfo(services.db, order.id);
    return {
      status: "voided",
      tier: await tierNow(),
      orderId: order.id,
      error: staleMessage(info.reason, info.refunded),
      stale: { ...info, tier: order.tier as PaidTier },
    };
  }
  if (settled === "applied" || settled === "already_applied" || settled === "refused") {
    return {
      status: settled,
      tier: await tierNow(),
      orderId: order.id,
      ...(settled === "refused" ? { error: AMOUNT_MISMATCH } : {}),
    };
  }
  if (settled === "pending") return { status: "pending", tier: await tierNow(), orderId: order.id };
  return { status: settled, tier: await tierNow(), orderId: order.id, error: FINAL_FAILURES[settled] };
}
