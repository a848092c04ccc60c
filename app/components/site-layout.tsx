import { Link, NavLink, Outlet } from "react-router";

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${
    isActive
      ? "text-brand-700 dark:text-brand-100"
      : "text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
  }`;

export default function SiteLayout() {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
        <nav id="navigation" aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
          <Link to="/" className="flex items-center gap-2 text-lg font-bold tracking-tight">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            Toolscape
          </Link>
          <div className="flex items-center gap-1">
            <NavLink to="/" end className={navClass}>
              Home
            </NavLink>
            <NavLink to="/tools" className={navClass}>
              AI Tools
            </NavLink>
          </div>
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 py-8 text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400">
        <div className="mx-auto max-w-6xl px-4">
          <p>
            Catalogue data from open datasets (CC BY 4.0, MIT and CC0); see{" "}
            <a className="underline" href="https://github.com/tioraicom/ai-tools-dataset" rel="noopener noreferrer">
              TiorAI AI Tools Dataset
            </a>{" "}
            and the README's data credits.
          </p>
          <p className="mt-2">© {new Date().getFullYear()} Toolscape</p>
        </div>
      </footer>
    </>
  );
}
