import { redirect } from "react-router";
import { AffiliateNav, CopyField, Stat } from "~/components/growth/copy-field";
import { affiliateLinkOf, affiliateStats, programmeTerms, viewerAffiliate } from "~/lib/growth.server";
import { usd } from "~/lib/money";
import type { Route } from "./+types/affiliate-dashboard";

export function meta() {
  return [{ title: "Affiliate dashboard | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { affiliate } = await viewerAffiliate(context, request);
  if (!affiliate) throw redirect("/affiliate");
  const [stats, terms] = await Promise.all([
    affiliateStats(context.services.db, affiliate.id, context.services.clock.now()),
    programmeTerms(context.services.db),
  ]);
  return {
    code: affiliate.code,
    link: affiliateLinkOf(context, affiliate.code),
    status: affiliate.status,
    stats,
    rates: terms.plans.map((p) => `${p.percent}% of ${p.name}`).join(", "),
  };
}

const STATUS_LABEL = { pending: "Pending", approved: "Approved", paid: "Paid", reversed: "Reversed" } as const;

export default function AffiliateDashboard({ loaderData }: Route.ComponentProps) {
  const { stats } = loaderData;
  return (
    <div className="mx-auto max-w-4xl">
      <AffiliateNav current="/affiliate/dashboard" />
      <h1 className="text-3xl font-bold tracking-tight">Affiliate dashboard</h1>
      {loaderData.status === "suspended" ? (
        <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
          Your affiliate account is suspended: new clicks are not counted. Contact support.
        </p>
      ) : null}
      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        <Stat label="Earnings" value={usd(stats.totalEarningsCents)} hint="Approved and paid" />
        <Stat label="This month" value={usd(stats.monthEarningsCents)} hint="Earned this month, pending included" />
        <Stat label="Pending" value={usd(stats.pendingCents)} hint="In the 30-day refund window" />
        <Stat label="Clicks" value={String(stats.clicks)} />
        <Stat label="Conversions" value={String(stats.conversions)} hint="Members you brought who paid" />
        <Stat label="Conversion rate" value={`${stats.conversionRate}%`} />
      </div>
      <section className="mt-8 space-y-4 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <CopyField label="Affiliate link" value={loaderData.link} />
        <CopyField label="Affiliate code" value={loaderData.code} />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Commission: {loaderData.rates} payments. Link to any page with <code>?to=/tools/…</code> (see Resources).
        </p>
      </section>
      <section className="mt-8">
        <h2 className="text-lg font-semibold">Commissions</h2>
        {stats.commissions.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-400">
            No commissions yet. They appear here when a member you referred pays.
          </p>
        ) : (
          // On a phone the table scrolls inside its own box (the page never scrolls sideways), with padded cells.
          <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
            <table className="w-full min-w-[36rem] text-left text-sm [&_td]:px-3 [&_td]:py-2 [&_th]:px-3 [&_th]:py-2">
              <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-400">
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Plan</th>
                  <th scope="col">Payment</th>
                  <th scope="col">Commission</th>
                  <th scope="col">Status</th>
                  <th scope="col">Payable from</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {stats.commissions.map((c) => (
                  <tr key={c.id}>
                    <td className="whitespace-nowrap">{c.createdAt.slice(0, 10)}</td>
                    <td className="capitalize">
                      {c.tier}
                      {c.kind === "adjustment" ? " (refund adjustment)" : ""}
                    </td>
                    <td>{usd(c.paymentCents)}</td>
                    <td>{usd(c.amountCents)}</td>
                    <td>{STATUS_LABEL[c.status]}</td>
                    <td className="whitespace-nowrap">{c.availableAt.slice(0, 10)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
