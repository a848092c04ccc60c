import { and, desc, eq, gt } from "drizzle-orm";
import { DAY_MS } from "../../platform/clock.ts";
import { schema, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { type ApplyOutcome, applyCapturedOrder } from "./apply.ts";
import type { PaidTier } from "./contracts.ts";
import { formatMoney, getPlan, unusedValueCents } from "./plans.ts";
import { ProviderError, type ProviderId } from "./providers/types.ts";
import { creditBalance, liveSubscription, type OrderRow, orderById } from "./queries.ts";
import { paymentProviders, providerFor } from "./registry.ts";
import {
  cancelAtProvider,
  staleMessage,
  staleReason,
  voidedOrderInfo,
  voidOrder,
  voidOtherOpenOrders,
} from "./revalidate.ts";
import { lockMember, recordEvent } from "./tier.ts";
import type { BillingServices, CheckoutOrder, CheckoutQuote, OrderKind, VerifyOutcome } from "./types.ts";

export { unusedValueCents };

export const AMOUNT_MISMATCH = "Amount does not match the plan";
/** A pending order is offered again for a repeat checkout of the same plan within this time. */
const REUSE_MS = DAY_MS;

/**
 * The price of `tier` for this member now: the plan's price (never the browser's), less the unused
 * Standard days on an upgrade and less tool credits. Refuses what checkout must not sell.
 */
export async function quoteCheckout(
  services: Pick<BillingServices, "db" | "clock">,
  userId: string | null,
  tier: PaidTier,
): Promise<CheckoutQuote> {
  const { db } = services;
  const now = services.clock.now();
  const plan = await getPlan(db, tier);
  let kind: OrderKind = "new";
  let upgradeCreditCents = 0;
  let balance = 0;
  let keepsCancellation = false;
  if (userId) {
    const live = await liveSubscription(db, userId);
    if (live?.status === "active") {
      if (live.tier === tier) {
        throw new AppError(
          "conflict",
          live.cancelAtPeriodEnd
            ? `Your ${plan.name} plan runs until ${live.currentPeriodEnd.toISOString().slice(0, 10)}: resume it from your dashboard instead`
            : `You already have the ${plan.name} plan`,
        );
      }
      if (live.tier === "expert") {
        throw new AppError(
          "conflict",
          "You are on Expert: cancel it from your dashboard, then choose Standard when it ends",
        );
      }
      kind = "upgrade";
      upgradeCreditCents = unusedValueCents(live, await getPlan(db, "standard"), now);
      keepsCancellation = live.cancelAtPeriodEnd;
    } else if (live?.status === "past_due" && live.tier === tier) {
      kind = "renewal";
    }
    balance = await creditBalance(db, userId);
  }
  const afterUpgrade = Math.max(0, plan.amountCents - upgradeCreditCents);
  // Providers cannot charge nothing: tool credits leave at least one dollar to pay.
  const ledgerCreditCents = Math.max(0, Math.min(balance, afterUpgrade - 100));
  return {
    tier,
    kind,
    currency: "USD",
    listAmountCents: plan.amountCents,
    upgradeCreditCents,
    ledgerCreditCents,
    creditAppliedCents: upgradeCreditCents + ledgerCreditCents,
    amountCents: afterUpgrade - ledgerCreditCents,
    keepsCancellation,
  };
}

export type CreateOrderInput = {
  user: { id: string; email: string; name: string };
  tier: PaidTier;
  provider?: string;
  idempotencyKey?: string | null;
  /** what the browser believes it pays: must match the plan (list price or the quoted price) */
  amountCents?: number | null;
  currency?: string | null;
  /** the site's origin, for the provider's return and cancel URLs */
  origin: string;
};

function toCheckoutOrder(order: typeof schema.paymentOrders.$inferSelect, reused: boolean, testMode: boolean) {
  return {
    orderId: order.id,
    provider: order.provider,
    testMode,
    url: order.approvalUrl,
    sessionId: order.sessionId,
    amountCents: order.amountCents,
    currency: "USD",
    kind: order.kind,
    tier: order.tier as PaidTier,
    reused,
  } satisfies CheckoutOrder;
}

/**
 * Starts a checkout: our order row (priced on the server), then the provider's order. The same
 * Idempotency-Key, or a repeat for the same plan while an order is pending, returns that order.
 */
export async function createOrder(services: BillingServices, input: CreateOrderInput): Promise<CheckoutOrder> {
  const { db } = services;
  const registry = paymentProviders(services);
  const providerId = (input.provider ?? registry.defaultId) as ProviderId;
  const provider = providerFor(services, providerId);
  if (!provider) throw new AppError("bad_request", `The payment provider ${input.provider} is not available`);
  if (input.currency != null && input.currency.toUpperCase() !== "USD")
    throw new AppError("bad_request", AMOUNT_MISMATCH);

  const quote = await quoteCheckout(services, input.user.id, input.tier);
  if (
    input.amountCents != null &&
    input.amountCents !== quote.amountCents &&
    input.amountCents !== quote.listAmountCents
  ) {
    services.logger.warn("checkout amount refused", {
      userId: input.user.id,
      tier: input.tier,
      sent: input.amountCents,
      price: quote.amountCents,
    });
    throw new AppError("bad_request", AMOUNT_MISMATCH);
  }
  const now = services.clock.now();
  const key = input.idempotencyKey ?? null;

  const found = await transaction(db, async (tx) => {
    await lockMember(tx, input.user.id);
    const o = schema.paymentOrders;
    if (key) {
      const [same] = await tx
        .select()
        .from(o)
        .where(and(eq(o.userId, input.user.id), eq(o.idempotencyKey, key)))
        .limit(1);
      if (same) {
        if (same.tier !== input.tier) throw new AppError("conflict", "This Idempotency-Key was used for another order");
        return { order: same, reused: true, replaced: [] as OrderRow[] };
      }
    }
    const [pending] = await tx
      .select()
      .from(o)
      .where(
        and(
          eq(o.userId, input.user.id),
          eq(o.tier, input.tier),
          eq(o.provider, providerId),
          eq(o.status, "created"),
          eq(o.kind, quote.kind),
          eq(o.amountCents, quote.amountCents),
          gt(o.createdAt, new Date(now.getTime() - REUSE_MS)),
        ),
      )
      .orderBy(desc(o.createdAt))
      .limit(1);
    if (pending?.approvalUrl || pending?.sessionId) return { order: pending, reused: true, replaced: [] as OrderRow[] };
    const live = await liveSubscription(tx, input.user.id);
    const [created] = await tx
      .insert(o)
      .values({
        userId: input.user.id,
        tier: input.tier,
        kind: quote.kind,
        provider: providerId,
        amountCents: quote.amountCents,
        listAmountCents: quote.listAmountCents,
        creditAppliedCents: quote.creditAppliedCents,
        ledgerCreditCents: quote.ledgerCreditCents,
        currency: "USD",
        status: "created",
        idempotencyKey: key,
        subscriptionId: quote.kind === "new" ? null : (live?.id ?? null),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error("order insert returned nothing");
    await recordEvent(tx, {
      userId: input.user.id,
      type: "order_created",
      at: now,
      detail: {
        orderId: created.id,
        tier: input.tier,
        kind: quote.kind,
        provider: providerId,
        amountCents: quote.amountCents,
        creditAppliedCents: quote.creditAppliedCents,
      },
    });
    // One open checkout per member: a new order replaces the others (ADR 0024).
    const replaced = await voidOtherOpenOrders(services, tx, input.user.id, created.id);
    return { order: created, reused: false, replaced };
  });
  for (const old of found.replaced) await cancelAtProvider(services, old);
  if (found.reused && (found.order.approvalUrl || found.order.sessionId)) {
    return toCheckoutOrder(found.order, true, provider.testMode);
  }

  const plan = await getPlan(db, input.tier);
  const order = found.order;
  const base = input.origin.replace(/\/$/, "");
  try {
    const made = await provider.createOrder({
      orderId: order.id,
      description: `Toolscape ${plan.name} membership, ${plan.periodDays} days (${formatMoney(order.amountCents)})`,
      amount: { amountCents: order.amountCents, currency: "USD" },
      customer: input.user,
      returnUrl: `${base}/payment/success?order_id=${order.id}`,
      cancelUrl: `${base}/payment/cancel?order_id=${order.id}&tier=${order.tier}`,
      idempotencyKey: `order-${order.id}`,
      savePaymentMethod: true,
    });
    const [saved] = await db
      .update(schema.paymentOrders)
      .set({
        providerOrderId: made.providerOrderId,
        approvalUrl: made.approvalUrl,
        sessionId: made.sessionId ?? null,
        updatedAt: services.clock.now(),
      })
      .where(eq(schema.paymentOrders.id, order.id))
      .returning();
    return toCheckoutOrder(saved ?? order, found.reused, provider.testMode);
  } catch (error) {
    await db
      .update(schema.paymentOrders)
      .set({ status: "failed", updatedAt: services.clock.now() })
      .where(eq(schema.paymentOrders.id, order.id));
    if (error instanceof ProviderError) {
      services.logger.warn("provider refused an order", {
        provider: providerId,
        orderId: order.id,
        err: error.message,
      });
      throw new AppError("unavailable", "The payment provider could not start the payment. Please try again.");
    }
    throw error;
  }
}

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
  input: { userId: string; orderId: string; admin?: boolean },
): Promise<VerifyOutcome> {
  const order = await orderById(services.db, input.orderId);
  if (!order || (order.userId !== input.userId && !input.admin)) throw new AppError("not_found", "Order not found");
  const tierNow = async () => {
    const [p] = await services.db
      .select({ tier: schema.userProfiles.tier })
      .from(schema.userProfiles)
      .where(eq(schema.userProfiles.userId, order.userId));
    return p?.tier ?? "free";
  };
  if (order.status === "captured") return { status: "already_applied", tier: await tierNow(), orderId: order.id };
  if (order.status === "declined" || order.status === "cancelled" || order.status === "failed") {
    return { status: order.status, tier: await tierNow(), orderId: order.id, error: FINAL_FAILURES[order.status] };
  }
  const settled = await settleOrder(services, order);
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
  services: Pick<BillingServices, "db" | "clock">,
  orderId: string,
  status: "declined" | "cancelled" | "failed",
): Promise<void> {
  await services.db
    .update(schema.paymentOrders)
    .set({ status, updatedAt: services.clock.now() })
    .where(and(eq(schema.paymentOrders.id, orderId), eq(schema.paymentOrders.status, "created")));
}
