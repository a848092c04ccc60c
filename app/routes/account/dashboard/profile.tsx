import { z } from "zod";
import { SectionIsland } from "~/components/account/dashboard-parts";
import { viewerOf } from "~/lib/accounts.server";
import { formAction, refuse } from "~/lib/form-action.server";
import { splitComponent } from "~/lib/split";
import type { Route } from "./+types/profile";
import { memberOf, ProfileIntent, privateHeaders, runIntent } from "./intents.server";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [{ title: "Profile · Dashboard | Toolscape" }, { name: "robots", content: "noindex" }];
}

export const headers = privateHeaders;

/** The profile as the member edits it: all from the viewer, no query of its own. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await memberOf(context, request);
  const { id, name, username, bio, image } = viewer.user;
  const { isVerified, verificationType } = viewer.profile;
  return { profile: { id, name, username, bio, image, isVerified, verificationType } };
}

const ProfileSectionIntent = z.discriminatedUnion("intent", [ProfileIntent]);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) return refuse(401, "Please log in");
  return formAction(request, ProfileSectionIntent, (input) => runIntent(context, viewer, input));
}

const Body = splitComponent(() => import("~/components/account/dashboard/profile").then((m) => m.ProfileBody));

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  return <SectionIsland id="dashboard-profile" component={Body} props={{ ...loaderData, answer: actionData }} />;
}
