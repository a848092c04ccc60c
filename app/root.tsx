import { Suspense } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from "react-router";
import { loadEntitlements, summarizeViewer, viewerOf } from "~/lib/accounts.server";
import { listCategories } from "~/lib/catalog.server";
import { memberPageState } from "~/lib/community.server";
import { COMPARE_FORM_ID } from "~/lib/compare";
import { readPreferences } from "~/lib/preferences";
import { splitComponent, splitComponentsReady } from "~/lib/split";
import type { Route } from "./+types/root";
import "./app.css";
import { buttonClass } from "~/components/ui-classes";
import { failedRequestId } from "~/lib/failed-request";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const prefs = readPreferences(request.headers.get("cookie"));
  const [categories, viewer, entitlements] = await Promise.all([
    listCategories(context.services.db),
    viewerOf(context, request),
    loadEntitlements(context.services.db),
    // Every document render runs this loader first: split components are loaded by then.
    splitComponentsReady(),
  ]);
  // The account's dark mode (a paid perk) applies on any device that has not chosen a theme itself.
  // A signed-in member's page: today counts toward streak badges; new badges are announced once.
  // (On a shared member page, ADR 0032, this is the personal request's work: there is no viewer here.)
  const newBadges = viewer ? await memberPageState(context, viewer.user.id) : [];
  const theme = prefs.theme ?? (viewer?.profile.darkMode && viewer.can("dark_mode") ? "dark" : null);
  return {
    ...prefs,
    theme,
    viewer: summarizeViewer(viewer),
    /** the tier a signed-in member's shared page was rendered for (ADR 0032); null otherwise */
    audience: context.audience ?? null,
    newBadges,
    /** how many tools this viewer may compare (visitors: the free cap) */
    compareCap: entitlements.compareCap(viewer?.tier ?? context.audience ?? "free"),
    requestId: context.requestId,
    categories: categories.map(({ id, name, slug, icon, toolCount }) => ({ id, name, slug, icon, toolCount })),
  };
}

// With no stored choice, follow the system setting before first paint (no flash of the wrong theme).
// The inline scripts run from the server's HTML, before hydration: the browser bundle never needs their
// text (`import.meta.env.SSR` is false there, so the build drops it; ADR 0006's first-load budget).
// Hydration keeps the server's script content as it is.
const THEME_SCRIPT = !import.meta.env.SSR
  ? ""
  : `try{if(!document.cookie.match(/(?:^|; )theme=/)&&matchMedia('(prefers-color-scheme: dark)').matches)document.documentElement.classList.add('dark')}catch(e){}`;

/**
 * Copy buttons (`<button data-copy="CODE">`, coupon codes) work on every page, static islands included,
 * without shipping a component: one delegated listener. Without JavaScript the buttons stay hidden
 * (`html.js` is set here) and the code is plain, selectable text.
 */
const COPY_SCRIPT = !import.meta.env.SSR
  ? ""
  : `document.documentElement.classList.add('js');document.addEventListener('click',function(e){var b=e.target&&e.target.closest&&e.target.closest('[data-copy]');if(!b||!navigator.clipboard)return;navigator.clipboard.writeText(b.getAttribute('data-copy')).then(function(){var t=b.textContent;b.textContent='Copied!';setTimeout(function(){b.textContent=t},2000)})})`;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en" className={data?.theme === "dark" ? "dark" : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, no user input */}
        {data?.theme ? null : <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, no user input */}
        <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: COPY_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {children}
        {/* The Compare buttons' form (compare-button.tsx): each submits its tool as ?tools=<id>. */}
        <form id={COMPARE_FORM_ID} action="/compare" method="get" hidden />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

// The error screen loads when an error is shown. If it cannot be loaded (the network is gone), a
// plain screen with the same title and a way to try again stands in.
const ErrorScreen = splitComponent(() =>
  import("~/components/error-screen").then(
    (m) => m.ErrorScreen,
    () => ErrorScreenOffline,
  ),
);

function ErrorScreenOffline() {
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <button type="button" onClick={() => location.reload()} className={buttonClass("primary", "md", "mt-8")}>
        Try again
      </button>
    </main>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <Suspense fallback={null}>
      <ErrorScreen error={error} requestId={failedRequestId() ?? data?.requestId} />
    </Suspense>
  );
}
