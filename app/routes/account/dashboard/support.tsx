import { SectionIsland } from "~/components/account/dashboard-parts";
import { listMyTickets } from "~/lib/content.server";
import { splitComponent } from "~/lib/split";
import type { Route } from "./+types/support";
import { memberOf, privateHeaders } from "./intents.server";

export function meta() {
  return [{ title: "Support · Dashboard | Toolscape" }, { name: "robots", content: "noindex" }];
}

export const headers = privateHeaders;

/** The member's support tickets (each opens at /dashboard/support/:id). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await memberOf(context, request);
  return { tickets: await listMyTickets(context.services.db, viewer) };
}

const Body = splitComponent(() => import("~/components/account/dashboard/support").then((m) => m.SupportBody));

export default function Section({ loaderData }: Route.ComponentProps) {
  return <SectionIsland id="dashboard-support" component={Body} props={loaderData} />;
}
