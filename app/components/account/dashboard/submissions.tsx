import { SubmissionsPanel } from "~/components/account/submissions-panel";
import type { loader } from "~/routes/account/dashboard/submissions";
import { card } from "./styles";

/** The maker's submissions (a static island on first load). */
export function SubmissionsBody(d: Awaited<ReturnType<typeof loader>>) {
  return <SubmissionsPanel submissions={d.submissions} className={card} origin={d.siteOrigin} />;
}
