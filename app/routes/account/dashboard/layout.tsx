import { isRouteErrorResponse, Outlet, useLocation, useRouteError } from "react-router";
import { DashboardNav, SectionIsland } from "~/components/account/dashboard-parts";
import { viewerOf } from "~/lib/accounts.server";
import { formAction, refuse } from "~/lib/form-action.server";
import { Island } from "~/lib/island";
import { splitComponent } from "~/lib/split";
import type { Route } from "./+types/layout";
import { AnyDashboardIntent, memberOf, privateHeaders, runIntent } from "./intents.server";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data ? "Dashboard | Toolscape" : "Please log in | Toolscape" },
    { name: "robots", content: "noindex" },
  ];
}

export const headers = privateHeaders;

/** Who is signed in, for the frame: the viewer only, no query of its own (each section loads its part). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await memberOf(context, request);
  const { id, name, email, image } = viewer.user;
  return { member: { id, name, email, image, tier: viewer.tier } };
}

/**
 * Every intent of the single-page dashboard, still accepted at /dashboard (ADR 0050): forms cached in
 * a browser, bookmarks and scripts keep working. The sections post to their own actions.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) return refuse(401, "Please log in");
  return formAction(request, AnyDashboardIntent, (input) => runIntent(context, viewer, input));
}

const Header = splitComponent(() => import("~/components/account/dashboard/header").then((m) => m.DashboardHeader));
const Denied = splitComponent(() => import("~/components/account/dashboard/access-denied").then((m) => m.AccessDenied));

/** The member's dashboard: who they are, the section nav, and the open section. */
export default function DashboardLayout({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <SectionIsland
        id="dashboard-header"
        component={Header}
        props={{ member: loaderData.member, answer: actionData }}
      />
      <div className="lg:grid lg:grid-cols-[11rem_minmax(0,1fr)] lg:gap-8">
        <DashboardNav />
        <div className="mt-6 min-w-0 space-y-6 lg:mt-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

/** A visitor at any dashboard address (this loader's 401 or a section's): "Please log in", nothing else. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  if (isRouteErrorResponse(error) && error.status === 401) {
    return <Island id="dashboard-denied" component={Denied} props={{ path: `${pathname}${search}` }} />;
  }
  throw error;
}
