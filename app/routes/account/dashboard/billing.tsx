import { z } from "zod";
import { FormAlert } from "~/components/account/form-parts";
import { BillingSection } from "~/components/billing/billing-section";
import { viewerOf } from "~/lib/accounts.server";
import { overview } from "~/lib/billing.server";
import { failureOf, formMessage } from "~/lib/form-action";
import { formAction, refuse } from "~/lib/form-action.server";
import type { Route } from "./+types/billing";
import { BillingIntent, memberOf, privateHeaders, runIntent } from "./intents.server";

export function meta() {
  return [{ title: "Billing · Dashboard | Toolscape" }, { name: "robots", content: "noindex" }];
}

export const headers = privateHeaders;

/** The plan, its dates and terms, the upgrade quote, tool credits and the billing history. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await memberOf(context, request);
  return {
    billing: await overview(context, viewer),
    confirmRefund: new URL(request.url).searchParams.get("confirm") === "refund",
  };
}

const BillingSectionIntent = z.discriminatedUnion("intent", [BillingIntent]);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) return refuse(401, "Please log in");
  return formAction(request, BillingSectionIntent, (input) => runIntent(context, viewer, input));
}

export default function Billing({ loaderData, actionData }: Route.ComponentProps) {
  const failed = failureOf(actionData);
  const result = actionData && "ok" in actionData && actionData.ok ? actionData : null;
  return (
    <>
      {result?.message ? <FormAlert tone="success">{result.message}</FormAlert> : null}
      {formMessage(failed) ? <FormAlert>{formMessage(failed)}</FormAlert> : null}
      {/* After a refund the confirmation is gone. */}
      <BillingSection
        billing={loaderData.billing}
        confirmRefund={loaderData.confirmRefund && result?.intent !== "billing-refund"}
      />
    </>
  );
}
