import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { Button, Card, Input, Notice, Table } from "~/components/ui";
import {
  adminActor,
  RefundReason,
  refundPaymentByOperator,
  requireAdminPage,
  revokeSessions,
  userDetail,
  uuidSchema,
} from "~/lib/admin.server";
import { failureOf } from "~/lib/form-action";
import { formAction } from "~/lib/form-action.server";
import { usd } from "~/lib/money";
import type { Route } from "./+types/user";

export { shouldRevalidate } from "~/lib/revalidate";

/** The page of one person (issue 21): profile, tier and why, money, contributions, sessions, audit trail. */
export function meta({ data: loaded }: Route.MetaArgs) {
  const name = loaded && "detail" in loaded ? loaded.detail.profile.name : "User";
  return [{ title: `${name} | Users | Admin | Toolscape` }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireAdminPage(context, request);
  const detail = await userDetail(context.services.db, context.services.clock, params.id);
  if (!detail) throw data({ message: "User not found" }, { status: 404 });
  const notice = new URL(request.url).searchParams.get("notice");
  return { detail, self: viewer.user.id === detail.profile.id, notice };
}

const Intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("refund"), paymentId: uuidSchema("Payment not found"), reason: RefundReason }),
  z.object({ intent: z.literal("revoke-sessions") }),
]);

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireAdminPage(context, request);
  const actor = adminActor(viewer, context);
  return formAction(request, Intents, async (input) => {
    switch (input.intent) {
      case "refund": {
        const r = await refundPaymentByOperator(context.services, {
          userId: params.id,
          paymentId: input.paymentId,
          reason: input.reason,
          actor: { id: actor.id, label: actor.label },
          requestId: actor.requestId,
        });
        return { ok: true as const, message: `Refunded ${usd(r.amountCents)}.` };
      }
      case "revoke-sessions": {
        const r = await revokeSessions(context.services.db, actor, params.id);
        return { ok: true as const, message: `${r.ended} ${r.ended === 1 ? "session" : "sessions"} ended.` };
      }
    }
  });
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "—");
const th = "px-3 py-2 font-medium text-slate-600 dark:text-slate-400";
const td = "px-3 py-2 align-top";

function Section({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-semibold">
        {title}
        {count !== undefined ? (
          <span className="ml-1 text-sm font-normal text-slate-600 dark:text-slate-400">({count})</span>
        ) : null}
      </h2>
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => (
  <p className="text-sm text-slate-600 dark:text-slate-400">{children}</p>
);

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, self, notice } = loaderData;
  const { profile, tier, payments, money, stats } = detail;
  const busy = useNavigation().state === "submitting";
  const failed = failureOf(actionData);
  const done = actionData && "message" in actionData ? actionData.message : notice;
  return (
    <div className="space-y-8 break-words">
      <div>
        <Link to="/admin/users" className="text-sm text-brand-700 underline dark:text-brand-100">
          ← All users
        </Link>
        <h2 className="mt-2 text-2xl font-bold">{profile.name}</h2>
        <p className="text-slate-600 dark:text-slate-400">
          {profile.email}
          {profile.emailVerified ? " · verified" : " · not verified"} · {profile.role} · joined {day(profile.createdAt)}
          {profile.username ? (
            <>
              {" · "}
              <Link to={`/user/${profile.id}`} className="underline">
                public profile
              </Link>
            </>
          ) : null}
        </p>
        {profile.suspendedAt ? (
          <p className="mt-1 font-medium text-red-700 dark:text-red-300">
            Suspended {day(profile.suspendedAt)}
            {profile.suspendedReason ? `: ${profile.suspendedReason}` : ""} (reactivate on the Users tab)
          </p>
        ) : null}
      </div>
      <div aria-live="polite">
        {failed ? <Notice tone="error">{failed.error}</Notice> : done ? <Notice>{done}</Notice> : null}
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <h2 className="text-lg font-semibold">Tier: {tier.effective}</h2>
          {tier.sources.length === 0 ? (
            <Empty>Free: no plan, grant or override.</Empty>
          ) : (
            <ul className="mt-2 space-y-1 text-sm" data-testid="tier-sources">
              {tier.sources.map((s) => (
                <li key={`${s.kind}-${s.reference ?? s.source}`}>
                  <span className="font-medium">{s.tier}</span> from{" "}
                  {s.kind === "subscription"
                    ? `a subscription (${s.source})`
                    : s.kind === "grant"
                      ? `a grant (${s.source === "referral" ? "referral reward" : "operator"})`
                      : "an operator's override"}
                  {s.until ? `, until ${day(s.until)}` : ""}
                </li>
              ))}
            </ul>
          )}
          {detail.affiliate ? (
            <p className="mt-2 text-sm">
              Affiliate <code>{detail.affiliate.code}</code> ({detail.affiliate.status}) —{" "}
              <Link to="/admin/payouts" className="underline">
                payouts
              </Link>
            </p>
          ) : null}
        </Card>
        <Card>
          <h2 className="text-lg font-semibold">Stats</h2>
          {stats ? (
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              {(
                [
                  ["Days in a row", stats.consecutiveDays],
                  ["Tools viewed today", stats.toolViewsToday],
                  ["Saved tools", stats.savedTools],
                  ["Favourites", stats.favorites],
                  ["Saved searches", stats.savedSearches],
                  ["Corrections (verified)", `${stats.correctionsSubmitted} (${stats.verifiedCorrections})`],
                  ["Submissions", stats.submissions],
                  ["Feedback sent", stats.feedbackSent],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="flex justify-between gap-2">
                  <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
                  <dd className="font-medium">{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </Card>
      </div>

      <Section title="Payments" count={payments.length}>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Paid {usd(money.paidCents)}, refunded {usd(money.refundedCents)}. A refund returns the whole payment through
          its provider and ends the plan it paid for.
        </p>
        {payments.length === 0 ? (
          <Empty>No payments.</Empty>
        ) : (
          <Table data-testid="payments">
            <thead>
              <tr>
                <th className={th}>Date</th>
                <th className={th}>Plan</th>
                <th className={th}>Amount</th>
                <th className={th}>Provider</th>
                <th className={th}>Status</th>
                <th className={th}>Refund</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {payments.map((p) => (
                <tr key={p.id}>
                  <td className={td}>{day(p.at)}</td>
                  <td className={td}>
                    {p.tier} ({p.kind})
                  </td>
                  <td className={td}>{usd(p.amountCents)}</td>
                  <td className={td}>
                    {p.provider}{" "}
                    <span className="text-xs break-all text-slate-600 dark:text-slate-400">{p.providerPaymentId}</span>
                  </td>
                  <td className={td}>{p.status === "refunded" ? `refunded ${day(p.refundedAt)}` : "paid"}</td>
                  <td className={td}>
                    {p.status === "captured" ? (
                      <Form method="post" className="flex flex-wrap items-center gap-1">
                        <input type="hidden" name="intent" value="refund" />
                        <input type="hidden" name="paymentId" value={p.id} />
                        <Input
                          name="reason"
                          required
                          maxLength={500}
                          placeholder="Reason"
                          aria-label={`Reason to refund the payment of ${day(p.at)}`}
                          inline="xs"
                          className="w-44"
                        />
                        <Button type="submit" size="sm" variant="danger" disabled={busy}>
                          Refund {usd(p.amountCents)}
                        </Button>
                      </Form>
                    ) : (
                      "—"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Section>

      <div className="grid gap-8 lg:grid-cols-2">
        <Section title="Submissions" count={detail.submissions.length}>
          {detail.submissions.length === 0 ? (
            <Empty>None.</Empty>
          ) : (
            <ul className="space-y-1 text-sm">
              {detail.submissions.map((s) => (
                <li key={s.id}>
                  <span className="font-medium">{s.name}</span> · {s.status.replace("_", " ")} · sent{" "}
                  {day(s.submittedAt)}
                </li>
              ))}
            </ul>
          )}
          <Link to="/admin/moderation?status=all" className="text-sm underline">
            Moderation queue
          </Link>
        </Section>
        <Section title="Reviews" count={detail.reviews.length}>
          {detail.reviews.length === 0 ? (
            <Empty>None.</Empty>
          ) : (
            <ul className="space-y-1 text-sm">
              {detail.reviews.map((r) => (
                <li key={r.id}>
                  <Link to={`/tools/${r.tool.slug}?tab=reviews`} className="underline">
                    {r.tool.name}
                  </Link>{" "}
                  · {r.rating}/5 · {r.status}
                  {r.withdrawn ? " (deleted by the author)" : ""} · {day(r.createdAt)}
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Corrections" count={detail.corrections.length}>
          {detail.corrections.length === 0 ? (
            <Empty>None.</Empty>
          ) : (
            <ul className="space-y-1 text-sm">
              {detail.corrections.map((c) => (
                <li key={c.id}>
                  {c.tool.name} · {c.field} · {c.status} · {day(c.createdAt)}
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Support tickets" count={detail.tickets.length}>
          {detail.tickets.length === 0 ? (
            <Empty>None.</Empty>
          ) : (
            <ul className="space-y-1 text-sm">
              {detail.tickets.map((t) => (
                <li key={t.id}>
                  <Link to={`/admin/support/${t.id}`} className="underline">
                    TS-{String(t.number).padStart(6, "0")} {t.subject}
                  </Link>{" "}
                  · {t.status} · {day(t.createdAt)}
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      <Section title="Active sessions" count={detail.sessions.length}>
        {detail.sessions.length === 0 ? (
          <Empty>Not signed in anywhere.</Empty>
        ) : (
          <>
            <ul className="space-y-1 text-sm">
              {detail.sessions.map((s) => (
                <li key={s.id}>
                  Since {day(s.createdAt)}, until {day(s.expiresAt)}
                  {s.ipAddress ? ` · ${s.ipAddress}` : ""}
                  {s.userAgent ? (
                    <span className="block text-xs text-slate-600 dark:text-slate-400">{s.userAgent}</span>
                  ) : null}
                </li>
              ))}
            </ul>
            {self ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-sessions" />
                <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                  End all sessions
                </Button>
              </Form>
            )}
          </>
        )}
      </Section>

      <Section title="Audit trail" count={detail.audit.length}>
        {detail.audit.length === 0 ? (
          <Empty>No operator has changed this account.</Empty>
        ) : (
          <ul className="space-y-1 text-sm" data-testid="user-audit">
            {detail.audit.map((a) => (
              <li key={a.id}>
                {a.at.slice(0, 16).replace("T", " ")} · <span className="font-medium">{a.action}</span> by{" "}
                {a.actor_label}
                {a.reason ? ` — ${a.reason}` : ""}
              </li>
            ))}
          </ul>
        )}
        <Link to={`/admin/audit?target_id=${encodeURIComponent(profile.id)}`} className="text-sm underline">
          Full audit log
        </Link>
      </Section>
    </div>
  );
}
