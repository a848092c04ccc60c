import { SectionIsland } from "~/components/account/dashboard-parts";
import { splitComponent } from "~/lib/split";
import { listMySubmissions } from "~/lib/submissions.server";
import { siteOrigin } from "~/lib/syndication.server";
import type { Route } from "./+types/submissions";
import { memberOf, privateHeaders } from "./intents.server";

export function meta() {
  return [{ title: "Submissions · Dashboard | Toolscape" }, { name: "robots", content: "noindex" }];
}

export const headers = privateHeaders;

/** The maker's submissions with their status and the moderator's reason. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await memberOf(context, request);
  return {
    submissions: await listMySubmissions(context.services.db, viewer.user.id),
    // The badge and embed snippets of approved tools link to the site's one origin (issue 22).
    siteOrigin: siteOrigin(context.services.env),
  };
}

const Body = splitComponent(() => import("~/components/account/dashboard/submissions").then((m) => m.SubmissionsBody));

export default function Section({ loaderData }: Route.ComponentProps) {
  return <SectionIsland id="dashboard-submissions" component={Body} props={loaderData} />;
}
