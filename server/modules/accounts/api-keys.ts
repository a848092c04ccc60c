import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { UUID } from "../../platform/ids.ts";
import { consumeRateLimit, type RateResult, type RateRule } from "../../platform/rate-limit.ts";
import { textLine } from "../../platform/text.ts";
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

const CountRow = z.object({ n: z.number() });
const IdRow = z.object({ id: z.string() });
/** timestamptz columns as the server's text */
const ApiKeyRow = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
const KeyOwnerRow = z.object({ id: z.string(), user_id: z.string(), revoked_at: z.string().nullable() });

const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");
const iso = (v: string | Date | null) => (v ? new Date(v).toISOString() : null);

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
    await tx.execute(sql`SELECT id FROM users WHERE id = ${v.user.id} FOR UPDATE`);
    const [count] = await queryRows(
      tx,
      sql`SELECT count(*)::int AS n FROM api_keys WHERE user_id = ${v.user.id} AND revoked_at IS NULL`,
      CountRow,
    );
    if (Number(count?.n ?? 0) >= MAX_KEYS_PER_MEMBER) throw new AppError("conflict", API_KEY_MESSAGES.tooMany);
    const [row] = await queryRows(
      tx,
      sql`INSERT INTO api_keys (user_id, name, prefix, key_hash, created_at)
          VALUES (${v.user.id}, ${input.name}, ${prefix}, ${hashKey(key)}, ${now.toISOString()}::timestamptz) RETURNING id`,
      IdRow,
    );
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
  const rows = await queryRows(
    db,
    sql`SELECT id, name, prefix, created_at, last_used_at, revoked_at FROM api_keys
        WHERE user_id = ${viewer.user.id} ORDER BY revoked_at IS NOT NULL, created_at DESC LIMIT 50`,
    ApiKeyRow,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    createdAt: new Date(r.created_at).toISOString(),
    lastUsedAt: iso(r.last_used_at),
    revokedAt: iso(r.revoked_at),
  }));
}

/** Revokes one of the member's own keys (any member: a former Expert can still revoke). */
export async function revokeApiKey(db: Db, viewer: Viewer, id: string, now: Date): Promise<void> {
  if (!UUID.test(id)) throw new AppError("not_found", "API key not found");
  const rows = await queryRows(
    db,
    sql`UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ${now.toISOString()}::timestamptz)
        WHERE id = ${id} AND user_id = ${viewer.user.id} RETURNING id`,
    IdRow,
  );
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
  const [row] = await queryRows(
    db,
    sql`SELECT id, user_id, revoked_at FROM api_keys WHERE key_hash = ${hashKey(key)}`,
    KeyOwnerRow,
  );
  if (!row || row.revoked_at) throw new AppError("unauthorized", API_KEY_MESSAGES.invalid);
  const viewer = await loadViewer(db, row.user_id, now);
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
  await db.execute(
    sql`UPDATE api_keys SET last_used_at = ${now.toISOString()}::timestamptz
        WHERE id = ${row.id} AND (last_used_at IS NULL OR last_used_at < ${now.toISOString()}::timestamptz - interval '1 minute')`,
  );
  return { viewer, keyId: row.id, limit };
}
