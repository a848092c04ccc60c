import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { EdgeEnv } from "../edge/vars.ts";
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
import { adminErrors, csv, documented, json, memberErrors, ok, requestJson, SESSION } from "./doc.ts";
import { parseOr400 } from "./respond.ts";

type Vars = EdgeEnv;

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
  const api = new OpenAPIHono<Vars>();

  documented(
    api,
    {
      method: "get",
      path: "/community/referrals",
      operationId: "myReferrals",
      summary: "The member's referral code, link and referrals",
      tags: ["Growth"],
      security: SESSION,
      responses: {
        200: json(
          ok({
            code: z.string(),
            inviteLink: z.string(),
            daysEarned: z.number(),
            referrals: z.array(
              z
                .object({
                  name: z.string().nullable(),
                  status: z.string(),
                  invited_at: z.string().nullable(),
                  joined_at: z.string().nullable(),
                })
                .passthrough(),
            ),
          }),
          "Referrals",
        ),
        ...memberErrors(),
      },
    },
    async (c) => {
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
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/referrals/invite",
      operationId: "inviteFriend",
      summary: "Invite a friend by e-mail",
      tags: ["Growth"],
      security: SESSION,
      request: { body: requestJson(InviteInput) },
      responses: { 200: json(ok({ email: z.string(), message: z.string() }), "Sent"), ...memberErrors(403, 409) },
    },
    async (c) => {
      const { services } = c.var;
      c.header("Cache-Control", "private, no-store");
      const viewer = requireUser(await getViewer(services, c.req.raw));
      const input = parseOr400(InviteInput, await body(c));
      const sent = await inviteByEmail(services, viewer.user, input);
      return c.json({ success: true, email: sent.email, message: `Invitation sent to ${sent.email}` });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/affiliate/join",
      operationId: "joinAffiliate",
      summary: "Join the affiliate programme",
      tags: ["Growth"],
      security: SESSION,
      request: { body: requestJson(AffiliateJoinInput) },
      responses: {
        200: json(
          ok({
            affiliate: z
              .object({ code: z.string(), link: z.string(), payout_email: z.string().nullable() })
              .passthrough(),
          }),
          "Joined",
        ),
        ...memberErrors(403, 409),
      },
    },
    async (c) => {
      const { services } = c.var;
      c.header("Cache-Control", "private, no-store");
      const viewer = requireUser(await getViewer(services, c.req.raw));
      const input = parseOr400(AffiliateJoinInput, await body(c));
      const affiliate = await joinAffiliate(services, viewer.user.id, input);
      const link = `${siteOrigin(services.env)}/a/${affiliate.code}`;
      return c.json({ success: true, affiliate: { code: affiliate.code, link, payout_email: affiliate.payoutEmail } });
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/affiliate/dashboard",
      operationId: "affiliateDashboard",
      summary: "The affiliate's link, clicks and commissions",
      tags: ["Growth"],
      security: SESSION,
      responses: {
        200: json(ok({ code: z.string(), link: z.string(), status: z.string() }), "Figures"),
        ...memberErrors(403),
      },
    },
    async (c) => {
      const { services } = c.var;
      c.header("Cache-Control", "private, no-store");
      const viewer = requireUser(await getViewer(services, c.req.raw));
      const affiliate = await affiliateOfUser(services.db, viewer.user.id);
      if (!affiliate) throw new AppError("forbidden", "Join the affiliate programme first.");
      const stats = await affiliateStats(services.db, affiliate.id, services.clock.now());
      const link = `${siteOrigin(services.env)}/a/${affiliate.code}`;
      return c.json({ success: true, code: affiliate.code, link, status: affiliate.status, ...stats });
    },
  );

  // Spec §7: GET /api/admin/referrals → referrals, inviteLink. Admins only: every rewarded referral.
  documented(
    api,
    {
      method: "get",
      path: "/admin/referrals",
      operationId: "adminReferrals",
      summary: "Every rewarded referral",
      tags: ["Admin"],
      security: SESSION,
      request: { query: AdminList },
      responses: { 200: json(ok({ page: z.number().int(), limit: z.number().int() }), "Referrals"), ...adminErrors() },
    },
    async (c) => {
      const { services } = c.var;
      c.header("Cache-Control", "private, no-store");
      const viewer = requireRole(await getViewer(services, c.req.raw), "admin");
      const { page, limit } = parseOr400(AdminList, c.req.query());
      const result = await adminReferralOverview(services.db, viewer.user.id, siteOrigin(services.env), {
        limit,
        offset: (page - 1) * limit,
      });
      return c.json({ success: true, ...result, page, limit });
    },
  );

  documented(
    api,
    {
      method: "get",
      path: "/admin/affiliates/payouts.csv",
      operationId: "adminPayoutsCsv",
      summary: "A period's affiliate payouts as CSV",
      tags: ["Admin"],
      security: SESSION,
      request: { query: PeriodBody },
      responses: { 200: csv("The payouts (UTF-8 with a byte-order mark)"), ...adminErrors() },
    },
    async (c) => {
      const { services } = c.var;
      c.header("Cache-Control", "private, no-store");
      requireRole(await getViewer(services, c.req.raw), "admin");
      const period = parseOr400(PeriodBody, { period: c.req.query("period") }).period;
      const csv = await payoutCsv(services.db, period);
      return c.body(`\uFEFF${csv}`, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="affiliate-payouts-${period}.csv"`,
      });
    },
  );

  documented(
    api,
    {
      method: "post",
      path: "/admin/affiliates/payouts",
      operationId: "adminRunPayout",
      summary: "Pay a period's approved commissions",
      tags: ["Admin"],
      security: SESSION,
      request: { body: requestJson(PeriodBody) },
      responses: {
        200: json(ok({ period: z.string(), batch_id: z.string().nullable(), payouts: z.unknown() }), "Paid"),
        ...adminErrors(409),
      },
    },
    async (c) => {
      const { services } = c.var;
      c.header("Cache-Control", "private, no-store");
      requireRole(await getViewer(services, c.req.raw), "admin");
      const { period } = parseOr400(PeriodBody, await body(c));
      const result = await runPayout(services, period);
      return c.json({ success: true, period, batch_id: result.batchId, payouts: result.payouts });
    },
  );
  return api;
}
