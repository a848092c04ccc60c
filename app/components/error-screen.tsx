import { useEffect, useState } from "react";
import { isRouteErrorResponse } from "react-router";
import { buttonClass } from "~/components/ui-classes";

const ERROR_COUNT_KEY = "toolscape:error-count";

/** The spec's error screens: not found, and everything else with the occurrence counter and error id. */
export function ErrorScreen({ error, requestId }: { error: unknown; requestId: string | undefined }) {
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
        <a href="/" className={buttonClass("primary", "md", "mt-6")}>
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
        If this problem persists, please contact support and include error ID: {requestId ?? "unknown"}
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <button
          type="button"
          onClick={() => {
            setRetrying(true);
            setTimeout(() => location.reload(), 500);
          }}
          className={buttonClass()}
        >
          {retrying ? "Retrying…" : "Try again"}
        </button>
        <a href="/" className={buttonClass("secondary")}>
          Go to Homepage
        </a>
      </div>
    </main>
  );
}
