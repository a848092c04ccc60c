import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { Button, Input, Notice, Table } from "~/components/ui";
import { adminActor, requireAdminPage } from "~/lib/admin.server";
import { failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import {
  AffiliateTarget,
  approvePayout,
  listAffiliatesOwed,
  listRecentPayouts,
  markPayoutPaidByHand,
  PayoutTarget,
  SuspendAffiliateReason,
  sendPayout,
  setAffiliateStatus,
} from "~/lib/growth.server";
import { usd } from "~/lib/money";
import type { Route } from "./+types/payouts";

export { shouldRevalidate } from "~/lib/revalidate";

/** Affiliates and money for operators (issue 21): what is owed, approve, send, record; suspension. */
export function meta() {
  return [{ title: "Payouts | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const { db, growth } = context.services;
  const [affiliates, payouts] = await Promise.all([listAffiliatesOwed(db), listRecentPayouts(db)]);
  // The CSV of what is payable now: every approved, unpaid commission up to the end of this month.
  const period = context.services.clock.now().toISOString().slice(0, 7);
  return { affiliates, payouts, provider: growth.payouts?.id ?? null, period };
}

const Intents = z.discriminatedUnion("intent", [
  AffiliateTarget.extend({ intent: z.literal("approve") }),
  PayoutTarget.extend({ intent: z.literal("send") }),
  PayoutTarget.extend({
    intent: z.literal("paid-by-hand"),
    reference: z.string().trim().max(200, "The reference must be 200 characters or fewer").default(""),
  }),
  AffiliateTarget.extend({ intent: z.literal("suspend"), reason: SuspendAffiliateReason }),
  AffiliateTarget.extend({ intent: z.literal("reactivate") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdminPage(context, request);
  const actor = adminActor(viewer, context);
  const { services } = context;
  return formAction(request, Intents, async (input) => {
    switch (input.intent) {
      case "approve": {
        const p = await approvePayout(services, actor, input.affiliateId);
        return { ok: true as const, message: `Approved ${usd(p.amountCents)} for ${p.name}. Send it below.` };
      }
      case "send": {
        const r = await sendPayout(services, actor, input.payoutId);
        const refused = r.status === "failed" || r.status === "denied";
        return {
          ok: true as const,
          message:
            r.status === "unknown"
              ? `The provider's answer was unclear: this payout may have been paid, so its commissions stay with it. Check and send it again: it reuses batch ${r.providerBatchId}, which is never paid twice.`
              : refused
                ? `The provider answered ${r.status}: nothing was paid, the commissions are owed again.`
                : `Sent through ${r.provider}: ${r.status} (batch ${r.providerBatchId}).`,
        };
      }
      case "paid-by-hand":
        await markPayoutPaidByHand(services, actor, input.payoutId, input.reference);
        return { ok: true as const, message: "Recorded as paid by hand." };
      case "suspend": {
        const r = await setAffiliateStatus(services, actor, input.affiliateId, "suspended", input.reason);
        return {
          ok: true as const,
          message: r.changed ? "Affiliate suspended: they earn nothing from now on." : "Already suspended.",
        };
      }
      case "reactivate": {
        const r = await setAffiliateStatus(services, actor, input.affiliateId, "active", null);
        return { ok: true as const, message: r.changed ? "Affiliate reactivated." : "Already active." };
      }
    }
  });
}

const th = "px-3 py-2 font-medium text-slate-600 dark:text-slate-400";
const td = "px-3 py-2 align-top";

export default function AdminPayouts({ loaderData, actionData }: Route.ComponentProps) {
  const { affiliates, payouts, provider, period } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = failureOf(actionData);
  const waiting = payouts.filter((p) => p.status === "approved" || p.status === "unknown");
  return (
    <div className="space-y-8 break-words">
      <div aria-live="polite">
        {failed ? (
          <Notice tone="error">{failed.error}</Notice>
        ) : actionData && "message" in actionData ? (
          <Notice>{actionData.message}</Notice>
        ) : null}
      </div>
      <section aria-labelledby="owed-title" className="space-y-2">
        <h2 id="owed-title" className="text-xl font-semibold">
          Affiliates ({affiliates.length})
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Owed: approved commissions not yet in a payout. Pending: still in the members' refund window. Payouts go
          through {provider ? <strong>{provider}</strong> : "no provider (pay by hand from the CSV, then mark paid)"}.{" "}
          <a href={`/api/admin/affiliates/payouts.csv?period=${period}`} className="underline" download>
            Download the CSV of what is payable now
          </a>
          .
        </p>
        {affiliates.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No affiliates yet.</p>
        ) : (
          <Table data-testid="affiliates-owed">
            <thead>
              <tr>
                <th className={th}>Affiliate</th>
                <th className={th}>Owed</th>
                <th className={th}>Pending</th>
                <th className={th}>In payouts</th>
                <th className={th}>Status</th>
                <th className={th}>Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {affiliates.map((a) => (
                <tr key={a.affiliateId}>
                  <td className={td}>
                    <Link to={`/admin/users/${encodeURIComponent(a.userId)}`} className="font-medium underline">
                      {a.name}
                    </Link>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {a.code} · pays to {a.payoutEmail}
                    </span>
                  </td>
                  <td className={td}>
                    {usd(a.owedCents)}
                    {a.owedCount ? (
                      <span className="text-xs text-slate-600 dark:text-slate-400"> ({a.owedCount})</span>
                    ) : null}
                  </td>
                  <td className={td}>{usd(a.pendingCents)}</td>
                  <td className={td}>{usd(a.paidCents)}</td>
                  <td className={td}>
                    {a.status === "suspended" ? (
                      <span className="font-medium text-red-700 dark:text-red-300">suspended</span>
                    ) : (
                      "active"
                    )}
                  </td>
                  <td className={td}>
                    <div className="flex flex-wrap items-center gap-2">
                      {a.status === "active" && a.owedCents > 0 ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="approve" />
                          <input type="hidden" name="affiliateId" value={a.affiliateId} />
                          <Button type="submit" size="sm" disabled={busy}>
                            Approve {usd(a.owedCents)}
                            <span className="sr-only"> for {a.name}</span>
                          </Button>
                        </Form>
                      ) : null}
                      {a.status === "active" ? (
                        <Form method="post" className="flex flex-wrap items-center gap-1">
                          <input type="hidden" name="intent" value="suspend" />
                          <input type="hidden" name="affiliateId" value={a.affiliateId} />
                          <Input
                            name="reason"
                            required
                            maxLength={500}
                            placeholder="Reason"
                            aria-label={`Reason to suspend ${a.name}`}
                            inline="xs"
                            className="w-40"
                          />
                          <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                            Suspend
                          </Button>
                        </Form>
                      ) : (
                        <Form method="post">
                          <input type="hidden" name="intent" value="reactivate" />
                          <input type="hidden" name="affiliateId" value={a.affiliateId} />
                          <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                            Reactivate<span className="sr-only"> {a.name}</span>
                          </Button>
                        </Form>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>

      <section aria-labelledby="payouts-title" className="space-y-2">
        <h2 id="payouts-title" className="text-xl font-semibold">
          Payouts {waiting.length ? `(${waiting.length} to send)` : ""}
        </h2>
        {payouts.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No payouts yet.</p>
        ) : (
          <Table data-testid="payouts">
            <thead>
              <tr>
                <th className={th}>Recorded</th>
                <th className={th}>Affiliate</th>
                <th className={th}>Amount</th>
                <th className={th}>Status</th>
                <th className={th}>Provider's batch</th>
                <th className={th}>Send</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {payouts.map((p) => (
                <tr key={p.id}>
                  <td className={td}>{p.at.slice(0, 10)}</td>
                  <td className={td}>
                    {p.name}
                    <span className="block text-xs text-slate-600 dark:text-slate-400">{p.payoutEmail}</span>
                  </td>
                  <td className={td}>
                    {usd(p.amountCents)}{" "}
                    <span className="text-xs text-slate-600 dark:text-slate-400">({p.commissionCount})</span>
                  </td>
                  <td className={td}>
                    {p.status === "manual" ? "paid by hand" : p.status === "unknown" ? "unclear answer" : p.status}
                  </td>
                  <td className={`${td} text-xs break-all`}>
                    {p.provider ? `${p.provider} ` : ""}
                    {p.providerBatchId ?? "—"}
                  </td>
                  <td className={td}>
                    {p.status !== "approved" && p.status !== "unknown" ? (
                      "—"
                    ) : provider ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="send" />
                        <input type="hidden" name="payoutId" value={p.id} />
                        <Button type="submit" size="sm" disabled={busy}>
                          {p.status === "unknown" ? "Check and send again" : "Send"} {usd(p.amountCents)}
                          <span className="sr-only"> to {p.name}</span>
                        </Button>
                      </Form>
                    ) : p.status === "unknown" ? (
                      "check at the provider"
                    ) : (
                      <Form method="post" className="flex flex-wrap items-center gap-1">
                        <input type="hidden" name="intent" value="paid-by-hand" />
                        <input type="hidden" name="payoutId" value={p.id} />
                        <Input
                          name="reference"
                          maxLength={200}
                          placeholder="Transfer reference"
                          aria-label={`Transfer reference for ${p.name}`}
                          inline="xs"
                          className="w-44"
                        />
                        <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                          Mark paid
                        </Button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
    </div>
  );
}
