import { describe, expect, it } from "vitest";
import { centsToDecimal, decimalToCents, maskSecret, toMoney } from "./shared.ts";

describe("money at the provider boundary", () => {
  it("cents → decimal strings, exactly", () => {
    expect(centsToDecimal(299)).toBe("2.99");
    expect(centsToDecimal(2999)).toBe("29.99");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(0)).toBe("0.00");
    expect(() => centsToDecimal(2.5)).toThrow();
    expect(() => centsToDecimal(-1)).toThrow();
  });

  it("decimal strings and Cashfree's numbers → cents; anything else is null", () => {
    expect(decimalToCents("2.99")).toBe(299);
    expect(decimalToCents("29.9")).toBe(2990);
    expect(decimalToCents("3")).toBe(300);
    expect(decimalToCents(2.99)).toBe(299);
    expect(decimalToCents(0.1 + 0.2)).toBe(30);
    for (const bad of [
      "2.999",
      2.994,
      -1,
      "-1.00",
      "1e3",
      "",
      "abc",
      Number.NaN,
      Number.POSITIVE_INFINITY,
      null,
      undefined,
    ]) {
      expect(decimalToCents(bad)).toBeNull();
    }
  });

  it("only USD is money we accept", () => {
    expect(toMoney("2.99", "USD")).toEqual({ amountCents: 299, currency: "USD" });
    expect(toMoney("2.99", "usd")).toEqual({ amountCents: 299, currency: "USD" });
    expect(toMoney("2.99", "EUR")).toBeNull();
    expect(toMoney("2.99", null)).toBeNull();
  });

  it("masks secrets to a recognisable stub", () => {
    expect(maskSecret("AbCdEfGhIjKlMnOp")).toBe("AbCd…MnOp");
    expect(maskSecret("short")).toBe("…");
  });
});
