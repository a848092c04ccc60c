import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { emailField } from "../../platform/email-address.ts";
import { AppError } from "../../platform/errors.ts";
import { uuidSchema } from "../../platform/ids.ts";
import type { Mailer } from "../../platform/mail.ts";
import { consumeRateLimit, type RateRule } from "../../platform/rate-limit.ts";
import { claimMethodsFor, domainKey } from "../catalog/index.ts";
import { isFreeMailDomain } from "../community/index.ts";
import { CLAIM_LINK_HOURS, MAKER_MESSAGES, SITE_META_NAME, SITE_TOKEN_DAYS, SITE_WELL_KNOWN_PATH } from "./shared.ts";
import { headMetaTags, type SiteReader } from "./site-reader.ts";

/**
 * Makers claim an existing listing (issue 20): they prove the tool is theirs with an e-mail address at
 * its own registrable domain (a link, valid 24 h, only its hash stored) or, when the site can be
 * reached, a token published on it (a meta tag on the home page or a well-known file). A verified
 * claim lets the member edit the tool's facts as the maker's claim and answer reviews.
 */

export const CLAIM_RULE: RateRule = { max: 5, windowSec: 3600 };

export const ClaimEmailInput = z.object({
  // The one e-mail rule (platform/email-address.ts, ADR 0025).
  email: emailField({ invalid: MAKER_MESSAGES.emailInvalid }),
});

export const ClaimToken = z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, MAKER_MESSAGES.invalidLink);

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

const ClaimTool = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  website_url: z.string(),
  domain_key: z.string(),
});
export type ClaimTool = z.infer<typeof ClaimTool>;
const OkRow = z.object({ ok: z.boolean() });
const IdRow = z.object({ id: z.string() });

export async function claimTarget(db: Db, idOrSlug: string): Promise<ClaimTool | null> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrSlug);
  const [row] = await queryRows(
    db,
    isUuid
      ? sql`SELECT id::text AS id, slug, name, website_url, domain_key FROM tools WHERE id = ${idOrSlug}::uuid AND status = 'active'`
      : sql`SELECT id::text AS id, slug, name, website_url, domain_key FROM tools WHERE slug = ${idOrSlug} AND status = 'active'`,
    ClaimTool,
  );
  return row ?? null;
}

export async function isVerifiedMaker(db: Db, userId: string, toolId: string): Promise<boolean> {
  const [row] = await queryRows(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM maker_claims WHERE tool_id = ${toolId}::uuid AND user_id = ${userId}
          AND status = 'verified') AS ok`,
    OkRow,
  );
  return row?.ok === true;
}

export type ClaimState = {
  tool: ClaimTool;
  methods: { email: boolean; site: boolean };
  verified: boolean;
  pending: { email: string | null; expiresAt: string } | null;
  siteToken: { token: string; expiresAt: string } | null;
};

const ClaimStateRow = z.object({
  method: z.string(),
  status: z.string(),
  email: z.string().nullable(),
  site_token: z.string().nullable(),
  expires_at: z.string(),
});

export async function claimState(db: Db, userId: string, tool: ClaimTool, now: Date): Promise<ClaimState> {
  const rows = await queryRows(
    db,
    sql`SELECT method::text, status::text, email, site_token, expires_at FROM maker_claims
        WHERE tool_id = ${tool.id}::uuid AND user_id = ${userId} AND status <> 'revoked'
        ORDER BY created_at DESC`,
    ClaimStateRow,
  );
  const live = (r: { expires_at: string }) => new Date(r.expires_at) > now;
  const email = rows.find((r) => r.method === "email" && r.status === "pending" && live(r));
  const site = rows.find((r) => r.method !== "email" && r.status === "pending" && r.site_token && live(r));
  return {
    tool,
    methods: claimMethodsFor(tool.domain_key),
    verified: rows.some((r) => r.status === "verified"),
    pending: email ? { email: email.email, expiresAt: new Date(email.expires_at).toISOString() } : null,
    siteToken: site?.site_token ? { token: site.site_token, expiresAt: new Date(site.expires_at).toISOString() } : null,
  };
}

type Deps = { db: Db; mailer: Mailer; clock: { now(): Date }; siteUrl: (path: string) => string };

async function limit(db: Db, userId: string, now: Date) {
  const rate = await consumeRateLimit(db, `maker-claim:user:${userId}`, CLAIM_RULE, now);
  if (!rate.allowed) throw new AppError("rate_limited", MAKER_MESSAGES.tooMany, { retryAfterSec: rate.retryAfterSec });
}

/** Sends the claim link to an address at the tool's own domain. */
export async function startEmailClaim(
  deps: Deps,
  user: { id: string; name: string },
  tool: ClaimTool,
  email: string,
): Promise<void> {
  const { db, mailer, clock } = deps;
  const now = clock.now();
  const methods = claimMethodsFor(tool.domain_key);
  if (!methods.site) throw new AppError("bad_request", MAKER_MESSAGES.sharedHost);
  if (!methods.email) throw new AppError("bad_request", MAKER_MESSAGES.noEmailClaim(tool.domain_key));
  if (await isVerifiedMaker(db, user.id, tool.id)) throw new AppError("conflict", MAKER_MESSAGES.alreadyMaker);
  const mailDomain = email.split("@")[1] ?? "";
  // mail.example.com proves example.com; example.com.evil.net does not (registrable domain compared).
  if (isFreeMailDomain(mailDomain) || domainKey(`https://${mailDomain}/`) !== tool.domain_key) {
    throw new AppError("bad_request", MAKER_MESSAGES.wrongDomain(tool.domain_key), { field: "email" });
  }
  await limit(db, user.id, now);
  const token = randomBytes(32).toString("base64url");
  const expires = new Date(now.getTime() + CLAIM_LINK_HOURS * 3_600_000);
  await db.execute(
    sql`INSERT INTO maker_claims (tool_id, user_id, method, email, domain, token_hash, expires_at, created_at)
        VALUES (${tool.id}::uuid, ${user.id}, 'email', ${email}, ${tool.domain_key}, ${hash(token)},
                ${expires.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`,
  );
  const link = deps.siteUrl(`/claim/verify?token=${token}`);
  await mailer.send({
    to: email,
    subject: `Confirm you make ${tool.name} on Toolscape`,
    text: `Hello ${user.name},\n\nSomeone (we hope you) asked to be recognised as the maker of ${tool.name} on Toolscape, using ${email}.\n\nConfirm it here:\n\n${link}\n\nAs the verified maker you can correct the listing's facts (shown as the maker's claim) and answer reviews publicly. The link is valid for ${CLAIM_LINK_HOURS} hours. If you did not ask for this, ignore this e-mail.\n\n${deps.siteUrl(`/tools/${tool.slug}`)}\n\n— The Toolscape team`,
    tag: "maker-claim",
  });
}

const VerifiedClaimRow = z.object({ tool_id: z.string(), user_id: z.string(), method: z.string(), domain: z.string() });
const ToolNameRow = z.object({ slug: z.string(), name: z.string() });

async function verifyClaim(tx: Db, claimId: string, now: Date, requestId: string | null) {
  const [row] = await queryRows(
    tx,
    sql`UPDATE maker_claims SET status = 'verified', verified_at = ${now.toISOString()}::timestamptz, token_hash = NULL
        WHERE id = ${claimId}::uuid RETURNING tool_id::text AS tool_id, user_id, method::text AS method, domain`,
    VerifiedClaimRow,
  );
  if (!row) throw new AppError("not_found", MAKER_MESSAGES.invalidLink);
  // One verified claim per member and tool: older pending or verified rows of the same pair close.
  await tx.execute(
    sql`UPDATE maker_claims SET status = 'revoked', revoked_at = ${now.toISOString()}::timestamptz,
          revoked_reason = 'superseded'
        WHERE tool_id = ${row.tool_id}::uuid AND user_id = ${row.user_id} AND id <> ${claimId}::uuid AND status <> 'revoked'`,
  );
  await recordAudit(tx, {
    actor: { id: row.user_id, label: "maker" },
    action: "maker.claim_verified",
    targetType: "tool",
    targetId: row.tool_id,
    after: { method: row.method, domain: row.domain },
    requestId,
    at: now,
  });
  return row;
}

/**
 * Confirms an e-mailed link (a POST from the page, so mail scanners cannot confirm). Links work once,
 * within CLAIM_LINK_HOURS (expires_at, stored with the claim), and only for the member who asked
 * (user_id, stored with the claim): a forwarded or intercepted link confirms nothing (issue 31).
 */
export async function confirmEmailClaim(
  deps: { db: Db; clock: { now(): Date } },
  token: string,
  userId: string,
  requestId: string | null = null,
): Promise<{ toolId: string; slug: string; name: string }> {
  const now = deps.clock.now();
  return transaction(deps.db, async (tx) => {
    const [claim] = await queryRows(
      tx,
      sql`SELECT id::text AS id FROM maker_claims
          WHERE token_hash = ${hash(token)} AND user_id = ${userId} AND status = 'pending'
            AND expires_at > ${now.toISOString()}::timestamptz
          FOR UPDATE`,
      IdRow,
    );
    if (!claim) throw new AppError("bad_request", MAKER_MESSAGES.invalidLink);
    const row = await verifyClaim(tx, claim.id, now, requestId);
    const [tool] = await queryRows(tx, sql`SELECT slug, name FROM tools WHERE id = ${row.tool_id}::uuid`, ToolNameRow);
    return { toolId: row.tool_id, slug: tool?.slug ?? "", name: tool?.name ?? "" };
  });
}

/** method meta_tag: the token is always set */
const SiteTokenRow = z.object({ site_token: z.string() });
const SiteClaimRow = z.object({ id: z.string(), site_token: z.string() });

/** The token to publish on the site (kept for a week; asking again shows the same one). */
export async function siteTokenFor(deps: { db: Db; clock: { now(): Date } }, userId: string, tool: ClaimTool) {
  const now = deps.clock.now();
  if (!claimMethodsFor(tool.domain_key).site) throw new AppError("bad_request", MAKER_MESSAGES.sharedHost);
  if (await isVerifiedMaker(deps.db, userId, tool.id)) throw new AppError("conflict", MAKER_MESSAGES.alreadyMaker);
  const [existing] = await queryRows(
    deps.db,
    sql`SELECT site_token FROM maker_claims WHERE tool_id = ${tool.id}::uuid AND user_id = ${userId}
          AND method = 'meta_tag' AND status = 'pending' AND expires_at > ${now.toISOString()}::timestamptz
        ORDER BY created_at DESC LIMIT 1`,
    SiteTokenRow,
  );
  if (existing) return existing.site_token;
  await limit(deps.db, userId, now);
  const token = `ts-${randomBytes(24).toString("base64url")}`;
  await deps.db.execute(
    sql`INSERT INTO maker_claims (tool_id, user_id, method, domain, site_token, expires_at, created_at)
        VALUES (${tool.id}::uuid, ${userId}, 'meta_tag', ${tool.domain_key}, ${token},
                ${new Date(now.getTime() + SITE_TOKEN_DAYS * 86_400_000).toISOString()}::timestamptz,
                ${now.toISOString()}::timestamptz)`,
  );
  return token;
}

/** True when the home page's head carries the meta tag or the well-known file holds the token. */
export function siteHasToken(home: string, wellKnown: string | null, token: string): { found: boolean; where: string } {
  // Only the head (issue 31): a tag anywhere in the body could be a visitor's comment or review.
  const metas = headMetaTags(home);
  for (const tag of metas) {
    const name = /\bname\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1];
    const content = /\bcontent\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if (name?.toLowerCase() === SITE_META_NAME && content === token) return { found: true, where: "meta_tag" };
  }
  if (wellKnown?.split(/\s+/).includes(token)) return { found: true, where: "well_known" };
  return { found: false, where: "" };
}

/** Reads the site once for the pending token; verifies the claim when it is there. */
export async function checkSiteClaim(
  deps: { db: Db; clock: { now(): Date }; readSite: SiteReader },
  userId: string,
  tool: ClaimTool,
  requestId: string | null = null,
): Promise<void> {
  const now = deps.clock.now();
  const [claim] = await queryRows(
    deps.db,
    sql`SELECT id::text AS id, site_token FROM maker_claims WHERE tool_id = ${tool.id}::uuid AND user_id = ${userId}
          AND method = 'meta_tag' AND status = 'pending' AND expires_at > ${now.toISOString()}::timestamptz
        ORDER BY created_at DESC LIMIT 1`,
    SiteClaimRow,
  );
  if (!claim) throw new AppError("bad_request", MAKER_MESSAGES.siteTokenMissing);
  await limit(deps.db, userId, now);
  const origin = new URL(tool.website_url).origin;
  const [home, file] = await Promise.all([
    deps.readSite(tool.website_url).catch(() => null),
    deps.readSite(`${origin}${SITE_WELL_KNOWN_PATH}`).catch(() => null),
  ]);
  if (!home && !file) throw new AppError("unavailable", MAKER_MESSAGES.siteUnreachable);
  const result = siteHasToken(
    home && home.status < 400 ? home.body : "",
    file && file.status < 400 ? file.body : null,
    claim.site_token,
  );
  if (!result.found) throw new AppError("bad_request", MAKER_MESSAGES.siteTokenMissing);
  await transaction(deps.db, async (tx) => {
    await tx.execute(
      sql`UPDATE maker_claims SET method = ${result.where}::maker_claim_method WHERE id = ${claim.id}::uuid`,
    );
    await verifyClaim(tx, claim.id, now, requestId);
  });
}

const MakerClaimRow = z.object({
  id: z.string(),
  tool_id: z.string(),
  tool_name: z.string(),
  tool_slug: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  user_email: z.string(),
  method: z.string(),
  domain: z.string(),
  verified_at: z.string().nullable(),
});
export type MakerClaimRow = z.infer<typeof MakerClaimRow>;
const RevokedClaimRow = z.object({ tool_id: z.string(), user_id: z.string() });

/** Verified claims, newest first (admin). */
export async function listVerifiedClaims(db: Db, max = 200): Promise<MakerClaimRow[]> {
  const rows = await queryRows(
    db,
    sql`SELECT k.id::text AS id, k.tool_id::text AS tool_id, t.name AS tool_name, t.slug AS tool_slug, k.user_id,
          u.name AS user_name, u.email AS user_email, k.method::text AS method, k.domain, k.verified_at
        FROM maker_claims k JOIN tools t ON t.id = k.tool_id JOIN users u ON u.id = k.user_id
        WHERE k.status = 'verified' ORDER BY k.verified_at DESC LIMIT ${max}`,
    MakerClaimRow,
  );
  return rows.map((r) => ({ ...r, verified_at: r.verified_at ? new Date(r.verified_at).toISOString() : null }));
}

export const RevokeClaimInput = z.object({
  claimId: uuidSchema("Claim not found"),
  reason: z.string().trim().min(3, "Give a reason of at least 3 characters").max(500),
});

export async function revokeClaim(
  deps: { db: Db; clock: { now(): Date } },
  actor: { id: string; label: string; requestId?: string | null },
  input: z.infer<typeof RevokeClaimInput>,
): Promise<void> {
  const now = deps.clock.now();
  await transaction(deps.db, async (tx) => {
    const [row] = await queryRows(
      tx,
      sql`UPDATE maker_claims SET status = 'revoked', revoked_at = ${now.toISOString()}::timestamptz,
            revoked_reason = ${input.reason}
          WHERE id = ${input.claimId}::uuid AND status = 'verified' RETURNING tool_id::text AS tool_id, user_id`,
      RevokedClaimRow,
    );
    if (!row) throw new AppError("not_found", "Claim not found");
    await recordAudit(tx, {
      actor: { id: actor.id, label: actor.label },
      action: "maker.claim_revoked",
      targetType: "tool",
      targetId: row.tool_id,
      before: { userId: row.user_id },
      after: { reason: input.reason },
      requestId: actor.requestId ?? null,
      at: now,
    });
  });
}
