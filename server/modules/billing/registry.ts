import { createTestProvider } from "./providers/test.ts";
import type { PaymentProvider, ProviderId } from "./providers/types.ts";
import type { BillingServices } from "./types.ts";

export type PaymentProviders = {
  providers: Partial<Record<ProviderId, PaymentProvider>>;
  defaultId: ProviderId;
};

const cache = new WeakMap<object, PaymentProviders>();

/**
 * The payment providers this app runs with, by id, and the default one. Built once per services
 * object. TODO(lead, at merge of feat-providers): add H2's `selectPaymentProviders(env)` here — its
 * PayPal/Cashfree adapters join the map when their credentials are set, and the default becomes the
 * first configured real provider; the test provider stays available only when none is configured.
 */
export function paymentProviders(services: Pick<BillingServices, "db" | "env">): PaymentProviders {
  let found = cache.get(services);
  if (!found) {
    found = { providers: { test: createTestProvider({ db: services.db, env: services.env }) }, defaultId: "test" };
    cache.set(services, found);
  }
  return found;
}

export function providerFor(services: Pick<BillingServices, "db" | "env">, id: string): PaymentProvider | null {
  const { providers } = paymentProviders(services);
  return Object.hasOwn(providers, id) ? (providers[id as ProviderId] ?? null) : null;
}
