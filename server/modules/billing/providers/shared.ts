import type { Money } from "./types.ts";

/** 299 → "2.99": providers take decimal strings; we never do money in floats. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`Invalid amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** "2.99" (or Cashfree's number 2.99) → 299; null for anything that is not a plain 2-decimal amount. */
export function decimalToCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") {
    // 2.99 is 298.99999999999997 cents in binary: round, but refuse a third decimal (2.994 is not 2.99)
    const cents = Math.round(value * 100);
    return Number.isFinite(value) && value >= 0 && Math.abs(value * 100 - cents) < 1e-6 ? cents : null;
  }
  const text = value.trim();
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** A provider's amount as our Money; a currency other than USD is not ours to accept: null (billing refuses). */
export function toMoney(value: string | number | null | undefined, currency: string | null | undefined): Money | null {
  const cents = decimalToCents(value);
  if (cents === null || currency?.toUpperCase() !== "USD") return null;
  return { amountCents: cents, currency: "USD" };
}

/** "AbCdEf123456" → "AbCd…3456": enough to tell two credentials apart in a log line, not to use one. */
export function maskSecret(value: string): string {
  if (value.length <= 8) return "…";
  return `${value.slice(0, 4)}…${value.slice(-4)}`;
}

/** Reads a header case-insensitively; an empty value counts as missing. */
export function header(headers: Headers, name: string): string | null {
  const value = headers.get(name);
  return value === null || value.trim() === "" ? null : value.trim();
}

type AxiosLikeConfig = {
  url?: string;
  method?: string;
  headers?: { toJSON?: () => Record<string, unknown> } & Record<string, unknown>;
  data?: unknown;
};

/**
 * An axios adapter that sends the SDK's request to `baseUrl` instead of the host the SDK has
 * hard-coded (PayPal's SDK knows only api-m.paypal.com and api-m.sandbox.paypal.com). Used only
 * when a base URL is given: the tests' local replay server, or a recording proxy.
 */
export function rebasingAxiosAdapter(baseUrl: string) {
  const base = new URL(baseUrl);
  return async (config: AxiosLikeConfig) => {
    const original = new URL(config.url ?? "/", base);
    const target = new URL(original.pathname + original.search, base);
    const raw = typeof config.headers?.toJSON === "function" ? config.headers.toJSON() : (config.headers ?? {});
    const headers = new Headers();
    for (const [key, value] of Object.entries(raw)) {
      if (value !== undefined && value !== null && value !== false) headers.set(key, String(value));
    }
    const method = (config.method ?? "get").toUpperCase();
    const body = method === "GET" || method === "HEAD" || config.data === undefined ? undefined : String(config.data);
    const response = await fetch(target, { method, headers, body });
    return {
      data: await response.text(),
      status: response.status,
      statusText: response.statusText,
      headers: Object.fromEntries(response.headers.entries()),
      config,
      request: {},
    };
  };
}
