import { selectPaymentProviders } from "./providers/select.ts";
import { createTestProvider } from "./providers/test.ts";
import type { PaymentProvider, PayoutProvider, ProviderId } from "./providers/types.ts";
import type { BillingServices } from "./types.ts";

export type PaymentProviders = {
  providers: Partial<Record<ProviderId, PaymentProvider>>;
  /** the enabled providers in the order checkout offers them; the first is the default */
  enabled: ProviderId[];
  defaultId: ProviderId;
  /** affiliate payouts: PayPal's payouts API when PayPal is configured, else null */
  payouts: PayoutProvider | null;
  summary: string;
  warnings: string[];
};

const cache = new WeakMap<object, PaymentProviders>();

/**
 * The payment providers this instance runs with (ADR 0011's selection: PayPal and Cashfree with
 * their credentials, the test provider only when neither is set). Built once per services object.
 */
export function paymentProviders(services: BillingServices): PaymentProviders {
  return cache.get(services) ?? configurePaymentProviders(services, {});
}

/**
 * Builds this services object's providers now; tests point PayPal and Cashfree at local replay
 * servers of recorded exchanges (`baseUrls`), so nothing leaves the machine.
 */
export function configurePaymentProviders(
  services: BillingServices,
  options: { baseUrls?: Partial<Record<"paypal" | "cashfree", string>> },
): PaymentProviders {
  const test = createTestProvider({ db: services.db, env: services.env });
  const selected = selectPaymentProviders(services.env, { test, clock: services.clock, baseUrls: options.baseUrls });
  const found: PaymentProviders = {
    providers: selected.providers,
    enabled: selected.enabled,
    defaultId: selected.enabled[0] ?? "test",
    payouts: selected.payouts,
    summary: selected.summary,
    warnings: selected.warnings,
  };
  cache.set(services, found);
  return found;
}

export function providerFor(services: BillingServices, id: string): PaymentProvider | null {
  const { providers } = paymentProviders(services);
  return Object.hasOwn(providers, id) ? (providers[id as ProviderId] ?? null) : null;
}
