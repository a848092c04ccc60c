import { SectionIsland } from "~/components/account/dashboard-parts";
import { listSavedSearches } from "~/lib/accounts.server";
import { BULK_EXPORT_FEATURE, BULK_EXPORT_RULE, EXPORT_FEATURE, REPORT_FEATURE } from "~/lib/exports.server";
import { splitComponent } from "~/lib/split";
import type { Route } from "./+types/exports";
import { memberOf, privateHeaders } from "./intents.server";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [{ title: "Exports | Toolscape" }, { name: "robots", content: "noindex" }];
}

export const headers = privateHeaders;

/**
 * What a member may download (issue 34): their lists, saved searches and search results as CSV, and on
 * Expert the whole catalogue. The plan that has each comes from the entitlements data; below it the
 * section says which plan to get instead of a link that would be refused.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await memberOf(context, request);
  const ents = viewer.entitlements;
  const offer = (feature: string) => ({ allowed: viewer.can(feature), from: ents.lowestTierWith(feature) });
  const csv = offer(EXPORT_FEATURE);
  return {
    csv,
    bulk: { ...offer(BULK_EXPORT_FEATURE), perDay: BULK_EXPORT_RULE.max },
    reports: offer(REPORT_FEATURE),
    savedSearches: csv.allowed ? await listSavedSearches(context.services.db, viewer.user.id) : [],
  };
}

const Body = splitComponent(() => import("~/components/account/dashboard/exports").then((m) => m.ExportsBody));

export default function Section({ loaderData }: Route.ComponentProps) {
  return <SectionIsland id="dashboard-exports" component={Body} props={loaderData} />;
}
