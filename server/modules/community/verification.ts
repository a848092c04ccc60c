import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { emailField } from "../../platform/email-address.ts";
import { AppError } from "../../platform/errors.ts";
import type { Mailer } from "../../platform/mail.ts";
import { consumeRateLimit, type RateRule } from "../../platform/rate-limit.ts";
import { type SiteEnv, siteUrl } from "../../platform/site-origin.ts";
import { isFreeMailDomain } from "./free-mail-domains.ts";

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
  await db.execute(
    sql`INSERT INTO company_email_verifications (user_id, email, domain, token_hash, expires_at, created_at)
        VALUES (${user.id}, ${email}, ${domain}, ${hash(token)}, ${expires.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`,
  );
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
    const [row] = await queryRows(
      tx,
      sql`UPDATE company_email_verifications SET confirmed_at = ${now.toISOString()}::timestamptz
          WHERE token_hash = ${hash(token)} AND confirmed_at IS NULL AND expires_at > ${now.toISOString()}::timestamptz
          RETURNING id::text AS id, user_id, domain`,
      z.object({ id: z.string(), user_id: z.string(), domain: z.string() }),
    );
    if (!row) throw new AppError("bad_request", VERIFY_MESSAGES.invalidLink);
    // A LinkedIn verification stays: both prove a real person; the company one is not weaker.
    await tx.execute(
      sql`UPDATE user_profiles SET is_verified = true,
            verification_type = CASE WHEN is_verified AND verification_type = 'linkedin' THEN verification_type ELSE 'company_email' END
          WHERE user_id = ${row.user_id}`,
    );
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
  const [profile] = await queryRows(
    db,
    sql`SELECT is_verified, verification_type::text AS verification_type FROM user_profiles WHERE user_id = ${userId}`,
    z.object({ is_verified: z.boolean(), verification_type: z.enum(["linkedin", "company_email"]).nullable() }),
  );
  const [confirmed] = await queryRows(
    db,
    sql`SELECT domain FROM company_email_verifications WHERE user_id = ${userId} AND confirmed_at IS NOT NULL
        ORDER BY confirmed_at DESC LIMIT 1`,
    z.object({ domain: z.string() }),
  );
  const [pending] = await queryRows(
    db,
    sql`SELECT email, expires_at FROM company_email_verifications
        WHERE user_id = ${userId} AND confirmed_at IS NULL AND expires_at > ${now.toISOString()}::timestamptz
        ORDER BY created_at DESC LIMIT 1`,
    z.object({ email: z.string(), expires_at: z.string() }),
  );
  return {
    verified: profile?.is_verified ? profile.verification_type : null,
    domain: confirmed?.domain ?? null,
    pending: pending ? { email: pending.email, expiresAt: new Date(pending.expires_at).toISOString() } : null,
  };
}
