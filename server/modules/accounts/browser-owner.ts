import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A first-party cookie naming the member who last signed in (or signed up) in this browser, signed
 * with the app's secret and kept for a year, also after sign-out. Growth reads it so an affiliate's
 * own browser neither counts clicks on their link nor brings in "new" members (ADR 0024). It names
 * the account only to our own server (HttpOnly) and is disclosed on /cookies.
 */
export const BROWSER_OWNER_COOKIE = "ts_member";
export const BROWSER_OWNER_MAX_AGE_S = 365 * 86_400;

function mac(secret: string, userId: string): string {
  return createHmac("sha256", secret).update(`ts_member:${userId}`).digest("base64url").slice(0, 27);
}

export function browserOwnerValue(secret: string, userId: string): string {
  return `${encodeURIComponent(userId)}.${mac(secret, userId)}`;
}

/** The member named by a valid ts_member cookie in a Cookie header, else null (bad cookies are ignored). */
export function readBrowserOwner(secret: string, cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader || cookieHeader.length > 16_384) return null;
  for (const part of cookieHeader.split(";")) {
    const i = part.indexOf("=");
    if (i <= 0 || part.slice(0, i).trim() !== BROWSER_OWNER_COOKIE) continue;
    const value = part.slice(i + 1).trim();
    const dot = value.lastIndexOf(".");
    if (dot <= 0 || value.length > 300) return null;
    let userId: string;
    try {
      userId = decodeURIComponent(value.slice(0, dot));
    } catch {
      return null;
    }
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(mac(secret, userId));
    return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
  }
  return null;
}
