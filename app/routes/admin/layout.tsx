import { isRouteErrorResponse, Link, Outlet, useRouteError } from "react-router";
import { AdminMenu, AdminSidebar } from "~/components/admin/admin-nav";
import { buttonClass } from "~/components/ui";
import { adminPendingCounts, requireAdminPage } from "~/lib/admin.server";
import type { Route } from "./+types/layout";

export function meta() {
  return [{ title: "Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminPage(context, request);
  const pending = await adminPendingCounts(context.services.db);
  return { admin: { name: admin.user.name, email: admin.user.email }, pending };
}

/**
 * The admin panel: one route per section, each a server-rendered page that works without JS. The
 * sections sit in six groups (app/lib/admin-nav.ts) with what waits in each.
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { admin, pending } = loaderData;
  return (
    <div className="mx-auto max-w-[90rem] px-4 py-6 lg:py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Admin panel</h1>
        <p className="text-sm break-all text-slate-600 dark:text-slate-400">Signed in as {admin.email}</p>
      </div>
      <div className="mt-4 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8">
        <AdminSidebar pending={pending} />
        <AdminMenu pending={pending} />
        <div className="mt-6 min-w-0 lg:mt-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

/** 401 and 403 (from this loader or a tab's): say why, with no admin data on the page. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) {
    const signin = error.status === 401;
    return (
      <div className="mx-auto max-w-lg py-16 text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-100">
          Access Denied
        </p>
        <h1 className="mt-2 text-3xl font-bold">{signin ? "Please sign in" : "Administrators only"}</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">
          {signin
            ? "The admin panel is for Toolscape's operators. Sign in with an administrator account."
            : "Your account does not have access to the admin panel."}
        </p>
        <div className="mt-6 flex justify-center gap-3">
          {signin ? (
            <Link to="/sign-in?redirectTo=%2Fadmin" className={buttonClass()}>
              Sign in
            </Link>
          ) : (
            <Link to="/dashboard" className={buttonClass()}>
              Go to your dashboard
            </Link>
          )}
        </div>
      </div>
    );
  }
  throw error;
}
