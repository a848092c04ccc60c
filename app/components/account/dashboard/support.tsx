import { SupportPanel } from "~/components/account/support-panel";
import type { loader } from "~/routes/account/dashboard/support";
import { card } from "./styles";

/** The member's tickets (a static island on first load). */
export function SupportBody(d: Awaited<ReturnType<typeof loader>>) {
  return <SupportPanel tickets={d.tickets} className={card} />;
}
