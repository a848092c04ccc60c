import { and, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { decideTestOrder, readTestOrder } from "./providers/test.ts";
import type { WebhookEvent } from "./providers/types.ts";
import { orderById } from "./queries.ts";
import { recordRefunds } from "./record-refunds.ts";
import { providerFor } from "./registry.ts";
import { staleReason, voidedOrderInfo, voidOrder } from "./revalidate.ts";
import { TEST_WEBHOOK_JOB } from "./schedule.ts";
import { settleOrder } from "./settle-order.ts";
import { paymentOrders, payments, plans, webhookEvents } from "./tables.ts";
import type { BillingServices, TestDecision, TestProviderOrderView } from "./types.ts";

export type WebhookOutcome = {
  duplicate: boolean;
  outcome:
    | "applied"
    | "already_applied"
    | "refused"
    | "voided"
    | "failed_noted"
    | "refund_noted"
    | "unknown_order"
    | "pending"
    | "ignored";
};

/**
 * A provider's webhook: the signature is checked first (WebhookVerificationError → 400/401, nothing
 * stored), then the event is recorded by its id, the order is re-read from the provider (the
 * payload is only a hint) and applied — exactly once, whichever of webhook and verify comes first.
 */
export async function handleWebhook(
  services: BillingServices,
  providerId: string,
  request: { headers: Headers; rawBody: string },
): Promise<WebhookOutcome> {
  const provider = providerFor(services, providerId);
  if (!provider) throw new AppError("not_found", "Unknown payment provider");
  const event = await provider.verifyWebhook(request);
  const now = services.clock.now();
  const [fresh] = await services.db
    .insert(webhookEvents)
    .values({ provider: provider.id, eventId: event.id, type: event.providerType, receivedAt: now })
    .onConflictDoNothing()
    .returning();
  const outcome = await processEvent(services, provider.id, event);
  await services.db
    .update(webhookEvents)
    .set({ processedAt: services.clock.now(), outcome })
    .where(and(eq(webhookEvents.provider, provider.id), eq(webhookEvents.eventId, event.id)));
  return { duplicate: !fresh, outcome };
}

async function processEvent(
  services: BillingServices,
  providerId: "paypal" | "cashfree" | "test",
  event: WebhookEvent,
): Promise<WebhookOutcome["outcome"]> {
  const provider = providerFor(services, providerId);
  if (!provider) return "ignored";
  const o = paymentOrders;
  const matches = [];
  if (event.providerOrderId)
    matches.push(and(eq(o.provider, providerId), eq(o.providerOrderId, event.providerOrderId)));
  if (event.reference && /^[0-9a-f-]{36}$/i.test(event.reference))
    matches.push(and(eq(o.provider, providerId), eq(o.id, event.reference)));
  if (event.type === "payment.refunded" && event.providerPaymentId) {
    const [payment] = await services.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, providerId), eq(payments.providerPaymentId, event.providerPaymentId)));
    if (!payment) return "unknown_order";
    // A refund made at the provider (its dashboard, a dispute): billing follows it.
    await recordRefunds(services, payment.userId, new Map([[payment.id, null]]), "provider");
    return "refund_noted";
  }
  if (!matches.length) return "unknown_order";
  const [order] = await services.db
    .select()
    .from(o)
    .where(matches.length === 1 ? matches[0] : or(...matches))
    .limit(1);
  if (!order) return "unknown_order";
  let settling = order;
  if (!order.providerOrderId) {
    // Our order never learnt the provider's id (its answer was lost): the provider's own record,
    // re-read, must name our order as its reference before the two are joined and settled.
    if (!event.providerOrderId) return "unknown_order";
    const state = await provider.getOrder(event.providerOrderId);
    if (state.reference !== order.id) return "unknown_order";
    const [joined] = await services.db
      .update(o)
      .set({ providerOrderId: event.providerOrderId, updatedAt: services.clock.now() })
      .where(and(eq(o.id, order.id), isNull(o.providerOrderId)))
      .returning();
    settling = joined ?? (await orderById(services.db, order.id)) ?? order;
    if (settling.providerOrderId !== event.providerOrderId) return "unknown_order";
  }
  const settled = await settleOrder(services, settling);
  if (settled === "declined" || settled === "cancelled" || settled === "failed") return "failed_noted";
  return settled;
}

/** The test provider's approval page: the order as its page shows it (null: no such order). */
export async function getTestProviderOrder(db: Db, providerOrderId: string): Promise<TestProviderOrderView | null> {
  if (!/^TEST-[0-9a-f-]{36}$/.test(providerOrderId)) return null;
  const row = await readTestOrder(db, providerOrderId);
  if (!row) return null;
  const order = await orderById(db, row.reference);
  if (!order) return null;
  const [plan] = await db.select().from(plans).where(eq(plans.tier, order.tier));
  return {
    providerOrderId: row.id,
    orderId: order.id,
    userId: order.userId,
    tier: order.tier as "standard" | "expert",
    planName: plan?.name ?? order.tier,
    amountCents: row.amount_cents,
    currency: row.currency,
    status: row.status,
    returnUrl: row.return_url,
    cancelUrl: row.cancel_url,
  };
}

/**
 * The buyer's choice on the test provider's page (Approve / Decline / Cancel): recorded once, then
 * the signed callback goes to POST /api/webhooks/test's handler through a durable job (delivered
 * after a restart too; inline when no job runner is configured). Returns where to send the buyer.
 * Only the order's owner may decide.
 */
export async function testProviderDecision(
  services: BillingServices,
  providerOrderId: string,
  decision: TestDecision,
  userId: string,
): Promise<{ redirectTo: string; orderId: string }> {
  const view = await getTestProviderOrder(services.db, providerOrderId);
  if (!view || view.userId !== userId) throw new AppError("not_found", "Order not found");
  if (decision === "approve" && (view.status === "created" || view.status === "cancelled")) {
    // Approving captures at once here, so the order is checked before: a stale one is voided and
    // the buyer goes back to a fresh checkout that says why (ADR 0024). Nothing is charged.
    const order = await orderById(services.db, view.orderId);
    const reason =
      order?.status === "voided"
        ? (await voidedOrderInfo(services.db, order.id)).reason
        : view.status === "created"
          ? order
            ? await staleReason(services.db, order)
            : "replaced"
          : null;
    if (reason) {
      if (order) await voidOrder(services, order, reason);
      return { redirectTo: `/checkout/${view.tier}?stale=${reason}`, orderId: view.orderId };
    }
  }
  const decided = await decideTestOrder(services.db, services.env, providerOrderId, decision, userId);
  if (!decided) throw new AppError("not_found", "Order not found");
  if (decided.webhook) {
    const payload = { rawBody: decided.webhook.rawBody, signature: decided.webhook.signature };
    if (services.jobs) await services.jobs.enqueue({ type: TEST_WEBHOOK_JOB, payload, key: providerOrderId });
    else await deliverTestWebhook(services, payload);
  }
  const row = decided.row;
  const sep = (url: string) => (url.includes("?") ? "&" : "?");
  const redirectTo =
    row.status === "captured" || row.status === "refunded"
      ? row.return_url
      : `${row.cancel_url}${sep(row.cancel_url)}reason=${row.status === "declined" ? "declined" : "cancelled"}`;
  return { redirectTo, orderId: view.orderId };
}

export async function deliverTestWebhook(
  services: BillingServices,
  payload: { rawBody: string; signature: string },
): Promise<void> {
  await handleWebhook(services, "test", {
    headers: new Headers({ "x-test-signature": payload.signature, "content-type": "application/json" }),
    rawBody: payload.rawBody,
  });
}
