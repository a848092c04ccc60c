import { type ReactNode, useEffect } from "react";
import { Link, NavLink } from "react-router";
import { setInLocalList } from "~/lib/saved-tools";

// Plain class strings, not the ui.tsx primitives: every dashboard page sits near the 120 KB budget.
export const card =
  "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900";
const button =
  "inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-2";
export const primary = `${button} bg-brand-600 text-white hover:bg-brand-700`;
export const secondary = `${button} border border-slate-300 text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800`;

/** The dashboard's sections, in the order of the section nav (ADR 0050). */
export const DASHBOARD_SECTIONS = [
  { to: "/dashboard", label: "Overview", end: true },
  { to: "/dashboard/profile", label: "Profile" },
  { to: "/dashboard/billing", label: "Billing" },
  { to: "/dashboard/lists", label: "Top lists" },
  { to: "/dashboard/community", label: "Community" },
  { to: "/dashboard/submissions", label: "Submissions" },
  { to: "/dashboard/support", label: "Support" },
  { to: "/dashboard/api-keys", label: "API keys" },
] as const;

/**
 * The section nav: plain links (no JavaScript needed); NavLink marks the open section with
 * aria-current="page" on the server too. A row that scrolls on a phone, a column beside the page on
 * wide screens.
 */
export function DashboardNav() {
  return (
    <nav aria-label="Dashboard sections" className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
      <ul className="flex gap-1 whitespace-nowrap lg:flex-col">
        {DASHBOARD_SECTIONS.map((s) => (
          <li key={s.to}>
            <NavLink
              to={s.to}
              end={"end" in s}
              className={({ isActive }) =>
                `block rounded-lg px-3 py-2 text-sm font-medium ${
                  isActive
                    ? "bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-100"
                    : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                }`
              }
            >
              {s.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A section's heading and one line of what it holds. */
export function SectionHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header>
      <h2 className="text-2xl font-bold">{title}</h2>
      {children ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{children}</p> : null}
    </header>
  );
}

/** After a tool is removed from the account, the browser's local copy (merged at sign-in) forgets it too. */
export function useForgetRemovedTool(answer: unknown) {
  const removed =
    answer && typeof answer === "object" && "removed" in answer
      ? (answer as { removed?: { toolId: string; kind: "saved" | "favorite" } }).removed
      : undefined;
  useEffect(() => {
    if (removed) setInLocalList(removed.kind, { id: removed.toolId, slug: removed.toolId }, false);
  }, [removed]);
}

/** The page a visitor gets for any dashboard address (401), with a way back to it after signing in. */
export function AccessDenied({ path = "/dashboard" }: { path?: string }) {
  const back = encodeURIComponent(path);
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-100">Access Denied</p>
      <h1 className="mt-2 text-3xl font-bold">Please log in</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">
        Your dashboard is for signed-in members. Sign in or join free to see it.
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to={`/sign-in?redirectTo=${back}`} className={primary}>
          Sign In
        </Link>
        <Link to={`/sign-up?redirectTo=${back}`} className={secondary}>
          Join Free
        </Link>
      </div>
    </div>
  );
}
