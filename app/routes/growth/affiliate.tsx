import { Form, Link, redirect, useNavigation } from "react-router";
import { FormAlert } from "~/components/account/form-parts";
import { AffiliateNav } from "~/components/growth/copy-field";
import { buttonClass, cardClassOf, controlClass } from "~/components/ui-classes";
import { viewerOf } from "~/lib/accounts.server";
import { failureOf, fieldProps } from "~/lib/form-action";
import { formAction, refuse } from "~/lib/form-action.server";
import {
  AffiliateJoinInput,
  ATTRIBUTION_DAYS,
  joinAffiliate,
  programmeTerms,
  viewerAffiliate,
} from "~/lib/growth.server";
import { usd } from "~/lib/money";
import type { Route } from "./+types/affiliate";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [
    { title: "Affiliate programme | Toolscape" },
    {
      name: "description",
      content: "Earn 30% of Standard and 35% of Expert memberships you refer to Toolscape, paid monthly via PayPal.",
    },
  ];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [{ viewer, affiliate }, terms] = await Promise.all([
    viewerAffiliate(context, request),
    programmeTerms(context.services.db),
  ]);
  return {
    signedIn: Boolean(viewer),
    email: viewer?.user.email ?? "",
    joined: Boolean(affiliate),
    plans: terms.plans,
    cookieDays: ATTRIBUTION_DAYS,
    refundDays: terms.refundWindowDays,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) return refuse(401, "Please sign in to join the programme");
  return formAction(request, AffiliateJoinInput, async (input) => {
    await joinAffiliate(context.services, viewer.user.id, input);
    return redirect("/affiliate/dashboard");
  });
}

export default function AffiliateProgramme({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const failed = failureOf(actionData);
  const fields = failed?.fields ?? {};
  // The two fields show their own errors; any other refusal is the alert.
  const alert = failed && !fields.payout_email && !fields.accept_terms ? failed.error : null;
  return (
    <div className="mx-auto max-w-3xl">
      <AffiliateNav current="/affiliate" />
      <h1 className="text-3xl font-bold tracking-tight">Toolscape affiliate programme</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        Recommend Toolscape to your readers, viewers or clients. When someone you send becomes a paying member, you earn
        a share of every membership payment they make.
      </p>

      <section className="mt-8">
        <h2 className="text-xl font-semibold">Commission structure</h2>
        <table className="mt-3 w-full text-left text-sm">
          <thead className="text-slate-600 dark:text-slate-400">
            <tr>
              <th className="py-2">Plan</th>
              <th>Price</th>
              <th>Your commission</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.plans.map((p) => (
              <tr key={p.tier} className="border-t border-slate-200 dark:border-slate-800">
                <td className="py-2">{p.name}</td>
                <td>{usd(p.amountCents)} per month</td>
                <td>{p.percent}% of each payment</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="mt-8 space-y-2 text-slate-700 dark:text-slate-300">
        <h2 className="text-xl font-semibold text-slate-900 dark:text-slate-100">Terms</h2>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            Your link sets a first-party cookie (<code>ts_aff</code>) for {loaderData.cookieDays} days. A visitor who
            creates an account within that time is yours for as long as they stay a paying member.
          </li>
          <li>
            A commission is pending for the member's {loaderData.refundDays}-day money-back window, then approved. A
            refunded payment takes its commission back; if it was already paid out, the next payout is reduced.
          </li>
          <li>Approved commissions are paid monthly via PayPal to the e-mail you give below.</li>
          <li>Clicks on your own link and sign-ups of your own account do not count.</li>
          <li>
            Disclose the relationship wherever you post your link (see our{" "}
            <Link to="/affiliate-disclosure" className="underline">
              affiliate disclosure
            </Link>
            ). No paid search ads on the Toolscape name, no spam, no misleading claims: breaking these rules ends the
            membership in the programme.
          </li>
        </ul>
      </section>

      <section className={cardClassOf("md", "mt-8 p-5")}>
        <h2 className="text-xl font-semibold">Join</h2>
        {loaderData.joined ? (
          <p className="mt-2">
            You are an affiliate.{" "}
            <Link to="/affiliate/dashboard" className="font-semibold underline">
              Open your dashboard
            </Link>
          </p>
        ) : !loaderData.signedIn ? (
          <p className="mt-2">
            <Link to="/sign-in?redirectTo=/affiliate" className="font-semibold underline">
              Sign in
            </Link>{" "}
            or{" "}
            <Link to="/sign-up?redirectTo=/affiliate" className="font-semibold underline">
              join free
            </Link>{" "}
            to become an affiliate.
          </p>
        ) : (
          <Form method="post" className="mt-3 space-y-4" noValidate>
            {alert ? <FormAlert>{alert}</FormAlert> : null}
            <div>
              <label htmlFor="payout-email" className="block text-sm font-medium">
                PayPal e-mail for payouts
              </label>
              <input
                id="payout-email"
                name="payout_email"
                type="email"
                defaultValue={failed?.values.payout_email ?? loaderData.email}
                {...fieldProps(failed, "payout_email", "payout-email-error")}
                className={controlClass(undefined, "mt-1")}
              />
              {fields.payout_email ? (
                <p id="payout-email-error" className="mt-1 text-sm text-red-700 dark:text-red-300">
                  {fields.payout_email}
                </p>
              ) : null}
            </div>
            <div>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name="accept_terms"
                  className="mt-1 h-4 w-4 accent-brand-600"
                  {...fieldProps(failed, "accept_terms", "accept-terms-error")}
                />
                <span>I accept the affiliate terms above.</span>
              </label>
              {fields.accept_terms ? (
                <p id="accept-terms-error" className="mt-1 text-sm text-red-700 dark:text-red-300">
                  {fields.accept_terms}
                </p>
              ) : null}
            </div>
            <button type="submit" disabled={busy} className={buttonClass("primary", "lg")}>
              {busy ? "Joining…" : "Join the programme"}
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}
