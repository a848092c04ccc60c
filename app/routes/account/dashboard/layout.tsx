import { Form, isRouteErrorResponse, Link, Outlet, useLocation, useRouteError } from "react-router";
import {
  AccessDenied,
  DashboardNav,
  primary,
  secondary,
  useForgetRemovedTool,
} from "~/components/account/dashboard-parts";
import { FormAlert } from "~/components/account/form-parts";
import { viewerOf } from "~/lib/accounts.server";
import { failureOf } from "~/lib/form-action";
import { formAction, refuse } from "~/lib/form-action.server";
import { initials } from "~/lib/format";
import { TIER_LABELS } from "~/lib/tiers";
import type { Route } from "./+types/layout";
import { AnyDashboardIntent, memberOf, privateHeaders, runIntent } from "./intents.server";

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

/** The member's dashboard: who they are, the section nav, and the open section. */
export default function DashboardLayout({ loaderData, actionData }: Route.ComponentProps) {
  const m = loaderData.member;
  useForgetRemovedTool(actionData);
  const failed = failureOf(actionData);
  const done = actionData && "ok" in actionData && actionData.ok ? actionData : null;
  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex items-center gap-4">
          {m.image ? (
            <img src={m.image} alt="" width={56} height={56} className="h-14 w-14 rounded-full object-cover" />
          ) : (
            <span
              aria-hidden="true"
              className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-900 dark:bg-brand-900 dark:text-brand-100"
            >
              {initials(m.name)}
            </span>
          )}
          <div className="min-w-0">
            <h1 className="text-3xl font-bold">Dashboard</h1>
            <p className="mt-1 text-slate-700 dark:text-slate-300">
              <span className="font-semibold" data-testid="dashboard-name">
                {m.name}
              </span>{" "}
              ·{" "}
              <strong className="break-all font-normal" data-testid="dashboard-email">
                {m.email}
              </strong>{" "}
              ·{" "}
              <span
                data-testid="dashboard-tier"
                className="rounded-full bg-brand-100 px-2 py-0.5 text-sm font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-100"
              >
                {TIER_LABELS[m.tier]}
              </span>
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/submit-tool" className={primary}>
            Add New Tool
          </Link>
          <Form method="post" action="/sign-out">
            <button type="submit" className={secondary}>
              Logout
            </button>
          </Form>
        </div>
      </header>

      {done?.message ? <FormAlert tone="success">{done.message}</FormAlert> : null}
      {/* No form of the frame has fields: a refusal of an old client's post is shown whole. */}
      {failed ? <FormAlert>{failed.error}</FormAlert> : null}

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
  if (isRouteErrorResponse(error) && error.status === 401) return <AccessDenied path={`${pathname}${search}`} />;
  throw error;
}
