import { useEffect, useState } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { loadEntitlements, summarizeViewer, viewerOf } from "~/lib/accounts.server";
import { listCategories } from "~/lib/catalog.server";
import { readPreferences } from "~/lib/preferences";
import { splitComponentsReady } from "~/lib/split";
import type { Route } from "./+types/root";
import "./app.css";

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
  const theme = prefs.theme ?? (viewer?.profile.darkMode && viewer.can("dark_mode") ? "dark" : null);
  return {
    ...prefs,
    theme,
    viewer: summarizeViewer(viewer),
    /** how many tools this viewer may compare (visitors: the free cap) */
    compareCap: entitlements.compareCap(viewer?.tier ?? "free"),
    requestId: context.requestId,
    categories: categories.map(({ id, name, slug, icon, toolCount }) => ({ id, name, slug, icon, toolCount })),
  };
}

// With no stored choice, follow the system setting before first paint (no flash of the wrong theme).
const THEME_SCRIPT = `try{if(!document.cookie.match(/(?:^|; )theme=/)&&matchMedia('(prefers-color-scheme: dark)').matches)document.documentElement.classList.add('dark')}catch(e){}`;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en" className={data?.theme === "dark" ? "dark" : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, no user input */}
        {data?.theme ? null : <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

const ERROR_COUNT_KEY = "toolscape:error-count";

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  const [count, setCount] = useState(1);
  const [retrying, setRetrying] = useState(false);
  useEffect(() => {
    try {
      const n = Number(sessionStorage.getItem(ERROR_COUNT_KEY) ?? "0") + 1;
      sessionStorage.setItem(ERROR_COUNT_KEY, String(n));
      setCount(n);
    } catch {
      // no storage: the counter stays at 1
    }
    if (!(isRouteErrorResponse(error) && error.status < 500)) {
      const err = error instanceof Error ? error : new Error(String(error));
      fetch("/api/errors", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          error: err.message,
          stack: err.stack,
          url: location.href,
          userAgent: navigator.userAgent,
          timestamp: new Date().toISOString(),
          type: "route-error-boundary",
        }),
      }).catch(() => {});
    }
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Page not found</h1>
        <a href="/" className="mt-6 inline-block rounded-lg bg-brand-600 px-4 py-2 font-medium text-white">
          Go Home
        </a>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        We're sorry, but something unexpected happened. Our team has been notified.
      </p>
      {count > 1 ? (
        <p className="mt-3 text-sm text-amber-700 dark:text-amber-300">
          This error has occurred {count} times. Consider refreshing the page or going home.
        </p>
      ) : null}
      <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">
        If this problem persists, please contact support and include error ID: {data?.requestId ?? "unknown"}
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <button
          type="button"
          onClick={() => {
            setRetrying(true);
            setTimeout(() => location.reload(), 500);
          }}
          className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          {retrying ? "Retrying…" : "Try Again"}
        </button>
        <a href="/" className="rounded-lg border border-slate-300 px-4 py-2 font-medium dark:border-slate-600">
          Go to Homepage
        </a>
      </div>
    </main>
  );
}
