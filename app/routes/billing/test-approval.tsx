import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { FormAlert } from "~/components/account/form-parts";
import { TestModeBanner } from "~/components/billing/parts";
import { buttonClass, cardClassOf } from "~/components/ui-classes";
import { AppError, viewerOf } from "~/lib/accounts.server";
import { type Decision, testDecision, testOrder } from "~/lib/billing.server";
import { money } from "~/lib/billing-view";
import { failureOf } from "~/lib/form-action";
import { formAction, refuse } from "~/lib/form-action.server";
import type { Route } from "./+types/test-approval";

export { shouldRevalidate } from "~/lib/revalidate";

/**
 * The test provider's hosted-style page: what a PayPal or Cashfree approval page would be, run by
 * us. Approve, Decline and Cancel post here; billing records the decision and sends a signed
 * callback, then the buyer goes on to /payment/success or /payment/cancel.
 */
export function meta() {
  return [{ title: "Test mode: approve payment | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) {
    const back = new URL(request.url).pathname;
    throw redirect(`/sign-in?redirectTo=${encodeURIComponent(back)}`);
  }
  try {
    return { order: await testOrder(context, viewer, params.providerOrderId) };
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw data("Payment not found", { status: 404 });
    throw err;
  }
}

const DecisionForm = z.object({
  decision: z.enum(["approve", "decline", "cancel"] satisfies Decision[], {
    error: "Choose Approve, Decline or Cancel.",
  }),
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) return refuse(401, "Please sign in to continue with checkout");
  return formAction(request, DecisionForm, async ({ decision }) =>
    redirect(await testDecision(context, viewer, params.providerOrderId, decision)),
  );
}

export default function TestApproval({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const open = order.status === "pending";
  const failed = failureOf(actionData);
  return (
    <div className="mx-auto max-w-lg space-y-6">
      <TestModeBanner>
        This page stands in for the payment provider's approval page. Nothing is charged; your choice is sent back to
        Toolscape as a signed callback.
      </TestModeBanner>
      <section aria-labelledby="approve-heading" className={cardClassOf("lg")}>
        <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
          Toolscape Test Pay
        </p>
        <h1 id="approve-heading" className="mt-1 text-2xl font-bold">
          Approve payment
        </h1>
        <dl className="mt-4 space-y-2 text-sm">
          <div className="flex justify-between gap-4">
            <dt>Plan</dt>
            <dd className="font-medium" data-testid="test-plan">
              Toolscape {order.planName}, 30 days
            </dd>
          </div>
          <div className="flex justify-between gap-4 text-base font-semibold">
            <dt>Amount</dt>
            <dd data-testid="test-amount">
              {money(order.amountCents)} {order.currency}
            </dd>
          </div>
        </dl>
        {failed ? (
          <div className="mt-4">
            <FormAlert>{failed.error}</FormAlert>
          </div>
        ) : null}
        {open ? (
          <div className="mt-6 space-y-3">
            <Form method="post">
              <button
                type="submit"
                name="decision"
                value="approve"
                className={buttonClass("primary", "lg", "w-full")}
                disabled={busy}
              >
                Approve
              </button>
            </Form>
            <div className="grid grid-cols-2 gap-3">
              <Form method="post">
                <button
                  type="submit"
                  name="decision"
                  value="decline"
                  className={buttonClass("secondary", "lg", "w-full")}
                  disabled={busy}
                >
                  Decline
                </button>
              </Form>
              <Form method="post">
                <button
                  type="submit"
                  name="decision"
                  value="cancel"
                  className={buttonClass("secondary", "lg", "w-full")}
                  disabled={busy}
                >
                  Cancel
                </button>
              </Form>
            </div>
          </div>
        ) : (
          <div className="mt-6">
            <FormAlert tone="info">This payment was already {order.status}.</FormAlert>
            <Link
              to={order.status === "paid" ? `/payment/success?order=${order.orderId}` : "/dashboard"}
              className={buttonClass("secondary", "lg", "w-full mt-3")}
            >
              Continue
            </Link>
          </div>
        )}
      </section>
    </div>
  );
}
