import { createHmac, timingSafeEqual } from "node:crypto";
import { utcDay } from "../../platform/clock.ts";
import type { Env } from "../../platform/env.ts";
import { signingSecret } from "./visitor-key.ts";

/**
 * A visitor's daily tool views, kept in the visitor's own browser (ADR 0004, addendum 3): no
 * database row, so an anonymous tool page can be served from the page cache.
 *
 * - `ts_views` (HttpOnly): `{day}.{short ids}.{signature}` — the UTC day, the short ids (first 12
 *   hex digits of the uuid) of the tools counted that day joined by `_`, and an HMAC-SHA-256 of both
 *   with the auth secret (every instance sharing AUTH_SECRET reads it). A cookie that fails the
 *   check, or is from another day, counts as no views: the same as clearing cookies, which the rule
 *   has always allowed (ADR 0004).
 * - `ts_views_n` (readable by the page's script): `{day}.{used}.{limit}`, only for showing "N of 10
 *   free views used" on a page that came from the cache. Never trusted by the server.
 *
 * Both expire at the next UTC midnight.
 */
export const VIEWS_COOKIE = "ts_views";
export const VIEWS_COUNT_COOKIE = "ts_views_n";

const SHORT_ID = /^[0-9a-f]{12}$/;
const VALUE = /^(\d{4}-\d{2}-\d{2})\.((?:[0-9a-f]{12})(?:_[0-9a-f]{12})*|)\.([\w-]{22})$/;
/** More ids than any limit is refused outright (a cookie cannot grow without bound). */
const MAX_IDS = 100;

export type VisitorViews = { day: string; ids: string[] };
export type VisitorDecision = {
  allowed: boolean;
  used: number;
  limit: number;
  /** Set-Cookie values to send (empty when nothing changed) */
  setCookies: string[];
};

export function shortToolId(toolId: string): string {
  return toolId.replace(/-/g, "").slice(0, 12).toLowerCase();
}

function sign(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`tool-views|${payload}`).digest("base64url").slice(0, 22);
}

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Today's counted tools from the request's cookie; a forged, stale or unreadable cookie is no views. */
export function readVisitorViews(cookieHeader: string | null, secret: string, now: Date): VisitorViews {
  const day = utcDay(now);
  const raw = readCookie(cookieHeader, VIEWS_COOKIE);
  const m = raw ? VALUE.exec(raw) : null;
  if (!m || m[1] !== day) return { day, ids: [] };
  const payload = `${m[1]}.${m[2]}`;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(m[3] as string);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { day, ids: [] };
  const ids = m[2] ? (m[2] as string).split("_") : [];
  if (ids.length > MAX_IDS || !ids.every((id) => SHORT_ID.test(id))) return { day, ids: [] };
  return { day, ids: [...new Set(ids)] };
}

function nextMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

export function visitorViewCookies(
  views: VisitorViews,
  limit: number,
  secret: string,
  options: { secure?: boolean; now: Date },
): string[] {
  const payload = `${views.day}.${views.ids.join("_")}`;
  const attrs = `Path=/; Expires=${nextMidnight(options.now).toUTCString()}; SameSite=Lax${
    options.secure ? "; Secure" : ""
  }`;
  return [
    `${VIEWS_COOKIE}=${payload}.${sign(secret, payload)}; ${attrs}; HttpOnly`,
    `${VIEWS_COUNT_COOKIE}=${views.day}.${views.ids.length}.${limit}; ${attrs}`,
  ];
}

/**
 * The 10-a-day rule for a visitor opening `toolId`: a tool counted today is always allowed (no new
 * cookie); a new one is counted while under the limit; past it the view is refused and not counted.
 */
export function decideVisitorView(
  cookieHeader: string | null,
  toolId: string,
  limit: number,
  secret: string,
  options: { secure?: boolean; now: Date },
): VisitorDecision {
  const views = readVisitorViews(cookieHeader, secret, options.now);
  const id = shortToolId(toolId);
  if (views.ids.includes(id)) return { allowed: true, used: views.ids.length, limit, setCookies: [] };
  if (views.ids.length >= limit) return { allowed: false, used: views.ids.length, limit, setCookies: [] };
  const next = { day: views.day, ids: [...views.ids, id] };
  return { allowed: true, used: next.ids.length, limit, setCookies: visitorViewCookies(next, limit, secret, options) };
}

/** The secret the view cookie is signed with (the auth secret, as for sessions). */
export function viewCookieSecret(env: Pick<Env, "AUTH_SECRET" | "DATA_DIR">): string {
  return signingSecret(env);
}
