import { Suspense } from "react";
import { Outlet, useRouteLoaderData } from "react-router";
import { Island } from "~/lib/island";
import { PersonalProvider, usePersonal } from "~/lib/personal";
import { splitComponent } from "~/lib/split";
import type { loader as rootLoader } from "~/root";
import { SavedToolsSync } from "./account/saved-tools-sync";
import { CompareDrawer } from "./compare/compare-drawer";
import { CookieBar } from "./cookie-bar";
import { Header } from "./header";
import { ToastProvider } from "./toast";

// The footer has no behaviour of its own: a static island, its code not part of any page's first load.
const Footer = splitComponent(() => import("./footer").then((m) => m.Footer));
// Shown only on the page after a badge is awarded: out of every other page's first load.
const AchievementToast = splitComponent(() => import("./achievement-toast").then((m) => m.AchievementToast));

export default function SiteLayout() {
  return (
    <PersonalProvider>
      <Site />
    </PersonalProvider>
  );
}

function Site() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  // A shared member page (ADR 0032): the member's own parts arrive after hydration.
  const personal = usePersonal();
  const viewer = root?.viewer ?? personal?.viewer ?? null;
  const newBadges = root?.newBadges?.length ? root.newBadges : (personal?.newBadges ?? []);
  return (
    <ToastProvider>
      <div className="sr-only focus-within:not-sr-only focus-within:fixed focus-within:top-2 focus-within:left-2 focus-within:z-[70] focus-within:flex focus-within:gap-2">
        <a href="#main" className="rounded bg-white px-3 py-2 font-medium text-slate-900 shadow">
          Skip to content
        </a>
        <a href="#navigation" className="rounded bg-white px-3 py-2 font-medium text-slate-900 shadow">
          Skip to navigation
        </a>
      </div>
      <Header
        categories={root?.categories ?? null}
        theme={root?.theme ?? "light"}
        viewer={viewer}
        member={Boolean(root?.audience)}
      />
      {viewer ? <SavedToolsSync userId={viewer.id} /> : null}
      <main id="main" tabIndex={-1} className="mx-auto min-h-[60vh] max-w-6xl px-4 py-8 outline-none">
        <Outlet />
      </main>
      <Island id="site-footer" component={Footer} props={{}} />
      {newBadges.length ? (
        <Suspense fallback={null}>
          <AchievementToast badges={newBadges} />
        </Suspense>
      ) : null}
      <CookieBar consent={root?.consent ?? null} />
      {/* The viewer's compare cap (their tier's; visitors the free cap), as the server applies it. */}
      <CompareDrawer cap={personal?.compareCap ?? root?.compareCap} />
    </ToastProvider>
  );
}
