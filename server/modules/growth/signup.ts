import { and, eq } from "drizzle-orm";
import { readBrowserOwner, signingSecret } from "../accounts/index.ts";
import { users } from "../accounts/tables.ts";
import { attributeMember } from "./affiliates.ts";
import { normalCode } from "./codes.ts";
import { REF_COOKIE, readAffiliateCookie, readCookie } from "./cookies.ts";
import type { GrowthDeps } from "./deps.ts";
import {
  findReferrerByCode,
  inviterOfEmail,
  REFERRAL_REWARD_DAYS,
  type ReferralOutcome,
  rewardConfirmedReferral,
  rewardReferral,
} from "./referrals.ts";
import { referrals } from "./tables.ts";

/** emailVerified: OAuth accounts arrive with a confirmed address; e-mail sign-ups confirm by a link. */
export type NewMember = { id: string; email: string; name: string; emailVerified?: boolean };

async function tellReferrer(deps: GrowthDeps, referrerId: string, friend: NewMember, outcome: ReferralOutcome) {
  if (!outcome.rewarded) return;
  const [referrer] = await deps.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, referrerId));
  if (!referrer) return;
  await deps.mailer
    .send({
      to: referrer.email,
      tag: "referral-joined",
      subject: `Your friend joined: ${REFERRAL_REWARD_DAYS} days of Standard`,
      text: [
        `Hello ${referrer.name},`,
        "",
        `${friend.name} joined Toolscape through your invitation and confirmed their e-mail address. Thank you!`,
        `You get ${REFERRAL_REWARD_DAYS} days of Standard${outcome.endsAt ? `, now until ${outcome.endsAt.toISOString().slice(0, 10)}` : ""}.`,
        "See everyone you invited on your referrals page.",
      ].join("\n"),
    })
    .catch((err: unknown) => deps.logger.error("referral mail not sent", { err, referrerId }));
}

/**
 * A member confirmed their e-mail address (better-auth's verify-email link): the referral that waited
 * for it is rewarded now, within the referrer's yearly cap (ADR 0024). Never fails the request.
 */
export async function onMemberEmailVerified(deps: GrowthDeps, user: NewMember): Promise<void> {
  try {
    const [referral] = await deps.db
      .select({ referrer_id: referrals.referrerId })
      .from(referrals)
      .where(and(eq(referrals.inviteeId, user.id), eq(referrals.status, "pending")));
    if (!referral) return;
    const outcome = await rewardConfirmedReferral(deps, user.id);
    await tellReferrer(deps, referral.referrer_id, user, outcome);
  } catch (err) {
    deps.logger.error("rewarding a confirmed referral failed", { err, userId: user.id });
  }
}

/**
 * A new account was created (any way: the sign-up form, better-auth's JSON endpoint, OAuth): credit
 * the referrer named by the ts_ref cookie (or the first member who invited this address) and record
 * the affiliate named by a valid ts_aff cookie. Never fails the sign-up: problems are logged.
 */
export async function onMemberCreated(deps: GrowthDeps, user: NewMember, headers: Headers | null): Promise<void> {
  const cookie = headers?.get("cookie") ?? null;
  try {
    const code = normalCode(readCookie(cookie, REF_COOKIE));
    const referrer =
      (code ? await findReferrerByCode(deps.db, code) : null) ?? (await inviterOfEmail(deps.db, user.email));
    if (referrer) {
      const outcome = await rewardReferral(deps, referrer, user);
      await tellReferrer(deps, referrer.id, user, outcome);
    }
  } catch (err) {
    deps.logger.error("recording a referral failed", { err, userId: user.id });
  }
  try {
    const secret = signingSecret(deps.env);
    const affiliateId = readAffiliateCookie(secret, cookie, deps.clock.now());
    // The browser's previous member (ts_member): an affiliate signing up a second account from
    // their own browser is not a member they brought in (ADR 0024).
    if (affiliateId) await attributeMember(deps, affiliateId, user.id, readBrowserOwner(secret, cookie));
  } catch (err) {
    deps.logger.error("recording an affiliate attribution failed", { err, userId: user.id });
  }
}
