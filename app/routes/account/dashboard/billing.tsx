import { z } from "zod";
import { SectionIsland } from "~/components/account/dashboard-parts";
import { viewerOf } from "~/lib/accounts.server";
import { overview } from "~/lib/billing.server";
import { formAction, refuse } from "~/lib/form-action.server";
import { splitComponent } from "~/lib/split";
import type { Route } from "./+types/billing";
import { BillingIntent, memberOf, privateHeaders, runIntent } from "./intents.server";

export { shouldRevalidate } from "~/lib/revalidate";

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

const Body = splitComponent(() => import("~/components/account/dashboard/billing").then((m) => m.BillingBody));

export default function Billing({ loaderData, actionData }: Route.ComponentProps) {
  return <SectionIsland id="dashboard-billing" component={Body} props={{ ...loaderData, answer: actionData }} />;
}
