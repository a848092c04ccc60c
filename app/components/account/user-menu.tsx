import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { initials } from "~/lib/format";
import { TIER_LABELS, type Tier } from "~/lib/tiers";

export type HeaderViewer = { id: string; name: string; email: string; tier: Tier; role: "member" | "admin" };

/**
 * The signed-in user's menu: a disclosure (<details>) so it opens without JavaScript and with the
 * keyboard; with JavaScript it also closes on Escape, an outside click and navigation.
 */
export function UserMenu({ viewer }: { viewer: HeaderViewer }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the page changes
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.pathname, location.search]);
  useEffect(() => {
    const close = (event: Event) => {
      const el = ref.current;
      if (!el?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        el.open = false;
        el.querySelector("summary")?.focus();
        return;
      }
      if (!el.contains(event.target as Node)) el.open = false;
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  return (
    <details ref={ref} className="relative" data-testid="user-menu">
      <summary
        aria-label={`Account menu for ${viewer.name}`}
        className="flex cursor-pointer list-none items-center gap-2 rounded-full p-1 hover:bg-slate-100 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
      >
        <span aria-hidden="true" className="disc h-8 w-8 text-xs">
          {initials(viewer.name)}
        </span>
        <span aria-hidden="true" className="hidden text-xs text-slate-600 lg:inline dark:text-slate-300">
          ▾
        </span>
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-700 dark:bg-slate-900">
        <div className="border-b border-slate-100 px-3 py-2 dark:border-slate-800">
          <p className="truncate font-semibold">{viewer.name}</p>
          <p className="truncate text-xs text-slate-600 dark:text-slate-400">{viewer.email}</p>
          <p className="mt-1 text-xs font-medium text-brand-700 dark:text-brand-100">
            {TIER_LABELS[viewer.tier]} plan{viewer.role === "admin" ? " · Admin" : ""}
          </p>
        </div>
        <ul className="py-1 text-sm">
          <li>
            <Link to="/dashboard" className="block rounded-md px-3 py-2 hover:bg-slate-100 dark:hover:bg-slate-800">
              Dashboard
            </Link>
          </li>
          <li>
            <Link
              to={`/user/${viewer.id}`}
              className="block rounded-md px-3 py-2 hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              Public profile
            </Link>
          </li>
          {viewer.tier !== "expert" ? (
            <li>
              <Link to="/pricing" className="block rounded-md px-3 py-2 hover:bg-slate-100 dark:hover:bg-slate-800">
                Upgrade
              </Link>
            </li>
          ) : null}
          <li>
            <Form method="post" action="/sign-out">
              <button
                type="submit"
                className="block w-full rounded-md px-3 py-2 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                Sign out
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </details>
  );
}
