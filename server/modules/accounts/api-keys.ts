import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID } from "../../platform/ids.ts";
import { consumeRateLimit, type RateResult, type RateRule } from "../../platform/rate-limit.ts";
import { textLine } from "../../platform/text.ts";
import { apiKeys, users } from "./tables.ts";
import { loadViewer, requireEntitlement, type Viewer } from "./viewer.ts";

/**
 * Public API keys for the api_access entitlement (Expert). A key is `tsk_` + 43 base64url characters
 * (256 random bits); only its SHA-256 is stored, so a database leak reveals no usable key, and the
 * `tsk_` prefix tells a key apart from a better-auth session bearer (`token.signature`).
 */
export const API_KEY_PREFIX = "tsk_";
const KEY_SHAPE = /^tsk_[A-Za-z0-9_-]{43}$/;
export const API_KEY_FEATURE = "api_access";
/** Per key: 60 requests a minute (a fixed window in the shared rate_limits table). */
export const API_KEY_RULE: RateRule = { max: 60, windowSec: 60 };
export const MAX_KEYS_PER_MEMBER = 10;

export const API_KEY_MESSAGES = {
  invalid: "Invalid or revoked API key.",
  notExpert:
    "API access is available for Expert members. This key's owner is not on the Expert plan; upgrade to use it.",
  tooMany: `You can have at most ${MAX_KEYS_PER_MEMBER} active API keys. Revoke one first.`,
  rateLimited: "Rate limit exceeded for this API key. Try again after the time in Retry-After.",
};

export const ApiKeyInput = z.object({
  name: textLine("Key name").pipe(
    z.string().min(1, "Key name is required").max(60, "Key name must be at most 60 characters"),
  ),
});

export type ApiKeySummary = {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");
const iso = (v: Date | null) => (v ? v.toISOString() : null);

/** Whether an Authorization header carries an API key (rather than a session token). */
export function apiKeyFromHeader(authorization: string | null | undefined): string | null {
  const m = /^Bearer\s+(tsk_\S*)$/i.exec(authorization?.trim() ?? "");
  return m?.[1] ?? null;
}

/** Creates a key for an Expert member; the secret is returned once and never stored. */
export async function createApiKey(
  db: Db,
  viewer: Viewer | null,
  input: z.output<typeof ApiKeyInput>,
  now: Date,
): Promise<{ key: string; apiKey: ApiKeySummary }> {
  const v = requireEntitlement(viewer, API_KEY_FEATURE);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const prefix = key.slice(0, 12);
  return transaction(db, async (tx) => {
    // The member row is locked so two concurrent creations cannot both pass the cap.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, v.user.id)).for("update");
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, v.user.id), isNull(apiKeys.revokedAt)));
    if (Number(active?.n ?? 0) >= MAX_KEYS_PER_MEMBER) throw new AppError("conflict", API_KEY_MESSAGES.tooMany);
    const [row] = await tx
      .insert(apiKeys)
      .values({ userId: v.user.id, name: input.name, prefix, keyHash: hashKey(key), createdAt: now })
      .returning({ id: apiKeys.id });
    return {
      key,
      apiKey: {
        id: String(row?.id),
        name: input.name,
        prefix,
        createdAt: now.toISOString(),
        lastUsedAt: null,
        revokedAt: null,
      },
    };
  });
}

export async function listApiKeys(db: Db, viewer: Viewer): Promise<ApiKeySummary[]> {
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.userId, viewer.user.id))
    .orderBy(sql`${apiKeys.revokedAt} IS NOT NULL`, desc(apiKeys.createdAt))
    .limit(50);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: iso(r.lastUsedAt),
    revokedAt: iso(r.revokedAt),
  }));
}

/** Revokes one of the member's own keys (any member: a former Expert can still revoke). */
export async function revokeApiKey(db: Db, viewer: Viewer, id: string, now: Date): Promise<void> {
  if (!UUID.test(id)) throw new AppError("not_found", "API key not found");
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`COALESCE(${apiKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, viewer.user.id)))
    .returning({ id: apiKeys.id });
  if (!rows.length) throw new AppError("not_found", "API key not found");
}

export type ApiKeyAuth = { viewer: Viewer; keyId: string; limit: RateResult & { max: number; resetSec: number } };

/**
 * Authenticates a request's API key: unknown or revoked → 401; the owner no longer Expert (or
 * suspended) → 403; over the per-key limit → 429 with the limit figures (the caller sets the
 * RateLimit-* headers on every answer from `limit`).
 */
export async function authenticateApiKey(db: Db, key: string, now: Date): Promise<ApiKeyAuth> {
  if (!KEY_SHAPE.test(key)) throw new AppError("unauthorized", API_KEY_MESSAGES.invalid);
  const [row] = await db
    .select({ id: apiKeys.id, userId: apiKeys.userId, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, hashKey(key)));
  if (!row || row.revokedAt) throw new AppError("unauthorized", API_KEY_MESSAGES.invalid);
  const viewer = await loadViewer(db, row.userId, now);
  if (!viewer || viewer.user.suspendedAt) throw new AppError("unauthorized", API_KEY_MESSAGES.invalid);
  if (!viewer.can(API_KEY_FEATURE)) throw new AppError("forbidden", API_KEY_MESSAGES.notExpert);
  const result = await consumeRateLimit(db, `api-key:${row.id}`, API_KEY_RULE, now);
  const limit = { ...result, max: API_KEY_RULE.max, resetSec: result.retryAfterSec };
  if (!result.allowed) {
    throw new AppError("rate_limited", API_KEY_MESSAGES.rateLimited, {
      retryAfterSec: result.retryAfterSec,
      rateLimit: limit,
    });
  }
  // Minute precision is enough for "last used" and spares a write per request.
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, row.id),
        or(
          isNull(apiKeys.lastUsedAt),
          lt(apiKeys.lastUsedAt, sql`${now.toISOString()}::timestamptz - interval '1 minute'`),
        ),
      ),
    );
  return { viewer, keyId: row.id, limit };
}
