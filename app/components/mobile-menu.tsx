import { Form, Link, NavLink } from "react-router";
import { buttonClass } from "~/components/ui-classes";
import type { HeaderViewer } from "./account/user-menu";
import type { MenuCategory } from "./header";
import { Modal, ModalCloseButton } from "./modal";
import { navLink } from "./nav-link";

/** The small-screen menu: a modal panel with the site's navigation. The header loads it on first open. */
export default function MobileMenu({
  open,
  onClose,
  categories,
  viewer,
}: {
  open: boolean;
  onClose: () => void;
  categories: MenuCategory[] | null;
  viewer: HeaderViewer | null;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      labelledBy="mobile-menu-title"
      className="fixed inset-y-0 right-0 left-auto z-50 m-0 h-full max-h-none w-[min(85vw,20rem)] overflow-y-auto bg-white p-5 text-inherit shadow-xl dark:bg-slate-900"
    >
      <div className="flex items-center justify-between">
        <h2 id="mobile-menu-title" className="text-lg font-bold">
          Menu
        </h2>
        <ModalCloseButton label="Close menu" onClose={onClose} />
      </div>
      <nav aria-label="Mobile" className="mt-4 flex flex-col gap-1">
        <NavLink to="/" end className={navLink}>
          Home
        </NavLink>
        <NavLink to="/tools" end className={navLink}>
          AI Tools
        </NavLink>
        <details className="px-3 py-2 text-sm">
          <summary className="cursor-pointer font-medium text-slate-700 dark:text-slate-300">Categories</summary>
          <ul className="mt-2 space-y-1">
            {(categories ?? []).map((c) => (
              <li key={c.id}>
                <Link
                  to={`/tools?category=${encodeURIComponent(c.name)}`}
                  className="block py-1 text-slate-600 dark:text-slate-300"
                >
                  {c.icon} {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </details>
        <NavLink to="/blog" className={navLink}>
          Blog
        </NavLink>
        <NavLink to="/community" className={navLink}>
          Community
        </NavLink>
        {viewer ? (
          <>
            <NavLink to="/dashboard" className={navLink}>
              Dashboard
            </NavLink>
            <p className="mt-2 border-t border-slate-200 px-3 pt-3 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
              Signed in as {viewer.email}
            </p>
            <Form method="post" action="/sign-out">
              <button type="submit" className={`${navLink({ isActive: false })} w-full text-left`}>
                Sign out
              </button>
            </Form>
          </>
        ) : (
          <>
            <NavLink to="/sign-in" className={navLink}>
              Sign in
            </NavLink>
            <Link to="/sign-up" className={buttonClass("primary", "md", "mt-2 px-3 text-sm font-semibold")}>
              Join free
            </Link>
          </>
        )}
      </nav>
    </Modal>
  );
}
