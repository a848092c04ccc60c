import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { buttonClass } from "~/components/ui-classes";
import { Island } from "~/lib/island";
import { plainClick } from "~/lib/plain-click";
import type { Theme } from "~/lib/preferences";
import { splitComponent } from "~/lib/split";
import { useDismiss } from "~/lib/use-dismiss";
import { useHydrated } from "~/lib/use-hydrated";
import { JoinFree } from "./account/join-free";
import type { HeaderViewer } from "./account/user-menu";
import { LoadBoundary } from "./load-boundary";
import { navLink } from "./nav-link";
import { ThemeToggle } from "./theme-toggle";

// Opened on small screens only: loaded the first time it opens.
const MobileMenu = lazy(() => import("./mobile-menu"));
// The menu's links: a static island (the button and its behaviour stay here).
const CategoryLinks = splitComponent(() => import("./category-links").then((m) => m.CategoryLinks));
// Only signed-in members see it: visitors' pages do not load it.
const UserMenu = splitComponent(() => import("./account/user-menu").then((m) => m.UserMenu));

export type MenuCategory = { id: number; name: string; slug: string; icon: string; toolCount: number };

export function Header({
  categories,
  theme,
  viewer,
  member = false,
}: {
  categories: MenuCategory[] | null;
  theme: Theme;
  viewer: HeaderViewer | null;
  /** a signed-in member's shared page (ADR 0032) before their name has arrived: no sign-in links */
  member?: boolean;
}) {
  const [scrolled, setScrolled] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  // Its content loads on the first open and then stays, so it closes (and reopens) in place.
  const mobileLoaded = useRef(false);
  if (mobileOpen) mobileLoaded.current = true;
  const location = useLocation();
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 20);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu whenever the page changes
  useEffect(() => setMobileOpen(false), [location.pathname, location.search]);

  return (
    <header
      data-scrolled={scrolled}
      className={`sticky top-0 z-40 border-b transition ${
        scrolled
          ? "border-slate-200 bg-white/95 shadow-sm backdrop-blur dark:border-slate-800 dark:bg-slate-900/95"
          : "border-transparent bg-slate-50 dark:bg-slate-950"
      }`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <Link to="/" className="mr-2 flex items-center gap-2 text-lg font-bold tracking-tight">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Toolscape
        </Link>
        <nav id="navigation" aria-label="Main" className="relative hidden md:block">
          <ul className="flex items-center gap-1">
            <li>
              <NavLink to="/" end className={navLink}>
                Home
              </NavLink>
            </li>
            <CategoriesMenu categories={categories} />
            <li>
              <NavLink to="/blog" className={navLink}>
                Blog
              </NavLink>
            </li>
            <li>
              <NavLink to="/community" className={navLink}>
                Community
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle theme={theme} />
          {viewer ? (
            <>
              <NavLink to="/dashboard" className={(s) => `hidden sm:block ${navLink(s)}`}>
                Dashboard
              </NavLink>
              <div className="hidden sm:block">
                <Suspense fallback={null}>
                  <UserMenu viewer={viewer} />
                </Suspense>
              </div>
            </>
          ) : member ? (
            <NavLink to="/dashboard" className={(s) => `hidden sm:block ${navLink(s)}`}>
              Dashboard
            </NavLink>
          ) : (
            <>
              <Link
                to="/sign-in"
                className="hidden rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-950 sm:block dark:text-slate-300 dark:hover:text-white"
              >
                Sign in
              </Link>
              <JoinFree className={buttonClass("primary", "md", "hidden px-3 text-sm font-semibold sm:inline-flex")} />
            </>
          )}
          <button
            type="button"
            onClick={() => setMobileOpen(true)}
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            aria-label="Open menu"
            aria-haspopup="dialog"
          >
            <span aria-hidden="true" className="text-xl leading-none">
              ☰
            </span>
          </button>
          {mobileOpen || mobileLoaded.current ? (
            <LoadBoundary>
              <Suspense fallback={null}>
                <MobileMenu
                  open={mobileOpen}
                  onClose={() => setMobileOpen(false)}
                  categories={categories}
                  viewer={viewer}
                />
              </Suspense>
            </LoadBoundary>
          ) : null}
        </div>
      </div>
    </header>
  );
}

/**
 * The AI Tools menu: a disclosure (a button that shows and hides a panel of links), the pattern
 * WAI-ARIA recommends for site navigation. It opens on click, Enter or Space and on mouse hover;
 * Escape, a click or focus elsewhere and navigation close it. Before JavaScript runs it is a link
 * to /tools, where the same categories are filters. It is one element before and after hydration
 * (ADR 0090): the link, which once hydrated takes the button role and its attributes and handlers; a
 * click with a modifier key still opens /tools in a new tab.
 */
function CategoriesMenu({ categories }: { categories: MenuCategory[] | null }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const item = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLAnchorElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useDismiss(item, open, () => setOpen(false), button);
  const hover = (next: boolean) => (event: React.PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(() => setOpen(next), next ? 60 : 200);
  };
  useEffect(() => () => clearTimeout(hoverTimer.current), []);
  const triggerClass =
    "flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-950 aria-expanded:text-brand-700 dark:text-slate-300 dark:hover:text-white";

  return (
    <li ref={item} onPointerEnter={hover(true)} onPointerLeave={hover(false)}>
      <Link
        ref={button}
        to="/tools"
        className={triggerClass}
        {...(hydrated
          ? {
              role: "button",
              "aria-expanded": open,
              "aria-controls": "categories-menu",
              onClick: (event: React.MouseEvent) => {
                if (!plainClick(event)) return;
                event.preventDefault();
                setOpen((o) => !o);
              },
              onKeyDown: (event: React.KeyboardEvent) => {
                // A button answers Space as well as Enter (the link's own key).
                if (event.key !== " ") return;
                event.preventDefault();
                setOpen((o) => !o);
              },
            }
          : {})}
      >
        AI Tools <span aria-hidden="true">▾</span>
      </Link>
      <div
        id="categories-menu"
        hidden={!open}
        className="absolute top-full left-0 mt-2 w-[min(90vw,40rem)] rounded-xl border border-slate-200 bg-white p-3 shadow-xl dark:border-slate-700 dark:bg-slate-900"
      >
        <Island id="categories-menu-links" component={CategoryLinks} props={{ categories }} />
      </div>
    </li>
  );
}
