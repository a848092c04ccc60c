import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { EdgeEnv } from "../edge/vars.ts";
import { consumeRateLimit, getViewer, requireUser, TIERS } from "../modules/accounts/index.ts";
import {
  AMOUNT_MISMATCH,
  billingActor,
  cancelAtPeriodEnd,
  handleWebhook,
  membershipComparison,
  PROVIDER_IDS,
  quoteCheckout,
  requestRefund,
  resumeSubscription,
  startCheckout,
  verifyOrder,
  WebhookVerificationError,
} from "../modules/billing/index.ts";
import { AppError } from "../platform/errors.ts";
import { uuidSchema } from "../platform/ids.ts";
import { returnOrigin } from "../platform/site-origin.ts";
import {
  documented,
  errors,
  json,
  memberErrors,
  OPTIONAL_SESSION,
  ok,
  pathParams,
  record,
  requestJson,
  SESSION,
} from "./doc.ts";
import { fail, parseOr400 } from "./respond.ts";

type Vars = EdgeEnv;

const PaidTier = z.enum(["standard", "expert"], { message: "tier must be standard or expert" });
/** Dollars as the spec's forms send them ("2.99" or 2.99); compared in cents. */
const Amount = z.union([z.number(), z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, "amount must be a number such as 2.99")]);
const Currency = z.string().regex(/^[A-Za-z]{3}$/, "currency must be a code such as USD");
const Pricing = z.object({ tier: PaidTier, currency: Currency.optional() });
const CreateOrder = z.object({
  tier: PaidTier,
  user_email: z.string().max(320).optional(),
  user_id: z.string().max(64).optional(),
  amount: Amount.optional(),
  currency: Currency.optional(),
  provider: z.enum(PROVIDER_IDS, { message: "provider must be paypal, cashfree or test" }).optional(),
});
const Verify = z.object({
  order_id: uuidSchema("order_id must be an order id"),
  payment_id: z.string().max(200).optional(),
});
const CreateSubscription = z.object({
  user_id: z.string().max(64).optional(),
  tier: z.enum(TIERS, { message: "tier must be free, standard or expert" }),
  amount: Amount.optional(),
  currency: Currency.optional(),
});
const IdempotencyKey = z.string().regex(/^[\w.:-]{8,100}$/, "Idempotency-Key must be 8-100 letters, digits or - _ . :");
const CREATE_ORDER_RULE = { max: 20, windowSec: 600 };
const OrderAnswer = ok({
  order_id: z.string(),
  url: z.string().nullable(),
  session_id: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  provider: z.string(),
  test_mode: z.boolean(),
  kind: z.string(),
});

async function jsonBody(c: { req: { json(): Promise<unknown> } }): Promise<unknown> {
  return c.req.json().catch(() => {
    throw new AppError("bad_request", "Send a JSON body");
  });
}

const cents = (amount: number | string) => Math.round(Number(amount) * 100);
const dollars = (c: number) => Number((c / 100).toFixed(2));

/**
 * Payments, subscriptions and the membership comparison (spec section 7 shapes), and the payment
 * providers' webhooks. Prices always come from the plans table; a browser's amount is only checked.
 */
export function billingApi() {
  const api = new OpenAPIHono<Vars>();
  for (const path of [
    "/payments/*",
    "/subscriptions/cancel",
    "/subscriptions/resume",
    "/subscriptions/refund",
    "/subscriptions/create",
  ]) {
    api.use(path, async (c, next) => {
      await next();
      c.header("Cache-Control", "private, no-store");
    });
  }

  documented(
    api,
    {
      method: "post",
      path: "/payments/pricing-for-checkout",
      operationId: "pricingForCheckout",
      summary: "What a plan costs the caller now (credit applied)",
      tags: ["Billing"],
      security: OPTIONAL_SESSION,
      request: { body: requestJson(Pricing) },
      responses: {
        200: json(
          ok({
            tier: PaidTier,
            amount: z.number(),
            currency: z.string(),
            list_amount: z.number(),
            credit_applied: z.number(),
            kind: z.string(),
          }),
          "The price",
        ),
        ...errors(),
      },
    },
    async (c) => {
      const { services } = c.var;
      const input = parseOr400(Pricing, await jsonBody(c));
      if (input.currency && input.currency.toUpperCase() !== "USD")
        throw new AppError("bad_request", "Only USD is supported");
      const viewer = await getViewer(services, c.req.raw);
      const quote = await quoteCheckout(services, viewer ? billingActor(viewer, c.var.requestId) : null, {
        tier: input.tier,
      });
      return c.json({
        success: true,
        tier: quote.tier,
        amount: dollars(quote.amountCents),
        currency: quote.currency,
        list_amount: dollars(quote.listAmountCents),
        credit_applied: dollars(quote.creditAppliedCents),
        kind: quote.kind,
        keeps_cancellation: quote.keepsCancellation,
      });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/payments/create-order",
      operationId: "createOrder",
      summary: "Start a checkout (201 new order, 200 the same order again)",
      tags: ["Billing"],
      security: SESSION,
      request: { headers: z.object({ "idempotency-key": IdempotencyKey.optional() }), body: requestJson(CreateOrder) },
      responses: {
        200: json(OrderAnswer, "The same order again (Idempotency-Key)"),
        201: json(OrderAnswer, "The order"),
        ...memberErrors(403, 409),
      },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = requireUser(await getViewer(services, c.req.raw));
      const input = parseOr400(CreateOrder, await jsonBody(c));
      if (input.user_id !== undefined && input.user_id !== viewer.user.id) {
        throw new AppError("forbidden", "You can only pay for your own account");
      }
      if (input.user_email !== undefined && input.user_email.trim().toLowerCase() !== viewer.user.email.toLowerCase()) {
        throw new AppError("forbidden", "You can only pay for your own account");
      }
      const keyHeader = c.req.header("idempotency-key");
      const idempotencyKey = keyHeader === undefined ? null : parseOr400(IdempotencyKey, keyHeader);
      const limit = await consumeRateLimit(
        services.db,
        `create-order:${viewer.user.id}`,
        CREATE_ORDER_RULE,
        services.clock.now(),
      );
      if (!limit.allowed) {
        throw new AppError("rate_limited", "Too many checkout attempts. Please wait a few minutes.", {
          retryAfterSec: limit.retryAfterSec,
        });
      }
      const order = await startCheckout(services, billingActor(viewer, c.var.requestId), {
        tier: input.tier,
        provider: input.provider,
        idempotencyKey,
        amountCents: input.amount === undefined ? null : cents(input.amount),
        currency: input.currency ?? null,
        origin: returnOrigin(services.env, c.req.url),
      });
      return c.json(
        {
          success: true,
          order_id: order.orderId,
          url: order.url,
          session_id: order.sessionId,
          amount: dollars(order.amountCents),
          currency: order.currency,
          provider: order.provider,
          test_mode: order.testMode,
          kind: order.kind,
        },
        order.reused ? 200 : 201,
      );
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/payments/verify",
      operationId: "verifyPayment",
      summary: "Check an order with its provider and apply it once",
      tags: ["Billing"],
      security: SESSION,
      request: { body: requestJson(Verify) },
      responses: {
        200: json(
          z
            .object({
              success: z.boolean(),
              status: z.string(),
              tier: z.string().nullable(),
              order_id: z.string(),
              error: z.string().optional(),
            })
            .passthrough(),
          "The order's outcome (success false while not paid)",
        ),
        ...memberErrors(403, 404, 409),
      },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = requireUser(await getViewer(services, c.req.raw));
      const input = parseOr400(Verify, await jsonBody(c));
      const outcome = await verifyOrder(services, billingActor(viewer, c.var.requestId), { orderId: input.order_id });
      const ok = outcome.status === "applied" || outcome.status === "already_applied";
      return c.json({
        success: ok,
        status: outcome.status,
        tier: outcome.tier,
        order_id: outcome.orderId,
        ...(outcome.error ? { error: outcome.error } : {}),
      });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/subscriptions/create",
      operationId: "createSubscription",
      summary: "Activate the Free plan (paid plans go through checkout)",
      tags: ["Billing"],
      security: SESSION,
      request: { body: requestJson(CreateSubscription) },
      responses: {
        200: json(
          ok({ subscription: z.object({ user_id: z.string(), tier: z.enum(TIERS) }), message: z.string() }),
          "Free is active",
        ),
        ...memberErrors(403),
      },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = requireUser(await getViewer(services, c.req.raw));
      const input = parseOr400(CreateSubscription, await jsonBody(c));
      if (input.user_id !== undefined && input.user_id !== viewer.user.id) {
        throw new AppError("forbidden", "You can only change your own plan");
      }
      if (input.tier !== "free") throw new AppError("bad_request", "Use checkout for paid plans");
      if (input.amount !== undefined && cents(input.amount) !== 0) throw new AppError("bad_request", AMOUNT_MISMATCH);
      // Free needs no payment: a member without a paid plan is on it. A paid plan ends by cancel or refund.
      const message =
        viewer.tier === "free"
          ? "Your Free plan is active"
          : "You keep your paid plan until it ends; cancel it from your dashboard to move to Free";
      return c.json({ success: true, subscription: { user_id: viewer.user.id, tier: viewer.tier }, message });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/subscriptions/cancel",
      operationId: "cancelSubscription",
      summary: "Stop renewing at the end of the period",
      tags: ["Billing"],
      security: SESSION,
      responses: {
        200: json(ok({ subscription: record("the subscription"), message: z.string() }), "Will not renew"),
        ...memberErrors(404, 409),
      },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = requireUser(await getViewer(services, c.req.raw));
      const subscription = await cancelAtPeriodEnd(services, billingActor(viewer, c.var.requestId), {});
      return c.json({
        success: true,
        subscription,
        message: `Your plan stays on until ${subscription.currentPeriodEnd.toISOString().slice(0, 10)} and will not renew`,
      });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/subscriptions/resume",
      operationId: "resumeSubscription",
      summary: "Renew again",
      tags: ["Billing"],
      security: SESSION,
      responses: {
        200: json(ok({ subscription: record("the subscription"), message: z.string() }), "Will renew"),
        ...memberErrors(404, 409),
      },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = requireUser(await getViewer(services, c.req.raw));
      const subscription = await resumeSubscription(services, billingActor(viewer, c.var.requestId), {});
      return c.json({ success: true, subscription, message: "Your plan will renew again" });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/subscriptions/refund",
      operationId: "refundSubscription",
      summary: "Refund within the refund window (the plan ends)",
      tags: ["Billing"],
      security: SESSION,
      responses: {
        200: json(ok({ refunded: z.number(), payments: z.unknown(), message: z.string() }), "Refunded"),
        ...memberErrors(403, 404, 409),
      },
    },
    async (c) => {
      const { services } = c.var;
      const viewer = requireUser(await getViewer(services, c.req.raw));
      const refund = await requestRefund(services, billingActor(viewer, c.var.requestId), {});
      return c.json({
        success: true,
        refunded: dollars(refund.refundedCents),
        payments: refund.payments,
        message: "Your payment was refunded and your plan is now Free",
      });
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/membership/comparison",
      operationId: "membershipComparison",
      summary: "The plans side by side",
      tags: ["Billing"],
      security: [{}],
      responses: { 200: json(ok({ comparison: z.unknown() }), "The comparison"), ...errors() },
    },
    async (c) => {
      const comparison = await membershipComparison(c.var.services.db);
      c.header("Cache-Control", "public, max-age=300");
      return c.json({ success: true, comparison });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/webhooks/{provider}",
      operationId: "paymentWebhook",
      summary: "A payment provider's webhook (signature checked; the order is re-read from the provider)",
      tags: ["Billing"],
      security: [{}],
      request: {
        params: pathParams({ provider: z.enum(PROVIDER_IDS) }),
        body: { required: true, content: { "application/json": { schema: z.unknown() } } },
      },
      responses: {
        200: json(ok({ duplicate: z.boolean(), outcome: z.unknown() }), "Handled"),
        ...errors(401, 403, 404),
      },
    },
    async (c) => {
      const { services } = c.var;
      const provider = c.req.param("provider");
      if (!(PROVIDER_IDS as readonly string[]).includes(provider)) return fail(c, 404, "Unknown payment provider");
      const rawBody = await c.req.text();
      try {
        const result = await handleWebhook(services, provider, { headers: c.req.raw.headers, rawBody });
        return c.json({ success: true, duplicate: result.duplicate, outcome: result.outcome });
      } catch (error) {
        if (error instanceof WebhookVerificationError) {
          services.logger.warn("webhook refused", { provider, status: error.status, reason: error.message });
          return fail(c, error.status, error.message);
        }
        throw error;
      }
    },
  );

  return api;
}
