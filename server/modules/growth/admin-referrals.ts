import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { ensureReferralCode, referralLink } from "./referrals.ts";

export type AdminReferralRow = {
  id: string;
  referrer: { id: string; name: string; email: string };
  invitee: { id: string; name: string; email: string };
  invited: boolean;
  rewardDays: number;
  joinedAt: string;
};

const ReferralRow = z.object({
  id: z.string(),
  referrer_id: z.string(),
  referrer_name: z.string(),
  referrer_email: z.string(),
  invitee_id: z.string(),
  invitee_name: z.string(),
  invitee_email: z.string(),
  invited: z.boolean(),
  reward_days: z.number(),
  created_at: z.string(),
  total: z.number(),
});

/**
 * GET /api/admin/referrals (spec §7: referrals, inviteLink): every rewarded referral across the
 * programme, newest first, for the admin's oversight; `inviteLink` is the admin's own link.
 */
export async function adminReferralOverview(
  db: Db,
  adminId: string,
  origin: string,
  options: { limit: number; offset: number },
): Promise<{ referrals: AdminReferralRow[]; total: number; inviteLink: string }> {
  const code = await ensureReferralCode(db, adminId);
  const rows = await queryRows(
    db,
    sql`SELECT r.id::text AS id, a.id AS referrer_id, a.name AS referrer_name, a.email AS referrer_email,
               b.id AS invitee_id, b.name AS invitee_name, b.email AS invitee_email,
               r.invite_id IS NOT NULL AS invited, r.reward_days, r.created_at, count(*) OVER ()::int AS total
          FROM referrals r JOIN users a ON a.id = r.referrer_id JOIN users b ON b.id = r.invitee_id
         ORDER BY r.created_at DESC, r.id LIMIT ${options.limit} OFFSET ${options.offset}`,
    ReferralRow,
  );
  return {
    inviteLink: referralLink(origin, code),
    total: rows[0]?.total ?? 0,
    referrals: rows.map((r) => ({
      id: r.id,
      referrer: { id: r.referrer_id, name: r.referrer_name, email: r.referrer_email },
      invitee: { id: r.invitee_id, name: r.invitee_name, email: r.invitee_email },
      invited: r.invited,
      rewardDays: r.reward_days,
      joinedAt: new Date(r.created_at).toISOString(),
    })),
  };
}
