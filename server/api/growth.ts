import { Hono } from "hono";
import { z } from "zod";
import type { AppServices } from "../context.ts";
import { getViewer, requireRole, requireUser } from "../modules/accounts/index.ts";
import {
  AffiliateJoinInput,
  adminReferralOverview,
  affiliateOfUser,
  affiliateStats,
  InviteInput,
  inviteByEmail,
  joinAffiliate,
  PayoutPeriod,
  payoutCsv,
  referralOverview,
  runPayout,
} from "../modules/growth/index.ts";
import { AppError } from "../platform/errors.ts";
import { siteOrigin } from "../platform/site-origin.ts";
import { parseOr400 } from "./respond.ts";

type Vars = { Variables: { services: AppServices } };

async function body(c: { req: { json(): Promise<unknown> } }): Promise<unknown> {
  return c.req.json().catch(() => {
    throw new AppError("bad_request", "Send a JSON body");
  });
}

const PeriodBody = z.object({ period: PayoutPeriod });
const AdminList = z.object({
  page: z.coerce.number({ message: "page must be a number" }).int().min(1).max(10_000).default(1),
  limit: z.coerce.number({ message: "limit must be a number" }).int().min(1).max(100).default(50),
});

/**
 * Referrals and the affiliate programme. The member's own referrals live under /api/community
 * (READING.md §3: the spec's /api/admin/referrals is not an admin list); payouts are admin-only.
 */
export function growthApi() {
  const api = new Hono<Vars>();

  api.get("/community/referrals", async (c) => {
    const { services } = c.var;
    c.header("Cache-Control", "private, no-store");
    const viewer = requireUser(await getViewer(services, c.req.raw));
    const overview = await referralOverview(
      services.db,
      viewer.user.id,
      siteOrigin(services.env),
      services.clock.now(),
    );
    return c.json({
      success: true,
      code: overview.code,
      inviteLink: overview.inviteLink,
      daysEarned: overview.daysEarned,
      referrals: overview.referrals.map((r) => ({
        name: r.name,
        status: r.status,
        invited_at: r.invitedAt,
        joined_at: r.joinedAt,
      })),
    });
  });

  api.post("/referrals/invite", async (c) => {
    const { services } = c.var;
    c.header("Cache-Control", "private, no-store");
    const viewer = requireUser(await getViewer(services, c.req.raw));
    const input = parseOr400(InviteInput, await body(c));
    const sent = await inviteByEmail(services, viewer.user, input);
    return c.json({ success: true, email: sent.email, message: `Invitation sent to ${sent.email}` });
  });

  api.post("/affiliate/join", async (c) => {
    const { services } = c.var;
    c.header("Cache-Control", "private, no-store");
    const viewer = requireUser(await getViewer(services, c.req.raw));
    const input = parseOr400(AffiliateJoinInput, await body(c));
    const affiliate = await joinAffiliate(services, viewer.user.id, input);
    const link = `${siteOrigin(services.env)}/a/${affiliate.code}`;
    return c.json({ success: true, affiliate: { code: affiliate.code, link, payout_email: affiliate.payoutEmail } });
  });

  api.get("/affiliate/dashboard", async (c) => {
    const { services } = c.var;
    c.header("Cache-Control", "private, no-store");
    const viewer = requireUser(await getViewer(services, c.req.raw));
    const affiliate = await affiliateOfUser(services.db, viewer.user.id);
    if (!affiliate) throw new AppError("forbidden", "Join the affiliate programme first.");
    const stats = await affiliateStats(services.db, affiliate.id, services.clock.now());
    const link = `${siteOrigin(services.env)}/a/${affiliate.code}`;
    return c.json({ success: true, code: affiliate.code, link, status: affiliate.status, ...stats });
  });

  // Spec §7: GET /api/admin/referrals → referrals, inviteLink. Admins only: every rewarded referral.
  api.get("/admin/referrals", async (c) => {
    const { services } = c.var;
    c.header("Cache-Control", "private, no-store");
    const viewer = requireRole(await getViewer(services, c.req.raw), "admin");
    const { page, limit } = parseOr400(AdminList, c.req.query());
    const result = await adminReferralOverview(services.db, viewer.user.id, siteOrigin(services.env), {
      limit,
      offset: (page - 1) * limit,
    });
    return c.json({ success: true, ...result, page, limit });
  });

  api.get("/admin/affiliates/payouts.csv", async (c) => {
    const { services } = c.var;
    c.header("Cache-Control", "private, no-store");
    requireRole(await getViewer(services, c.req.raw), "admin");
    const period = parseOr400(PeriodBody, { period: c.req.query("period") }).period;
    const csv = await payoutCsv(services.db, period);
    return c.body(`\uFEFF${csv}`, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="affiliate-payouts-${period}.csv"`,
    });
  });

  api.post("/admin/affiliates/payouts", async (c) => {
    const { services } = c.var;
    c.header("Cache-Control", "private, no-store");
    requireRole(await getViewer(services, c.req.raw), "admin");
    const { period } = parseOr400(PeriodBody, await body(c));
    const result = await runPayout(services, period);
    return c.json({ success: true, period, batch_id: result.batchId, payouts: result.payouts });
  });
  return api;
}
