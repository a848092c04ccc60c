import type { Clock } from "../../../platform/clock.ts";
import type { Env } from "../../../platform/env.ts";
import { createCashfreeProvider } from "./cashfree.ts";
import { createPayPalProvider } from "./paypal.ts";
import { maskSecret } from "./shared.ts";
import type { PaymentProvider, PayoutProvider, ProviderId } from "./types.ts";

export type ProviderEnv = Pick<
  Env,
  | "PAYPAL_CLIENT_ID"
  | "PAYPAL_CLIENT_SECRET"
  | "PAYPAL_ENVIRONMENT"
  | "PAYPAL_WEBHOOK_ID"
  | "CASHFREE_APP_ID"
  | "CASHFREE_SECRET_KEY"
  | "CASHFREE_ENVIRONMENT"
  | "CASHFREE_WEBHOOK_TOLERANCE_S"
>;

export type SelectedProviders = {
  /** the enabled providers, in the order checkout offers them */
  enabled: ProviderId[];
  providers: Partial<Record<ProviderId, PaymentProvider>>;
  /** affiliate payouts: PayPal when configured, else the given test payouts (or none) */
  payouts: PayoutProvider | null;
  /** one line for the boot log: which providers, which environment, credentials masked */
  summary: string;
  /** things an operator should fix, for the boot log (e.g. PayPal without a webhook id) */
  warnings: string[];
};

export type SelectOptions = {
  /** billing's test provider: the one enabled when no real provider has credentials */
  test: PaymentProvider;
  testPayouts?: PayoutProvider;
  clock?: Clock;
  /** tests: local replay servers in place of the providers' hosts */
  baseUrls?: Partial<Record<"paypal" | "cashfree", string>>;
};

/**
 * Which payment providers this instance offers, from the environment: PayPal with its credentials,
 * Cashfree with its credentials, and the test provider only when neither is set, so a real
 * deployment never shows a button that takes no money.
 */
export function selectPaymentProviders(env: ProviderEnv, options: SelectOptions): SelectedProviders {
  const providers: Partial<Record<ProviderId, PaymentProvider>> = {};
  const parts: string[] = [];
  const warnings: string[] = [];
  let payouts: PayoutProvider | null = options.testPayouts ?? null;

  if (env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET) {
    const paypal = createPayPalProvider({
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      environment: env.PAYPAL_ENVIRONMENT,
      webhookId: env.PAYPAL_WEBHOOK_ID,
      baseUrl: options.baseUrls?.paypal,
    });
    providers.paypal = paypal;
    payouts = paypal;
    parts.push(`paypal (${env.PAYPAL_ENVIRONMENT}, client ${maskSecret(env.PAYPAL_CLIENT_ID)})`);
    if (!env.PAYPAL_WEBHOOK_ID) warnings.push("PAYPAL_WEBHOOK_ID is not set: PayPal webhooks will be refused");
  }
  if (env.CASHFREE_APP_ID && env.CASHFREE_SECRET_KEY) {
    const clock = options.clock;
    providers.cashfree = createCashfreeProvider({
      appId: env.CASHFREE_APP_ID,
      secretKey: env.CASHFREE_SECRET_KEY,
      environment: env.CASHFREE_ENVIRONMENT,
      webhookToleranceMs: env.CASHFREE_WEBHOOK_TOLERANCE_S * 1000,
      baseUrl: options.baseUrls?.cashfree,
      ...(clock ? { now: () => clock.now() } : {}),
    });
    parts.push(`cashfree (${env.CASHFREE_ENVIRONMENT}, app ${maskSecret(env.CASHFREE_APP_ID)})`);
  }
  if (!providers.paypal && !providers.cashfree) {
    providers.test = options.test;
    parts.push("test (no provider credentials set: Test mode)");
  }
  const enabled = (["paypal", "cashfree", "test"] as const).filter((id) => providers[id] !== undefined);
  return { enabled, providers, payouts, summary: `payment providers: ${parts.join(", ")}`, warnings };
}
