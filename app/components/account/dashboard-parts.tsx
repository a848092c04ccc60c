import type { ComponentType, FormEvent } from "react";
import { NavLink, useSubmit } from "react-router";
import { Island } from "~/lib/island";

// What every dashboard page loads first: the section nav and the island that holds a section's
// markup. A section's own code (its forms and lists) is split out and loads only when the browser
// renders it (a client-side navigation, new data after a form): the first load stays in budget.

/** The dashboard's sections, in the order of the section nav (ADR 0050). */
const SECTIONS: [to: string, label: string][] = [
  ["/dashboard", "Overview"],
  ["/dashboard/profile", "Profile"],
  ["/dashboard/billing", "Billing"],
  ["/dashboard/lists", "Top lists"],
  ["/dashboard/community", "Community"],
  ["/dashboard/submissions", "Submissions"],
  ["/dashboard/support", "Support"],
  ["/dashboard/api-keys", "API keys"],
  ["/dashboard/exports", "Exports"],
  ["/dashboard/filter-sets", "Filter sets"],
  // Issue 34: recommendations and trends live at their own addresses; the nav leads there.
  ["/for-you", "For you"],
  ["/insights", "Trends"],
];

/**
 * The section nav: plain links (no JavaScript needed); NavLink marks the open section with
 * aria-current="page", on the server too. A row that scrolls on a phone, a column on wide screens.
 */
export function DashboardNav() {
  return (
    <nav aria-label="Dashboard sections" className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
      <ul className="flex gap-1 whitespace-nowrap lg:flex-col">
        {SECTIONS.map(([to, label]) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === "/dashboard"}
              className={({ isActive }) =>
                `block rounded-lg px-3 py-2 text-sm font-medium ${
                  isActive
                    ? "bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-100"
                    : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                }`
              }
            >
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A section's markup as a static island: hydrated from the server's HTML without its code. Its forms
 * are plain posts (they work without JavaScript); with JavaScript a submit goes through the router,
 * so the page updates in place, and the new data renders the section's component for real.
 */
export function SectionIsland<P extends object>({
  id,
  component,
  props,
}: {
  id: string;
  component: ComponentType<P>;
  props: P;
}) {
  const submit = useSubmit();
  const onSubmit = (event: FormEvent<HTMLDivElement>) => {
    const form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    submit(submitter instanceof HTMLButtonElement && submitter.name ? submitter : form);
  };
  return <Island id={id} className="space-y-6" component={component} props={props} onSubmit={onSubmit} />;
}
