import { and, desc, eq, gt } from "drizzle-orm";
import { z } from "zod";
import { DAY_MS } from "../../platform/clock.ts";
import { transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import type { PaidTier } from "./contracts.ts";
import { AMOUNT_MISMATCH, formatMoney, getPlan, PAID_TIERS } from "./plans.ts";
import { ProviderError, type ProviderId } from "./providers/types.ts";
import { liveSubscription, type OrderRow } from "./queries.ts";
import { quoteCheckout } from "./quote-checkout.ts";
import { paymentProviders, providerFor } from "./registry.ts";
import { cancelAtProvider, voidOtherOpenOrders } from "./revalidate.ts";
import { paymentOrders } from "./tables.ts";
import { lockMember, recordEvent } from "./tier.ts";
import type { BillingActor, BillingServices, CheckoutOrder } from "./types.ts";

/** A pending order is offered again for a repeat checkout of the same plan within this time. */
const REUSE_MS = DAY_MS;

/**
 * A checkout as both doors send it: the page's form (provider and one-time key, the receipt's e-mail on
 * /payment) and POST /api/payments/create-order (the Idempotency-Key header, the amount the browser shows).
 */
export const StartCheckoutInput = z.object({
  tier: z.enum(PAID_TIERS),
  provider: z.string().optional(),
  idempotencyKey: z.string().nullable().optional(),
  /** the receipt's address when the buyer gave one; the member's own otherwise */
  email: z.string().optional(),
  /** what the browser believes it pays: must match the plan (list price or the quoted price) */
  amountCents: z.number().int().nullable().optional(),
  currency: z.string().nullable().optional(),
  /** the site's origin, for the provider's return and cancel URLs */
  origin: z.string(),
});
export type StartCheckoutInput = z.infer<typeof StartCheckoutInput>;

function toCheckoutOrder(order: typeof paymentOrders.$inferSelect, reused: boolean, testMode: boolean) {
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
export async function startCheckout(
  services: BillingServices,
  actor: BillingActor,
  input: StartCheckoutInput,
): Promise<CheckoutOrder> {
  const { db } = services;
  const user = { id: actor.id, email: input.email ?? actor.email, name: actor.name };
  const registry = paymentProviders(services);
  const providerId = (input.provider ?? registry.defaultId) as ProviderId;
  const provider = providerFor(services, providerId);
  if (!provider) throw new AppError("bad_request", `The payment provider ${input.provider} is not available`);
  if (input.currency != null && input.currency.toUpperCase() !== "USD")
    throw new AppError("bad_request", AMOUNT_MISMATCH);

  const quote = await quoteCheckout(services, actor, { tier: input.tier });
  if (
    input.amountCents != null &&
    input.amountCents !== quote.amountCents &&
    input.amountCents !== quote.listAmountCents
  ) {
    services.logger.warn("checkout amount refused", {
      userId: user.id,
      tier: input.tier,
      sent: input.amountCents,
      price: quote.amountCents,
    });
    throw new AppError("bad_request", AMOUNT_MISMATCH);
  }
  const now = services.clock.now();
  const key = input.idempotencyKey ?? null;

  const found = await transaction(db, async (tx) => {
    await lockMember(tx, user.id);
    const o = paymentOrders;
    if (key) {
      const [same] = await tx
        .select()
        .from(o)
        .where(and(eq(o.userId, user.id), eq(o.idempotencyKey, key)))
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
          eq(o.userId, user.id),
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
    const live = await liveSubscription(tx, user.id);
    const [created] = await tx
      .insert(o)
      .values({
        userId: user.id,
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
      userId: user.id,
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
    const replaced = await voidOtherOpenOrders(services, tx, user.id, created.id);
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
      customer: user,
      returnUrl: `${base}/payment/success?order_id=${order.id}`,
      cancelUrl: `${base}/payment/cancel?order_id=${order.id}&tier=${order.tier}`,
      idempotencyKey: `order-${order.id}`,
      savePaymentMethod: true,
    });
    const [saved] = await db
      .update(paymentOrders)
      .set({
        providerOrderId: made.providerOrderId,
        approvalUrl: made.approvalUrl,
        sessionId: made.sessionId ?? null,
        updatedAt: services.clock.now(),
      })
      .where(eq(paymentOrders.id, order.id))
      .returning();
    return toCheckoutOrder(saved ?? order, found.reused, provider.testMode);
  } catch (error) {
    await db
      .update(paymentOrders)
      .set({ status: "failed", updatedAt: services.clock.now() })
      .where(eq(paymentOrders.id, order.id));
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
