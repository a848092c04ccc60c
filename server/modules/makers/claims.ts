import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "../../platform/audit.ts";
import { type Db, transaction } from "../../platform/db/index.ts";
import { emailField } from "../../platform/email-address.ts";
import { AppError } from "../../platform/errors.ts";
import { uuidSchema } from "../../platform/ids.ts";
import type { Mailer } from "../../platform/mail.ts";
import { consumeRateLimit, type RateRule } from "../../platform/rate-limit.ts";
import { users } from "../accounts/tables.ts";
import { claimMethodsFor, domainKey } from "../catalog/index.ts";
import { tools } from "../catalog/tables.ts";
import { isFreeMailDomain } from "../community/index.ts";
import { CLAIM_LINK_HOURS, MAKER_MESSAGES, SITE_META_NAME, SITE_TOKEN_DAYS, SITE_WELL_KNOWN_PATH } from "./shared.ts";
import { headMetaTags, type SiteReader } from "./site-reader.ts";
import { makerClaims } from "./tables.ts";

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

export type ClaimTool = { id: string; slug: string; name: string; website_url: string; domain_key: string };

export async function claimTarget(db: Db, idOrSlug: string): Promise<ClaimTool | null> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrSlug);
  const [row] = await db
    .select({
      id: tools.id,
      slug: tools.slug,
      name: tools.name,
      website_url: tools.websiteUrl,
      domain_key: tools.domainKey,
    })
    .from(tools)
    .where(and(isUuid ? eq(tools.id, idOrSlug) : eq(tools.slug, idOrSlug), eq(tools.status, "active")));
  return row ?? null;
}

export async function isVerifiedMaker(db: Db, userId: string, toolId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: makerClaims.id })
    .from(makerClaims)
    .where(and(eq(makerClaims.toolId, toolId), eq(makerClaims.userId, userId), eq(makerClaims.status, "verified")))
    .limit(1);
  return row !== undefined;
}

export type ClaimState = {
  tool: ClaimTool;
  methods: { email: boolean; site: boolean };
  verified: boolean;
  pending: { email: string | null; expiresAt: string } | null;
  siteToken: { token: string; expiresAt: string } | null;
};

export async function claimState(db: Db, userId: string, tool: ClaimTool, now: Date): Promise<ClaimState> {
  const rows = await db
    .select({
      method: makerClaims.method,
      status: makerClaims.status,
      email: makerClaims.email,
      siteToken: makerClaims.siteToken,
      expiresAt: makerClaims.expiresAt,
    })
    .from(makerClaims)
    .where(and(eq(makerClaims.toolId, tool.id), eq(makerClaims.userId, userId), ne(makerClaims.status, "revoked")))
    .orderBy(desc(makerClaims.createdAt));
  const live = (r: { expiresAt: Date }) => r.expiresAt > now;
  const email = rows.find((r) => r.method === "email" && r.status === "pending" && live(r));
  const site = rows.find((r) => r.method !== "email" && r.status === "pending" && r.siteToken && live(r));
  return {
    tool,
    methods: claimMethodsFor(tool.domain_key),
    verified: rows.some((r) => r.status === "verified"),
    pending: email ? { email: email.email, expiresAt: email.expiresAt.toISOString() } : null,
    siteToken: site?.siteToken ? { token: site.siteToken, expiresAt: site.expiresAt.toISOString() } : null,
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
  await db.insert(makerClaims).values({
    toolId: tool.id,
    userId: user.id,
    method: "email",
    email,
    domain: tool.domain_key,
    tokenHash: hash(token),
    expiresAt: expires,
    createdAt: now,
  });
  const link = deps.siteUrl(`/claim/verify?token=${token}`);
  await mailer.send({
    to: email,
    subject: `Confirm you make ${tool.name} on Toolscape`,
    text: `Hello ${user.name},\n\nSomeone (we hope you) asked to be recognised as the maker of ${tool.name} on Toolscape, using ${email}.\n\nConfirm it here:\n\n${link}\n\nAs the verified maker you can correct the listing's facts (shown as the maker's claim) and answer reviews publicly. The link is valid for ${CLAIM_LINK_HOURS} hours. If you did not ask for this, ignore this e-mail.\n\n${deps.siteUrl(`/tools/${tool.slug}`)}\n\n— The Toolscape team`,
    tag: "maker-claim",
  });
}

async function verifyClaim(tx: Db, claimId: string, now: Date, requestId: string | null) {
  const [row] = await tx
    .update(makerClaims)
    .set({ status: "verified", verifiedAt: now, tokenHash: null })
    .where(eq(makerClaims.id, claimId))
    .returning({
      tool_id: makerClaims.toolId,
      user_id: makerClaims.userId,
      method: makerClaims.method,
      domain: makerClaims.domain,
    });
  if (!row) throw new AppError("not_found", MAKER_MESSAGES.invalidLink);
  // One verified claim per member and tool: older pending or verified rows of the same pair close.
  await tx
    .update(makerClaims)
    .set({ status: "revoked", revokedAt: now, revokedReason: "superseded" })
    .where(
      and(
        eq(makerClaims.toolId, row.tool_id),
        eq(makerClaims.userId, row.user_id),
        ne(makerClaims.id, claimId),
        ne(makerClaims.status, "revoked"),
      ),
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
    const [claim] = await tx
      .select({ id: makerClaims.id })
      .from(makerClaims)
      .where(
        and(
          eq(makerClaims.tokenHash, hash(token)),
          eq(makerClaims.userId, userId),
          eq(makerClaims.status, "pending"),
          gt(makerClaims.expiresAt, now),
        ),
      )
      .for("update");
    if (!claim) throw new AppError("bad_request", MAKER_MESSAGES.invalidLink);
    const row = await verifyClaim(tx, claim.id, now, requestId);
    const [tool] = await tx.select({ slug: tools.slug, name: tools.name }).from(tools).where(eq(tools.id, row.tool_id));
    return { toolId: row.tool_id, slug: tool?.slug ?? "", name: tool?.name ?? "" };
  });
}

/** A pending meta_tag claim of the member for the tool, newest first (method meta_tag: the token is always set). */
const pendingSiteClaim = (userId: string, toolId: string, now: Date) =>
  and(
    eq(makerClaims.toolId, toolId),
    eq(makerClaims.userId, userId),
    eq(makerClaims.method, "meta_tag"),
    eq(makerClaims.status, "pending"),
    gt(makerClaims.expiresAt, now),
  );

/** The token to publish on the site (kept for a week; asking again shows the same one). */
export async function siteTokenFor(deps: { db: Db; clock: { now(): Date } }, userId: string, tool: ClaimTool) {
  const now = deps.clock.now();
  if (!claimMethodsFor(tool.domain_key).site) throw new AppError("bad_request", MAKER_MESSAGES.sharedHost);
  if (await isVerifiedMaker(deps.db, userId, tool.id)) throw new AppError("conflict", MAKER_MESSAGES.alreadyMaker);
  const [existing] = await deps.db
    .select({ siteToken: makerClaims.siteToken })
    .from(makerClaims)
    .where(pendingSiteClaim(userId, tool.id, now))
    .orderBy(desc(makerClaims.createdAt))
    .limit(1);
  if (existing?.siteToken) return existing.siteToken;
  await limit(deps.db, userId, now);
  const token = `ts-${randomBytes(24).toString("base64url")}`;
  await deps.db.insert(makerClaims).values({
    toolId: tool.id,
    userId,
    method: "meta_tag",
    domain: tool.domain_key,
    siteToken: token,
    expiresAt: new Date(now.getTime() + SITE_TOKEN_DAYS * 86_400_000),
    createdAt: now,
  });
  return token;
}

/** True when the home page's head carries the meta tag or the well-known file holds the token. */
export function siteHasToken(
  home: string,
  wellKnown: string | null,
  token: string,
): { found: true; where: "meta_tag" | "well_known" } | { found: false; where: "" } {
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
  const [claim] = await deps.db
    .select({ id: makerClaims.id, siteToken: makerClaims.siteToken })
    .from(makerClaims)
    .where(pendingSiteClaim(userId, tool.id, now))
    .orderBy(desc(makerClaims.createdAt))
    .limit(1);
  if (!claim?.siteToken) throw new AppError("bad_request", MAKER_MESSAGES.siteTokenMissing);
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
    claim.siteToken,
  );
  if (!result.found) throw new AppError("bad_request", MAKER_MESSAGES.siteTokenMissing);
  await transaction(deps.db, async (tx) => {
    await tx.update(makerClaims).set({ method: result.where }).where(eq(makerClaims.id, claim.id));
    await verifyClaim(tx, claim.id, now, requestId);
  });
}

export type MakerClaimRow = {
  id: string;
  tool_id: string;
  tool_name: string;
  tool_slug: string;
  user_id: string;
  user_name: string;
  user_email: string;
  method: string;
  domain: string;
  verified_at: string | null;
};

/** Verified claims, newest first (admin). */
export async function listVerifiedClaims(db: Db, max = 200): Promise<MakerClaimRow[]> {
  const rows = await db
    .select({
      id: makerClaims.id,
      tool_id: makerClaims.toolId,
      tool_name: tools.name,
      tool_slug: tools.slug,
      user_id: makerClaims.userId,
      user_name: users.name,
      user_email: users.email,
      method: makerClaims.method,
      domain: makerClaims.domain,
      verified_at: makerClaims.verifiedAt,
    })
    .from(makerClaims)
    .innerJoin(tools, eq(tools.id, makerClaims.toolId))
    .innerJoin(users, eq(users.id, makerClaims.userId))
    .where(eq(makerClaims.status, "verified"))
    .orderBy(desc(makerClaims.verifiedAt))
    .limit(max);
  return rows.map((r) => ({ ...r, verified_at: r.verified_at ? r.verified_at.toISOString() : null }));
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
    const [row] = await tx
      .update(makerClaims)
      .set({ status: "revoked", revokedAt: now, revokedReason: input.reason })
      .where(and(eq(makerClaims.id, input.claimId), eq(makerClaims.status, "verified")))
      .returning({ tool_id: makerClaims.toolId, user_id: makerClaims.userId });
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
