import { expect } from "vitest";
import { signTestWebhook, testProviderDecision } from "../../server/modules/billing/index.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import type { Member } from "./accounts.ts";
import { fetch } from "./http.ts";
import type { TestServer } from "./server.ts";

type Json = Record<string, unknown>;

/** POST /api/payments/create-order as the member; returns the order and its test provider id. */
export async function startCheckout(
  _server: TestServer,
  member: Member,
  tier: "standard" | "expert",
  headers: Record<string, string> = {},
) {
  const res = await member.client.json("/api/payments/create-order", "POST", { tier }, { headers });
  const body = (await res.json()) as Json;
  expect(res.status, JSON.stringify(body)).toBeLessThan(300);
  const url = String(body.url);
  return {
    body,
    orderId: String(body.order_id),
    providerOrderId: url.replace("/payment/test/", ""),
    status: res.status,
  };
}

/** The buyer approves on the test provider's page; its signed callback arrives through the job runner. */
export async function approve(server: TestServer, member: Member, providerOrderId: string) {
  const decided = await testProviderDecision(server.services, providerOrderId, "approve", member.id);
  const run = await server.services.jobs.runDue();
  expect(run.failed).toBe(0);
  return decided;
}

export async function buy(server: TestServer, member: Member, tier: "standard" | "expert") {
  const checkout = await startCheckout(server, member, tier);
  await approve(server, member, checkout.providerOrderId);
  return checkout;
}

/** A provider-side capture without the callback (as if the buyer approved and the webhook is late). */
export async function captureAtProvider(server: TestServer, providerOrderId: string, userId: string) {
  const [row] = await queryRows<{ payment_id: string; amount_cents: number; reference: string }>(
    server.services.db,
    sql`UPDATE test_provider_orders SET status = 'captured', payment_id = ${`TESTPAY-${providerOrderId.slice(5)}`},
          payment_method_token = ${`tpm_${userId}`}
        WHERE id = ${providerOrderId} RETURNING payment_id, amount_cents, reference`,
  );
  if (!row) throw new Error("no such test order");
  return row;
}

export function signedWebhook(
  server: TestServer,
  event: {
    id: string;
    type?: string;
    providerOrderId: string;
    paymentId: string | null;
    reference: string | null;
    amountCents: number | null;
  },
) {
  const rawBody = JSON.stringify({
    id: event.id,
    type: event.type ?? "payment.captured",
    provider_order_id: event.providerOrderId,
    payment_id: event.paymentId,
    reference: event.reference,
    amount: event.amountCents === null ? null : { amount_cents: event.amountCents, currency: "USD" },
  });
  return { rawBody, signature: signTestWebhook(server.services.env, rawBody) };
}

export function postWebhook(
  server: TestServer,
  hook: { rawBody: string; signature?: string | null },
  provider = "test",
) {
  const headers: Record<string, string> = { "content-type": "application/json", origin: server.url };
  if (hook.signature) headers["x-test-signature"] = hook.signature;
  return fetch(`${server.url}/api/webhooks/${provider}`, { method: "POST", headers, body: hook.rawBody });
}

export async function count(
  server: TestServer,
  table: "payments" | "subscriptions" | "billing_events",
  userId: string,
  where = sql`TRUE`,
) {
  const [row] = await queryRows<{ n: number }>(
    server.services.db,
    sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE user_id = ${userId} AND ${where}`,
  );
  return Number(row?.n ?? 0);
}

export async function tierOf(server: TestServer, userId: string): Promise<string> {
  const [row] = await queryRows<{ tier: string }>(
    server.services.db,
    sql`SELECT tier::text AS tier FROM user_profiles WHERE user_id = ${userId}`,
  );
  return row?.tier ?? "none";
}
