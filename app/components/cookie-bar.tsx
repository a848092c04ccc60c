import { useState } from "react";
import { Link, useFetcher } from "react-router";
import type { Consent } from "~/lib/preferences";

/** Shown until a choice is stored; the choice lives in a cookie (and localStorage, the spec's key). */
export function CookieBar({ consent }: { consent: Consent | null }) {
  const fetcher = useFetcher();
  const [chosen, setChosen] = useState<Consent | null>(consent);
  if (chosen) return null;
  const choose = (value: Consent) => (event: React.FormEvent) => {
    event.preventDefault();
    setChosen(value);
    try {
      localStorage.setItem("cookieConsent", value);
    } catch {
      // the cookie still carries the choice
    }
    // Written here too so that a reload right away already knows (the server sets the same cookie).
    document.cookie = `cookieConsent=${value}; Path=/; Max-Age=31536000; SameSite=Lax`;
    fetcher.submit({ intent: "consent", consent: value, js: "1" }, { method: "post", action: "/preferences" });
  };
  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white p-4 shadow-2xl dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          We use essential cookies to run Toolscape and, with your consent, cookies for analytics and personalisation.{" "}
          <Link to="/cookies" className="underline">
            Cookie settings
          </Link>
        </p>
        <div className="flex shrink-0 gap-2">
          <fetcher.Form method="post" action="/preferences" onSubmit={choose("essential")}>
            <input type="hidden" name="intent" value="consent" />
            <input type="hidden" name="consent" value="essential" />
            <button
              type="submit"
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              Essential Only
            </button>
          </fetcher.Form>
          <fetcher.Form method="post" action="/preferences" onSubmit={choose("accepted")}>
            <input type="hidden" name="intent" value="consent" />
            <input type="hidden" name="consent" value="accepted" />
            <button
              type="submit"
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Accept All
            </button>
          </fetcher.Form>
        </div>
      </div>
    </section>
  );
}
