import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { z } from "zod";
import { type Db, sql, transaction } from "../../../platform/db/index.ts";
import type { Env } from "../../../platform/env.ts";
import { signingSecret } from "../../accounts/index.ts";
import { testPaymentMethods, testProviderOrders } from "../tables.ts";
import {
  type OrderState,
  type OrderStatus,
  type PaymentProvider,
  type WebhookEvent,
  WebhookVerificationError,
} from "./types.ts";

/**
 * The built-in test provider (the default with no credentials): the whole flow runs on this
 * machine. Its "servers" are the test_provider_orders table (so an order survives a restart and is
 * seen by every instance); the buyer approves on our own page, /payment/test/{id}; its callback is
 * signed like a real provider's webhook. No network call.
 */
export const TEST_SIGNATURE_HEADER = "x-test-signature";

/** A test provider order as this file reads it (the columns of test_provider_orders but created_at). */
const ROW = {
  id: testProviderOrders.id,
  reference: testProviderOrders.reference,
  amount_cents: testProviderOrders.amountCents,
  currency: testProviderOrders.currency,
  status: testProviderOrders.status,
  payment_id: testProviderOrders.paymentId,
  payment_method_token: testProviderOrders.paymentMethodToken,
  return_url: testProviderOrders.returnUrl,
  cancel_url: testProviderOrders.cancelUrl,
};
type Row = {
  id: string;
  reference: string;
  amount_cents: number;
  currency: string;
  status: "created" | "captured" | "declined" | "cancelled" | "refunded";
  payment_id: string | null;
  payment_method_token: string | null;
  return_url: string;
  cancel_url: string;
};

/** The webhook key: derived from the app's secret, so there is nothing more to configure. */
export function testWebhookSecret(env: Pick<Env, "AUTH_SECRET" | "DATA_DIR">): string {
  return createHmac("sha256", signingSecret(env)).update("toolscape:test-provider:webhook").digest("base64url");
}

export function signTestWebhook(env: Pick<Env, "AUTH_SECRET" | "DATA_DIR">, rawBody: string): string {
  return createHmac("sha256", testWebhookSecret(env)).update(rawBody).digest("hex");
}

const TestWebhookBody = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(["payment.captured", "payment.failed", "payment.refunded"]),
  provider_order_id: z.string().min(1).max(100),
  payment_id: z.string().max(100).nullable(),
  reference: z.string().max(100).nullable(),
  amount: z.object({ amount_cents: z.number().int(), currency: z.literal("USD") }).nullable(),
});
export type TestWebhookBody = z.infer<typeof TestWebhookBody>;

/** The saved method of a member: renewals charge it unless it was set to fail. */
export const testPaymentMethodToken = (userId: string) => `tpm_${userId}`;

async function readRow(db: Db, id: string): Promise<Row | null> {
  const [row] = await db.select(ROW).from(testProviderOrders).where(eq(testProviderOrders.id, id));
  return row ?? null;
}

function toState(row: Row): OrderState {
  const status: OrderStatus = row.status === "refunded" ? "captured" : row.status;
  return {
    providerOrderId: row.id,
    status,
    providerPaymentId: row.payment_id,
    amount:
      row.status === "captured" || row.status === "refunded"
        ? { amountCents: row.amount_cents, currency: "USD" }
        : null,
    reference: row.reference,
    paymentMethodToken: row.payment_method_token,
  };
}

export function createTestProvider(deps: { db: Db; env: Pick<Env, "AUTH_SECRET" | "DATA_DIR"> }): PaymentProvider {
  const { db, env } = deps;
  return {
    id: "test",
    testMode: true,
    async createOrder(input) {
      // One provider order per our order, as a real provider's idempotency key gives: two requests
      // for one order at once take turns on a lock keyed by the order, so the second finds the first's.
      return transaction(db, async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`test-order:${input.orderId}`}))`);
        const [open] = await tx
          .select({ id: testProviderOrders.id })
          .from(testProviderOrders)
          .where(and(eq(testProviderOrders.reference, input.orderId), eq(testProviderOrders.status, "created")));
        if (open) return { providerOrderId: open.id, approvalUrl: `/payment/test/${open.id}` };
        const id = `TEST-${randomUUID()}`;
        await tx.insert(testProviderOrders).values({
          id,
          reference: input.orderId,
          amountCents: input.amount.amountCents,
          currency: input.amount.currency,
          status: "created",
          returnUrl: input.returnUrl,
          cancelUrl: input.cancelUrl,
        });
        return { providerOrderId: id, approvalUrl: `/payment/test/${id}` };
      });
    },
    async getOrder(providerOrderId) {
      const row = await readRow(db, providerOrderId);
      if (!row) {
        return { providerOrderId, status: "failed", providerPaymentId: null, amount: null, reference: null };
      }
      return toState(row);
    },
    async capture(providerOrderId) {
      // Captured when the buyer approves: capturing is re-reading.
      return this.getOrder(providerOrderId);
    },
    async refund(input) {
      await db
        .update(testProviderOrders)
        .set({ status: "refunded" })
        .where(eq(testProviderOrders.paymentId, input.providerPaymentId));
      return { providerRefundId: `TESTREFUND-${input.idempotencyKey}`.slice(0, 100), status: "completed" };
    },
    async cancelOrder(providerOrderId) {
      // Only an order still waiting for the buyer: an approved (captured) one stays as it is.
      await db
        .update(testProviderOrders)
        .set({ status: "cancelled" })
        .where(and(eq(testProviderOrders.id, providerOrderId), eq(testProviderOrders.status, "created")));
    },
    async chargeSaved(input) {
      const userId = input.paymentMethodToken.startsWith("tpm_") ? input.paymentMethodToken.slice(4) : "";
      const [method] = await db
        .select({ fails: testPaymentMethods.fails })
        .from(testPaymentMethods)
        .where(eq(testPaymentMethods.userId, userId));
      const fails = method?.fails === true;
      // One charge per our order, as a real provider's idempotency key gives: a retry after an
      // unclear answer is answered with the first charge.
      const [earlier] = await db
        .select(ROW)
        .from(testProviderOrders)
        .where(and(eq(testProviderOrders.reference, input.orderId), isNotNull(testProviderOrders.paymentMethodToken)))
        .orderBy(asc(testProviderOrders.id))
        .limit(1);
      if (earlier) return toState(earlier);
      const id = `TEST-${randomUUID()}`;
      await db.insert(testProviderOrders).values({
        id,
        reference: input.orderId,
        amountCents: input.amount.amountCents,
        currency: input.amount.currency,
        status: fails ? "declined" : "captured",
        paymentId: fails ? null : `TESTPAY-${randomUUID()}`,
        paymentMethodToken: input.paymentMethodToken,
        returnUrl: "",
        cancelUrl: "",
      });
      const row = await readRow(db, id);
      return row ? toState(row) : null;
    },
    async verifyWebhook({ headers, rawBody }) {
      const signature = headers.get(TEST_SIGNATURE_HEADER);
      if (!signature) throw new WebhookVerificationError("Missing webhook signature", 400);
      const expected = Buffer.from(signTestWebhook(env, rawBody), "hex");
      const given = Buffer.from(/^[0-9a-f]{64}$/i.test(signature) ? signature : "", "hex");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new WebhookVerificationError("Invalid webhook signature", 401);
      }
      let parsed: TestWebhookBody;
      try {
        parsed = TestWebhookBody.parse(JSON.parse(rawBody));
      } catch {
        throw new WebhookVerificationError("Malformed webhook body", 400);
      }
      const event: WebhookEvent = {
        id: parsed.id,
        type: parsed.type,
        providerType: parsed.type,
        providerOrderId: parsed.provider_order_id,
        providerPaymentId: parsed.payment_id,
        reference: parsed.reference,
        amount: parsed.amount ? { amountCents: parsed.amount.amount_cents, currency: "USD" } : null,
      };
      return event;
    },
  };
}

/**
 * The buyer's decision on the test provider's approval page. Records it once (a second click
 * changes nothing) and returns the signed callback to deliver and where to send the buyer.
 */
export async function decideTestOrder(
  db: Db,
  env: Pick<Env, "AUTH_SECRET" | "DATA_DIR">,
  providerOrderId: string,
  decision: "approve" | "decline" | "cancel",
  userId: string,
): Promise<{ row: Row; webhook: { rawBody: string; signature: string } | null } | null> {
  const status = decision === "approve" ? "captured" : decision === "decline" ? "declined" : "cancelled";
  const updated = await db
    .update(testProviderOrders)
    .set({
      status,
      paymentId: decision === "approve" ? `TESTPAY-${randomUUID()}` : null,
      paymentMethodToken: decision === "approve" ? testPaymentMethodToken(userId) : null,
    })
    .where(and(eq(testProviderOrders.id, providerOrderId), eq(testProviderOrders.status, "created")))
    .returning(ROW);
  const row = updated[0] ?? (await readRow(db, providerOrderId));
  if (!row) return null;
  if (!updated[0]) return { row, webhook: null };
  const body: TestWebhookBody = {
    id: `TESTEVT-${randomUUID()}`,
    type: decision === "approve" ? "payment.captured" : "payment.failed",
    provider_order_id: row.id,
    payment_id: row.payment_id,
    reference: row.reference,
    amount: decision === "approve" ? { amount_cents: row.amount_cents, currency: "USD" } : null,
  };
  const rawBody = JSON.stringify(body);
  return { row, webhook: { rawBody, signature: signTestWebhook(env, rawBody) } };
}

export async function readTestOrder(db: Db, providerOrderId: string): Promise<Row | null> {
  return readRow(db, providerOrderId);
}
