import { SectionIsland } from "~/components/account/dashboard-parts";
import { badgeProgress, leaderboard, memberRank, reviewData } from "~/lib/community.server";
import { listMyBetaApplications } from "~/lib/content.server";
import { splitComponent } from "~/lib/split";
import type { Route } from "./+types/community";
import { memberOf, privateHeaders } from "./intents.server";

export function meta() {
  return [{ title: "Community · Dashboard | Toolscape" }, { name: "robots", content: "noindex" }];
}

export const headers = privateHeaders;

/** Badges with progress, the leaderboard with the member's rank, their beta programmes; admins the review. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await memberOf(context, request);
  const { db, clock } = context.services;
  const [progress, leaders, rank, review, betaApplications] = await Promise.all([
    badgeProgress(db, viewer.user.id, clock.now()),
    leaderboard(db, 10),
    memberRank(db, viewer.user.id),
    // Only admins see (and receive) the review.
    viewer.role === "admin" ? reviewData(db) : null,
    listMyBetaApplications(db, viewer.user.id),
  ]);
  return { userId: viewer.user.id, community: { progress, leaders, rank, review }, betaApplications };
}

const Body = splitComponent(() => import("~/components/account/dashboard/community").then((m) => m.CommunityBody));

export default function Section({ loaderData }: Route.ComponentProps) {
  return <SectionIsland id="dashboard-community" component={Body} props={loaderData} />;
}
