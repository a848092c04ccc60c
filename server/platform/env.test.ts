import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.ts";

describe("loadEnv", () => {
  it("has working defaults: port 3000, embedded PGlite under ./data", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.pgliteDir).toBe(path.resolve("data/pglite"));
    expect(env.LOG_LEVEL).toBe("info");
  });

  it("treats an empty DATABASE_URL as unset", () => {
    expect(loadEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("stops with a readable message on a bad value", () => {
    expect(() => loadEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must be a postgres/);
    expect(() => loadEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });
});

describe("account settings", () => {
  it("are off or unset by default", () => {
    const env = loadEnv({});
    expect(env.AUTH_SECRET).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.DEMO_MODE).toBe(false);
    expect(env.MAIL_OUTBOX_PAGE).toBe(false);
    expect(env.TRUST_PROXY).toBe(false);
  });

  it("validates what is set", () => {
    expect(loadEnv({ PUBLIC_URL: "https://toolscape.example/" }).PUBLIC_URL).toBe("https://toolscape.example");
    expect(() => loadEnv({ PUBLIC_URL: "toolscape.example" })).toThrow(/PUBLIC_URL/);
    expect(() => loadEnv({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET must be at least 32/);
    expect(() => loadEnv({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
    expect(loadEnv({ SMTP_URL: "" }).SMTP_URL).toBeUndefined();
    expect(loadEnv({ DEMO_MODE: "1" }).DEMO_MODE).toBe(true);
  });
});

describe("payment provider settings", () => {
  it("are unset by default: sandbox environments, Cashfree webhooks allowed 5 minutes", () => {
    const env = loadEnv({});
    expect(env.PAYPAL_CLIENT_ID).toBeUndefined();
    expect(env.CASHFREE_APP_ID).toBeUndefined();
    expect(env.PAYPAL_ENVIRONMENT).toBe("sandbox");
    expect(env.CASHFREE_ENVIRONMENT).toBe("sandbox");
    expect(env.CASHFREE_WEBHOOK_TOLERANCE_S).toBe(300);
    expect(loadEnv({ PAYPAL_ENVIRONMENT: "", CASHFREE_ENVIRONMENT: "" }).PAYPAL_ENVIRONMENT).toBe("sandbox");
  });

  it("credentials go in pairs: one without the other stops the boot and names what is missing", () => {
    expect(() => loadEnv({ PAYPAL_CLIENT_ID: "id" })).toThrow(/PAYPAL_CLIENT_SECRET: PAYPAL_CLIENT_ID and/);
    expect(() => loadEnv({ LINKEDIN_CLIENT_ID: "id" })).toThrow(/LINKEDIN_CLIENT_SECRET: LINKEDIN_CLIENT_ID and/);
    expect(() => loadEnv({ CASHFREE_SECRET_KEY: "key" })).toThrow(/CASHFREE_APP_ID: CASHFREE_APP_ID and/);
    expect(() => loadEnv({ PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "" })).toThrow(/PAYPAL_CLIENT_SECRET/);
    const env = loadEnv({ PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "secret", PAYPAL_ENVIRONMENT: "live" });
    expect(env.PAYPAL_ENVIRONMENT).toBe("live");
    expect(() => loadEnv({ PAYPAL_ENVIRONMENT: "production" })).toThrow(/PAYPAL_ENVIRONMENT/);
    expect(() => loadEnv({ CASHFREE_ENVIRONMENT: "live" })).toThrow(/CASHFREE_ENVIRONMENT/);
  });
});
