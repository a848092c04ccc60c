import { card } from "~/components/account/dashboard-parts";
import { SupportPanel } from "~/components/account/support-panel";
import { listMyTickets } from "~/lib/content.server";
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

export default function Support({ loaderData }: Route.ComponentProps) {
  return <SupportPanel tickets={loaderData.tickets} className={card} />;
}
