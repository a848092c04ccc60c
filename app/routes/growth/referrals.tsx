import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/account/form-parts";
import { CopyField, Stat } from "~/components/growth/copy-field";
import { ReferralsIntro } from "~/components/growth/referrals-intro";
import { badgeClass, buttonClass, cardClassOf, controlClass } from "~/components/ui-classes";
import { viewerOf } from "~/lib/accounts.server";
import { failureOf } from "~/lib/form-action";
import { formAction, refuse } from "~/lib/form-action.server";
import { InviteInput, inviteByEmail, originOf, REFERRAL_REWARDS_PER_YEAR, referralOverview } from "~/lib/growth.server";
import { REFERRAL_REWARD_DAYS } from "~/lib/plans";
import type { Route } from "./+types/referrals";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [{ title: "Invite friends | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await viewerOf(context, request);
  // The reward rules (ADR 0024) come from growth's constants, stated to visitors and members alike.
  const rules = { perYear: REFERRAL_REWARDS_PER_YEAR };
  // Visitors get the programme explained (200), with calls to sign in or join (issue 18).
  if (!viewer) return { overview: null, rules };
  const overview = await referralOverview(
    context.services.db,
    viewer.user.id,
    originOf(context),
    context.services.clock.now(),
  );
  return { overview, rules };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) return refuse(401, "Please sign in to invite friends");
  return formAction(request, InviteInput, async (input) => {
    const sent = await inviteByEmail(context.services, viewer.user, input);
    return { ok: true as const, message: `Invitation sent to ${sent.email}` };
  });
}

const dateOf = (iso: string | null) => (iso ? iso.slice(0, 10) : "—");

export default function Referrals({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { overview, rules } = loaderData;
  if (!overview) return <ReferralsIntro rewardDays={REFERRAL_REWARD_DAYS} perYear={rules.perYear} />;
  const busy = navigation.state === "submitting";
  const failed = failureOf(actionData);
  const sent = actionData && !failed ? (actionData as { message: string }) : null;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight">Invite friends</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Share your link. When a friend creates a free account through it and confirms their e-mail address, you get{" "}
        {REFERRAL_REWARD_DAYS} days of Standard, added after any Standard time you already have. Once per friend.
      </p>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" data-testid="referral-cap">
        Rewards are counted for up to {rules.perYear} friends in any 12 months ({overview.rewardedThisYear} of{" "}
        {overview.rewardsPerYear} so far); friends who join after that are still welcome, without a reward.
      </p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <Stat label="Friends joined" value={String(overview.joined)} />
        <Stat label="Days of Standard earned" value={String(overview.daysEarned)} />
      </div>
      <section className={cardClassOf("md", "mt-8 space-y-4 p-5")}>
        <CopyField label="Invite link" value={overview.inviteLink} />
        <CopyField label="Referral code" value={overview.code} />
      </section>
      <section className={cardClassOf("md", "mt-8 p-5")}>
        <h2 className="text-lg font-semibold">Invite by e-mail</h2>
        <Form method="post" className="mt-3 space-y-3">
          <label htmlFor="invite-email" className="block text-sm font-medium">
            Friend's e-mail
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id="invite-email"
              name="email"
              type="email"
              required
              autoComplete="off"
              defaultValue={failed?.values.email}
              aria-invalid={failed ? true : undefined}
              aria-describedby={failed ? "invite-error" : undefined}
              className={controlClass()}
            />
            <button type="submit" disabled={busy} className={buttonClass("primary", "md", "shrink-0")}>
              {busy ? "Sending…" : "Send invitation"}
            </button>
          </div>
          {failed ? (
            <p id="invite-error" className="text-sm text-red-700 dark:text-red-300">
              {failed.error}
            </p>
          ) : null}
          {sent ? <FormAlert tone="success">{sent.message}</FormAlert> : null}
        </Form>
      </section>
      <section className="mt-8">
        <h2 className="text-lg font-semibold">Your referrals</h2>
        {overview.referrals.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-400">No invitations yet. Your friends will show here.</p>
        ) : (
          <table className="mt-3 w-full text-left text-sm">
            <thead className="text-slate-600 dark:text-slate-400">
              <tr>
                <th className="py-2">Friend</th>
                <th>Status</th>
                <th>Invited</th>
                <th>Joined</th>
              </tr>
            </thead>
            <tbody>
              {overview.referrals.map((r) => (
                <tr key={r.id} className="border-t border-slate-200 dark:border-slate-800">
                  <td className="py-2">{r.name}</td>
                  <td>
                    <span className={badgeClass(r.status === "Joined" ? "success" : "neutral")}>{r.status}</span>
                  </td>
                  <td>{dateOf(r.invitedAt)}</td>
                  <td>{dateOf(r.joinedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
