// The admin's navigation (issue 21): sections in six groups with what waits in each. A sidebar from
// `lg` up; below it one "Menu" disclosure (`<details>`, so it opens without JavaScript) instead of
// rows of wrapped tabs. The same list renders in both; only one is displayed at a time.
import { NavLink, useLocation } from "react-router";
import { badgeClass, buttonClass } from "~/components/ui-classes";
import type { AdminPendingCounts } from "~/lib/admin-nav";
import { ADMIN_NAV, activeSection, pendingOf } from "~/lib/admin-nav";

function Badge({ count }: { count: number }) {
  if (!count) return null;
  return (
    <span className={badgeClass("warning", "ml-auto tabular-nums")}>
      {count.toLocaleString("en")}
      <span className="sr-only"> waiting</span>
    </span>
  );
}

function Groups({ pending, idPrefix }: { pending: AdminPendingCounts; idPrefix: string }) {
  return (
    <div className="space-y-4">
      {ADMIN_NAV.map((group) => {
        const headingId = `${idPrefix}-${group.label.toLowerCase()}`;
        return (
          <div key={group.label}>
            {group.label ? (
              <p
                id={headingId}
                className="px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
              >
                {group.label}
              </p>
            ) : null}
            <ul aria-labelledby={group.label ? headingId : undefined} className="mt-1 space-y-0.5">
              {group.items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end ?? false}
                    prefetch="intent"
                    className={({ isActive }) =>
                      `flex items-center gap-2 rounded-md px-3 py-1.5 text-sm ${
                        isActive
                          ? "bg-brand-50 font-semibold text-brand-800 dark:bg-slate-800 dark:text-brand-100"
                          : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
                      }`
                    }
                  >
                    {item.label}
                    <Badge count={pendingOf(pending, item.pending)} />
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

export function AdminSidebar({ pending }: { pending: AdminPendingCounts }) {
  return (
    <nav aria-label="Admin sections" className="hidden lg:block" data-testid="admin-sidebar">
      <Groups pending={pending} idPrefix="admin-nav" />
    </nav>
  );
}

export function AdminMenu({ pending }: { pending: AdminPendingCounts }) {
  const { pathname } = useLocation();
  const current = activeSection(pathname);
  const waiting = Object.values(pending).reduce((a, b) => a + b, 0);
  return (
    // Keyed by the address: after a client-side navigation the menu is closed again.
    <details key={pathname} className="group lg:hidden" data-testid="admin-menu">
      <summary
        className={buttonClass(
          "secondary",
          "md",
          "flex w-full cursor-pointer list-none justify-between gap-2 px-3 text-sm [&::-webkit-details-marker]:hidden",
        )}
      >
        <span>
          <span className="text-slate-600 dark:text-slate-400">Menu · </span>
          {current?.label ?? "Admin"}
        </span>
        <span className="flex items-center gap-2">
          {waiting ? (
            <span className={badgeClass("warning")}>
              {waiting.toLocaleString("en")}
              <span className="sr-only"> waiting in all sections</span>
            </span>
          ) : null}
          <span aria-hidden="true" className="transition-transform group-open:rotate-180">
            ▾
          </span>
        </span>
      </summary>
      <nav
        aria-label="Admin sections"
        className="mt-2 rounded-lg border border-slate-200 bg-white p-2 dark:border-slate-700 dark:bg-slate-900"
      >
        <Groups pending={pending} idPrefix="admin-menu" />
      </nav>
    </details>
  );
}
