import { redirect } from "react-router";
import { AffiliateNav, Stat } from "~/components/growth/copy-field";
import { affiliateStats, listPayouts, viewerAffiliate } from "~/lib/growth.server";
import { usd } from "~/lib/money";
import type { Route } from "./+types/affiliate-payments";

export function meta() {
  return [{ title: "Affiliate payments | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { affiliate } = await viewerAffiliate(context, request);
  if (!affiliate) throw redirect("/affiliate");
  const { db, clock } = context.services;
  const [payouts, stats] = await Promise.all([
    listPayouts(db, affiliate.id),
    affiliateStats(db, affiliate.id, clock.now()),
  ]);
  return {
    payoutEmail: affiliate.payoutEmail,
    payouts,
    balanceCents: stats.balanceCents,
    pendingCents: stats.pendingCents,
    paidCents: stats.paidCents,
  };
}

const STATUS_LABEL: Record<string, string> = {
  manual: "Recorded, paid by hand",
  pending: "Sent to PayPal",
  processing: "Processing at PayPal",
  success: "Paid",
  denied: "Denied by PayPal",
  failed: "Failed: we will retry",
};

export default function AffiliatePayments({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl">
      <AffiliateNav current="/affiliate/payments" />
      <h1 className="text-3xl font-bold tracking-tight">Payments</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Approved commissions are paid at the start of each month via PayPal to <strong>{loaderData.payoutEmail}</strong>
        .
      </p>
      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        <Stat label="Next payout" value={usd(loaderData.balanceCents)} hint="Approved, not yet paid" />
        <Stat label="Pending" value={usd(loaderData.pendingCents)} hint="In the refund window" />
        <Stat label="Paid so far" value={usd(loaderData.paidCents)} />
      </div>
      <section className="mt-8">
        <h2 className="text-lg font-semibold">Payout history</h2>
        {loaderData.payouts.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-400">No payouts yet.</p>
        ) : (
          <table className="mt-3 w-full text-left text-sm">
            <thead className="text-slate-600 dark:text-slate-400">
              <tr>
                <th className="py-2">Month</th>
                <th>Amount</th>
                <th>Commissions</th>
                <th>Status</th>
                <th>Date</th>
                <th>Reference</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.payouts.map((p) => (
                <tr key={p.id} className="border-t border-slate-200 dark:border-slate-800">
                  <td className="py-2">{p.period}</td>
                  <td>{usd(p.amountCents)}</td>
                  <td>{p.commissionCount}</td>
                  <td>{STATUS_LABEL[p.status] ?? p.status}</td>
                  <td>{p.paidAt.slice(0, 10)}</td>
                  <td className="font-mono text-xs">{p.providerBatchId ?? p.id.slice(0, 8)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
