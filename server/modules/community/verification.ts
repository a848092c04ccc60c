import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../platform/db/index.ts";
import { emailField } from "../../platform/email-address.ts";
import { AppError } from "../../platform/errors.ts";
import type { Mailer } from "../../platform/mail.ts";
import { consumeRateLimit, type RateRule } from "../../platform/rate-limit.ts";
import { type SiteEnv, siteUrl } from "../../platform/site-origin.ts";
import { userProfiles } from "../accounts/tables.ts";
import { isFreeMailDomain } from "./free-mail-domains.ts";
import { companyEmailVerifications } from "./tables.ts";

/** Spec §6: the Verified badge shows a LinkedIn or a Company variant. */
export const VERIFY_MESSAGES = {
  emailInvalid: "Please enter a valid email address",
  freeMail: "Use your work address: free e-mail providers cannot verify a company",
  sent: (email: string) => `We sent a verification link to ${email}. It is valid for 24 hours.`,
  invalidLink: "This verification link is invalid or has expired",
  verified: "Your company e-mail is verified: your reviews now carry the Company badge.",
  tooMany: "Too many verification e-mails. Please wait an hour and try again.",
} as const;

export const VERIFY_LINK_HOURS = 24;
export const VERIFY_RULE: RateRule = { max: 3, windowSec: 3600 };

export const CompanyEmailInput = z.object({
  email: emailField({ invalid: VERIFY_MESSAGES.emailInvalid }).refine(
    (e) => !isFreeMailDomain(e.split("@")[1] ?? ""),
    VERIFY_MESSAGES.freeMail,
  ),
});

export const VerifyToken = z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, VERIFY_MESSAGES.invalidLink);

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Sends a link to the company address. Only the token's hash is stored, and the mail is sent here
 * rather than by a job: a job's payload would keep the raw token in the database.
 */
export async function startCompanyVerification(
  deps: { db: Db; mailer: Mailer; clock: { now(): Date }; env: SiteEnv },
  user: { id: string; name: string },
  email: string,
): Promise<void> {
  const { db, mailer, clock } = deps;
  const now = clock.now();
  const rate = await consumeRateLimit(db, `company-verify:user:${user.id}`, VERIFY_RULE, now);
  if (!rate.allowed) throw new AppError("rate_limited", VERIFY_MESSAGES.tooMany, { retryAfterSec: rate.retryAfterSec });
  const domain = email.split("@")[1] ?? "";
  const token = randomBytes(32).toString("base64url");
  const expires = new Date(now.getTime() + VERIFY_LINK_HOURS * 3_600_000);
  await db
    .insert(companyEmailVerifications)
    .values({ userId: user.id, email, domain, tokenHash: hash(token), expiresAt: expires, createdAt: now });
  const link = siteUrl(deps.env, `/verify-company?token=${token}`);
  await mailer.send({
    to: email,
    subject: "Confirm your company e-mail on Toolscape",
    text: `Hello ${user.name},\n\nConfirm that ${email} is your work address to get the Company badge on your reviews:\n\n${link}\n\nThe link is valid for ${VERIFY_LINK_HOURS} hours. If you did not ask for this, ignore this e-mail.\n\n— The Toolscape team`,
    tag: "company-verify",
  });
}

/** Confirms a link: the member's profile becomes verified (company_email). Links work once. */
export async function confirmCompanyVerification(
  deps: { db: Db; clock: { now(): Date } },
  token: string,
): Promise<{ userId: string; domain: string }> {
  const { db, clock } = deps;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const v = companyEmailVerifications;
    const [row] = await tx
      .update(companyEmailVerifications)
      .set({ confirmedAt: now })
      .where(and(eq(v.tokenHash, hash(token)), isNull(v.confirmedAt), gt(v.expiresAt, now)))
      .returning({ id: v.id, user_id: v.userId, domain: v.domain });
    if (!row) throw new AppError("bad_request", VERIFY_MESSAGES.invalidLink);
    // A LinkedIn verification stays: both prove a real person; the company one is not weaker.
    await tx
      .update(userProfiles)
      .set({
        isVerified: true,
        verificationType: sql`CASE WHEN ${userProfiles.isVerified} AND ${userProfiles.verificationType} = 'linkedin' THEN ${userProfiles.verificationType} ELSE 'company_email' END`,
      })
      .where(eq(userProfiles.userId, row.user_id));
    return { userId: row.user_id, domain: row.domain };
  });
}

export type VerificationState = {
  verified: "linkedin" | "company_email" | null;
  /** the confirmed company domain, shown to the member only */
  domain: string | null;
  pending: { email: string; expiresAt: string } | null;
};

export async function verificationState(db: Db, userId: string, now: Date): Promise<VerificationState> {
  const v = companyEmailVerifications;
  const [profile] = await db
    .select({ is_verified: userProfiles.isVerified, verification_type: userProfiles.verificationType })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  const [confirmed] = await db
    .select({ domain: v.domain })
    .from(v)
    .where(and(eq(v.userId, userId), isNotNull(v.confirmedAt)))
    .orderBy(desc(v.confirmedAt))
    .limit(1);
  const [pending] = await db
    .select({ email: v.email, expires_at: v.expiresAt })
    .from(v)
    .where(and(eq(v.userId, userId), isNull(v.confirmedAt), gt(v.expiresAt, now)))
    .orderBy(desc(v.createdAt))
    .limit(1);
  return {
    verified: profile?.is_verified ? profile.verification_type : null,
    domain: confirmed?.domain ?? null,
    pending: pending ? { email: pending.email, expiresAt: pending.expires_at.toISOString() } : null,
  };
}
