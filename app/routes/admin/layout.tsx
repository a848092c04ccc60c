import { isRouteErrorResponse, Link, NavLink, Outlet, useRouteError } from "react-router";
import { requireAdminPage } from "~/lib/admin.server";
import type { Route } from "./+types/layout";

/** The admin panel's tabs: each is its own route, so every tab is a server-rendered page that works without JS. */
const TABS = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/tools", label: "Tools" },
  { to: "/admin/categories", label: "Categories" },
  { to: "/admin/imports", label: "Imports" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/analytics", label: "Analytics" },
  { to: "/admin/moderation", label: "Moderation" },
  { to: "/admin/links", label: "Link checks" },
  { to: "/admin/suggestions", label: "Suggestions" },
  { to: "/admin/makers", label: "Makers" },
  { to: "/admin/duplicates", label: "Duplicates" },
  { to: "/admin/community", label: "Community" },
  { to: "/admin/reviews", label: "Reviews & polls" },
  { to: "/admin/deals", label: "Deals" },
  { to: "/admin/beta", label: "Beta programs" },
  { to: "/admin/payouts", label: "Payouts" },
  { to: "/admin/support", label: "Support" },
  { to: "/admin/blog", label: "Blog" },
  { to: "/admin/audit", label: "Audit log" },
] as const;

export function meta() {
  return [{ title: "Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminPage(context, request);
  return { admin: { name: admin.user.name, email: admin.user.email } };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Admin panel</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">Signed in as {loaderData.admin.email}</p>
      </div>
      <nav aria-label="Admin sections" className="mt-4 border-b border-slate-200 dark:border-slate-700">
        <ul className="-mb-px flex flex-wrap gap-1">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={"end" in tab}
                prefetch="intent"
                className={({ isActive }) =>
                  `inline-block border-b-2 px-3 py-2 text-sm font-medium ${
                    isActive
                      ? "border-brand-600 text-brand-700 dark:text-brand-100"
                      : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
                  }`
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
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
            <Link
              to="/sign-in?redirectTo=%2Fadmin"
              className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white"
            >
              Sign In
            </Link>
          ) : (
            <Link to="/dashboard" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white">
              Go to your dashboard
            </Link>
          )}
        </div>
      </div>
    );
  }
  throw error;
}
