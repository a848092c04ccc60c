import { describe, expect, it } from "vitest";
import { loadEnv } from "../../../platform/env.ts";
import { selectPaymentProviders } from "./select.ts";
import type { PaymentProvider, PayoutProvider } from "./types.ts";

/** Stands in for billing's test provider: select only passes it through. */
const test = { id: "test", testMode: true } as PaymentProvider;
const testPayouts = { id: "test" } as PayoutProvider;

describe("selectPaymentProviders", () => {
  it("no credentials: only the test provider (Test mode), test payouts", () => {
    const selected = selectPaymentProviders(loadEnv({}), { test, testPayouts });
    expect(selected.enabled).toEqual(["test"]);
    expect(selected.providers.test).toBe(test);
    expect(selected.payouts).toBe(testPayouts);
    expect(selected.summary).toContain("test");
  });

  it("PayPal credentials: PayPal only (sandbox is test mode), its payouts, and a warning without a webhook id", () => {
    const env = loadEnv({ PAYPAL_CLIENT_ID: "AbCdEfGhIjKlMnOp", PAYPAL_CLIENT_SECRET: "EFGH-secret-value-1234" });
    const selected = selectPaymentProviders(env, { test, testPayouts });
    expect(selected.enabled).toEqual(["paypal"]);
    expect(selected.providers.test).toBeUndefined();
    expect(selected.providers.paypal?.testMode).toBe(true);
    expect(selected.payouts?.id).toBe("paypal");
    expect(selected.warnings.join()).toMatch(/PAYPAL_WEBHOOK_ID/);
  });

  it("both: PayPal and Cashfree, live/production are not test mode", () => {
    const env = loadEnv({
      PAYPAL_CLIENT_ID: "AbCdEfGhIjKlMnOp",
      PAYPAL_CLIENT_SECRET: "EFGH-secret-value-1234",
      PAYPAL_ENVIRONMENT: "live",
      PAYPAL_WEBHOOK_ID: "8PT597110X687430LKGECATA",
      CASHFREE_APP_ID: "TEST1012345678",
      CASHFREE_SECRET_KEY: "cfsk_ma_test_0123456789abcdef",
      CASHFREE_ENVIRONMENT: "production",
    });
    const selected = selectPaymentProviders(env, { test });
    expect(selected.enabled).toEqual(["paypal", "cashfree"]);
    expect(selected.providers.paypal?.testMode).toBe(false);
    expect(selected.providers.cashfree?.testMode).toBe(false);
    expect(selected.warnings).toEqual([]);
  });

  it("the boot line names providers and environments but never a secret or a whole id", () => {
    const env = loadEnv({
      PAYPAL_CLIENT_ID: "AbCdEfGhIjKlMnOp",
      PAYPAL_CLIENT_SECRET: "EFGH-secret-value-1234",
      CASHFREE_APP_ID: "TEST1012345678",
      CASHFREE_SECRET_KEY: "cfsk_ma_test_0123456789abcdef",
    });
    const { summary } = selectPaymentProviders(env, { test });
    expect(summary).toMatch(/paypal \(sandbox, client AbCd…MnOp\)/);
    expect(summary).toMatch(/cashfree \(sandbox, app TEST…5678\)/);
    for (const secret of [
      "EFGH-secret-value-1234",
      "cfsk_ma_test_0123456789abcdef",
      "AbCdEfGhIjKlMnOp",
      "TEST1012345678",
    ]) {
      expect(summary).not.toContain(secret);
    }
  });
});
