import { createHmac, timingSafeEqual } from "node:crypto";
import { DAY_MS } from "../../platform/clock.ts";

/** First-party attribution cookies, disclosed on /cookies and /affiliate-disclosure. */
export const REF_COOKIE = "ts_ref";
export const AFF_COOKIE = "ts_aff";
export const ATTRIBUTION_DAYS = 30;

function cookieLine(name: string, value: string, secure: boolean): string {
  const maxAge = ATTRIBUTION_DAYS * 86_400;
  return `${name}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header || header.length > 16_384) return null;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return null;
}

/** The referral code cookie: a plain code (claiming a referrer gives nothing a visit to /r/{code} does not). */
export function referralCookie(code: string, secure: boolean): string {
  return cookieLine(REF_COOKIE, code, secure);
}

function sign(secret: string, body: string): string {
  return createHmac("sha256", secret).update(`ts_aff:${body}`).digest("base64url").slice(0, 32);
}

/**
 * The affiliate cookie is signed (affiliate id + time of the click): a visitor cannot name an
 * affiliate they did not come through, or stretch the 30 days.
 */
export function affiliateCookie(secret: string, affiliateId: string, at: Date, secure: boolean): string {
  const body = `${affiliateId}.${at.getTime().toString(36)}`;
  return cookieLine(AFF_COOKIE, `${body}.${sign(secret, body)}`, secure);
}

/** The affiliate id of a valid, unexpired ts_aff cookie, else null (bad cookies are ignored, never an error). */
export function readAffiliateCookie(secret: string, header: string | null | undefined, now: Date): string | null {
  const value = readCookie(header, AFF_COOKIE);
  if (!value || value.length > 200) return null;
  const parts = value.split(".");
  if (parts.length !== 3) return null;
  const [id = "", atText = "", mac = ""] = parts;
  const expected = Buffer.from(sign(secret, `${id}.${atText}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const at = Number.parseInt(atText, 36);
  if (!Number.isFinite(at) || now.getTime() - at > ATTRIBUTION_DAYS * DAY_MS || at - now.getTime() > DAY_MS) {
    return null;
  }
  return /^[0-9a-f-]{36}$/.test(id) ? id : null;
}
