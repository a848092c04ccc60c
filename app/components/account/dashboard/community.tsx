import { BetaPanel } from "~/components/account/beta-panel";
import { CommunityPanel } from "~/components/community/dashboard-panel";
import type { loader } from "~/routes/account/dashboard/community";
import { card } from "./styles";

/** Badges, the leaderboard, the review (admins) and beta programmes (a static island on first load). */
export function CommunityBody(d: Awaited<ReturnType<typeof loader>>) {
  return (
    <div className="space-y-6">
      <CommunityPanel {...d.community} userId={d.userId} className={card} />
      <BetaPanel applications={d.betaApplications} className={card} />
    </div>
  );
}
