import { z } from "zod";
import { type Clock, utcDay } from "../../platform/clock.ts";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { readVersions, type Versions, versionsFor } from "../../platform/db/versions.ts";
import { AppError } from "../../platform/errors.ts";
import type { Auth } from "./auth.ts";
import { type Entitlements, type LimitKey, loadEntitlements } from "./entitlements.ts";
import { isTier, ROLES, type Role, TIER_LABELS, type Tier } from "./tiers.ts";

/** Who is asking: the signed-in member with their tier (server-side truth) and role. */
export type ViewerUser = {
  id: string;
  name: string;
  email: string;
  image: string | null;
  username: string | null;
  bio: string | null;
  role: Role;
  createdAt: string;
  /** set while an operator has suspended the account (such a viewer is treated as signed out) */
  suspendedAt: string | null;
};
export type ViewerProfile = {
  tier: Tier;
  /**
   * Tools opened today as of the lookup. Views do not bump the viewer version, so from the session
   * cache this may be up to SESSION_CACHE_MS old: where the count is shown, read `dailyViews`.
   */
  dailyUsage: number;
  lastReset: string;
  isVerified: boolean;
  verificationType: "linkedin" | "company_email" | null;
  darkMode: boolean;
};
export type Viewer = {
  user: ViewerUser;
  profile: ViewerProfile;
  tier: Tier;
  role: Role;
  entitlements: Entitlements;
  can(feature: string): boolean;
  limit(key: LimitKey): number | null;
};

/** The small, public shape pages (the root loader, the header) send to the browser. */
export type ViewerSummary = { id: string; name: string; email: string; tier: Tier; role: Role };

type ViewerDeps = { auth: Auth; db: Db; clock: Clock };

const perRequest = new WeakMap<Request, Promise<Viewer | null>>();

/** The viewer of a request, or null for visitors (memoised per Request: loaders may all ask). */
export function getViewer(deps: ViewerDeps, request: Request): Promise<Viewer | null> {
  let pending = perRequest.get(request);
  if (!pending) {
    // A bearer token counts for the JSON API only: pages are cookie-based, and a page rendered for a
    // bearer (no cookie) could otherwise land in the anonymous page cache.
    const api = new URL(request.url).pathname.startsWith("/api/");
    pending = viewerFromHeaders(deps, request.headers, { bearer: api, versions: () => versionsFor(deps.db, request) });
    perRequest.set(request, pending);
  }
  return pending;
}

/**
 * Sets the viewer of a request authenticated some other way (an API key, see api-keys.ts), so every
 * handler's getViewer sees the key's owner.
 */
export function setRequestViewer(request: Request, viewer: Viewer): void {
  perRequest.set(request, Promise.resolve(viewer));
}

/** `token.signature` as better-auth signs it (URL-encoded base64 signature); anything else is no session. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]*)/g;
const SIGNED_TOKEN = /^[A-Za-z0-9_-]{1,128}\.[A-Za-z0-9+/_-]{1,128}={0,2}$/;

/**
 * Whether a Cookie header carries a session cookie worth asking better-auth about. An unreadable one
 * (bad percent-encoding, stray bytes, the wrong shape, a huge value) means "signed out" here, before
 * any parsing or database lookup: it can never fail a request.
 */
export function hasReadableSessionCookie(cookie: string | null): boolean {
  if (!cookie || cookie.length > 16_384) return false;
  for (const [, raw = ""] of cookie.matchAll(SESSION_COOKIE)) {
    let value: string;
    try {
      value = decodeURIComponent(raw.trim());
    } catch {
      continue;
    }
    if (SIGNED_TOKEN.test(value)) return true;
  }
  return false;
}

const BEARER = /^Bearer\s+(\S{1,400})$/i;

/** `Authorization: Bearer <signed session token>` (as better-auth signs it), else false. */
export function hasReadableBearer(authorization: string | null): boolean {
  const token = authorization ? BEARER.exec(authorization.trim())?.[1] : undefined;
  if (!token) return false;
  try {
    return SIGNED_TOKEN.test(decodeURIComponent(token));
  } catch {
    return false;
  }
}

/**
 * The session lookup, kept in memory for a few seconds per instance (issue 23): better-auth's
 * lookup and the viewer's rows cost two to three queries per request. An entry is keyed by the exact
 * signed cookie value better-auth accepted and is used only while the database's viewer version
 * (bumped by triggers when a session ends, or a column of a user or profile row the viewer holds
 * changes; migrations "viewer_version" and "viewer_version_columns") is the one
 * it was read at: a sign-out or a suspension on any instance ends access on the next request on
 * every instance. The TTL bounds what the version does not cover (entitlement edits, session refresh).
 */
export const SESSION_CACHE_MS = 10_000;
const SESSION_CACHE_MAX = 10_000;
type SessionEntry = { version: number; at: number; expiresAt: number; viewer: Viewer };
const sessionCaches = new WeakMap<Auth, Map<string, SessionEntry>>();

function sessionCacheOf(auth: Auth): Map<string, SessionEntry> {
  let cache = sessionCaches.get(auth);
  if (!cache) {
    cache = new Map();
    sessionCaches.set(auth, cache);
  }
  return cache;
}

/** The session cookies of a Cookie header, as sent (the cache key: exactly what better-auth verified). */
function sessionCookieKey(cookie: string | null): string {
  return [...(cookie ?? "").matchAll(SESSION_COOKIE)].map((m) => m[1] ?? "").join("\n");
}

export async function viewerFromHeaders(
  deps: ViewerDeps,
  headers: Headers,
  options: { bearer?: boolean; versions?: () => Promise<Versions> } = {},
): Promise<Viewer | null> {
  const cookie = hasReadableSessionCookie(headers.get("cookie"));
  if (!cookie && !(options.bearer && hasReadableBearer(headers.get("authorization")))) return null;
  // A readable cookie wins; a bearer is only looked at without one.
  if (cookie && headers.has("authorization")) {
    headers = new Headers(headers);
    headers.delete("authorization");
  }
  const key = cookie ? sessionCookieKey(headers.get("cookie")) : null;
  const cache = sessionCacheOf(deps.auth);
  const version = key ? (await (options.versions ?? (() => readVersions(deps.db)))()).viewer : 0;
  if (key) {
    const hit = cache.get(key);
    const now = Date.now();
    if (hit && hit.version === version && now - hit.at < SESSION_CACHE_MS && now < hit.expiresAt) return hit.viewer;
    if (hit) cache.delete(key);
  }
  const session = await deps.auth.api.getSession({ headers });
  if (!session) return null;
  const viewer = await loadViewer(deps.db, session.user.id, deps.clock.now());
  // Suspension deletes the sessions; this covers one read in flight or any cache in between.
  if (!viewer || viewer.user.suspendedAt) return null;
  if (key) {
    if (cache.size >= SESSION_CACHE_MAX) cache.delete(cache.keys().next().value as string);
    // Read at `version` or later: if anything changed in between, the next request sees a newer version.
    cache.set(key, { version, at: Date.now(), expiresAt: new Date(session.session.expiresAt).getTime(), viewer });
  }
  return viewer;
}

/** The user and their profile (LEFT JOIN: the profile's columns are null without one); timestamps as text. */
const ViewerRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  username: z.string().nullable(),
  bio: z.string().nullable(),
  role: z.enum(ROLES),
  created_at: z.string(),
  suspended_at: z.string().nullable(),
  tier: z.string().nullable(),
  daily_usage: z.number().nullable(),
  last_reset: z.string().nullable(),
  is_verified: z.boolean().nullable(),
  verification_type: z.enum(["linkedin", "company_email"]).nullable(),
  dark_mode: z.boolean().nullable(),
});

/** The viewer for a user id (their tier is free when the profile row is missing, as the spec says). */
export async function loadViewer(db: Db, userId: string, now: Date): Promise<Viewer | null> {
  const [row] = await queryRows(
    db,
    sql`SELECT u.id, u.name, u.email, u.image, u.username, u.bio, u.role::text AS role, u.created_at, u.suspended_at,
               p.tier::text AS tier, p.daily_usage, p.last_reset::text AS last_reset, p.is_verified,
               p.verification_type::text AS verification_type, p.dark_mode
        FROM users u LEFT JOIN user_profiles p ON p.user_id = u.id
        WHERE u.id = ${userId}`,
    ViewerRow,
  );
  if (!row) return null;
  const entitlements = await loadEntitlements(db);
  const tier: Tier = isTier(row.tier) ? row.tier : "free";
  const role: Role = row.role === "admin" ? "admin" : "member";
  const today = utcDay(now);
  const lastReset = row.last_reset ? String(row.last_reset).slice(0, 10) : today;
  return {
    user: {
      id: row.id,
      name: row.name,
      email: row.email,
      image: row.image,
      username: row.username,
      bio: row.bio,
      role,
      createdAt: new Date(row.created_at).toISOString(),
      suspendedAt: row.suspended_at ? new Date(row.suspended_at).toISOString() : null,
    },
    profile: {
      tier,
      // The counter belongs to the day of its last reset; a new UTC day starts at zero.
      dailyUsage: lastReset === today ? (row.daily_usage ?? 0) : 0,
      lastReset,
      isVerified: row.is_verified ?? false,
      verificationType: row.verification_type,
      darkMode: row.dark_mode ?? false,
    },
    tier,
    role,
    entitlements,
    can: (feature) => entitlements.hasAccess(tier, feature),
    limit: (key) => entitlements.limitFor(tier, key),
  };
}

export function summarizeViewer(viewer: Viewer | null): ViewerSummary | null {
  if (!viewer) return null;
  const { id, name, email } = viewer.user;
  return { id, name, email, tier: viewer.tier, role: viewer.role };
}

/* Guards: functions that throw AppError (401 / 403), for API handlers and actions. */

export const PLEASE_LOG_IN = "Please log in to continue.";

export function requireUser(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError("unauthorized", PLEASE_LOG_IN);
  return viewer;
}

export function requireRole(viewer: Viewer | null, role: Role): Viewer {
  const v = requireUser(viewer);
  if (role === "admin" && v.role !== "admin") throw new AppError("forbidden", "Access denied: administrators only.");
  return v;
}

/** Throws 403 with an upgrade message unless the viewer's tier has the feature. */
export function requireEntitlement(viewer: Viewer | null, feature: string): Viewer {
  const v = requireUser(viewer);
  if (!v.can(feature)) {
    const from = v.entitlements.lowestTierWith(feature);
    const label = v.entitlements.feature(feature)?.label ?? feature;
    throw new AppError(
      "forbidden",
      from
        ? `${label} is available for ${TIER_LABELS[from]}${from === "standard" ? " and Expert" : ""} members. Upgrade to get it.`
        : `${label} is not available on your plan.`,
      { feature, requiredTier: from },
    );
  }
  return v;
}

/** A member may act on their own data; an admin on anyone's. Others get 403. */
export function requireSelfOrAdmin(viewer: Viewer | null, userId: string): Viewer {
  const v = requireUser(viewer);
  if (v.user.id !== userId && v.role !== "admin") {
    throw new AppError("forbidden", "Access denied: you can only see your own account.");
  }
  return v;
}
