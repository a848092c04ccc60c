import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { Theme } from "~/lib/preferences";
import { useToast } from "./toast";

/** Light/dark switch: a plain form without JavaScript; with it, instant and with the spec's toast. */
export function ThemeToggle({ theme: initial }: { theme: Theme }) {
  const fetcher = useFetcher();
  const toast = useToast();
  const [theme, setTheme] = useState<Theme>(initial);
  // With no stored choice the page follows the system setting: read what was actually applied.
  useEffect(() => setTheme(document.documentElement.classList.contains("dark") ? "dark" : "light"), []);
  const next: Theme = theme === "dark" ? "light" : "dark";
  return (
    <fetcher.Form
      method="post"
      action="/preferences"
      onSubmit={(event) => {
        event.preventDefault();
        document.documentElement.classList.toggle("dark", next === "dark");
        setTheme(next);
        try {
          localStorage.setItem("theme", next);
        } catch {
          // storage may be unavailable (private mode); the cookie still carries the choice
        }
        document.cookie = `theme=${next}; Path=/; Max-Age=31536000; SameSite=Lax`;
        fetcher.submit({ intent: "theme", theme: next, js: "1" }, { method: "post", action: "/preferences" });
        toast(`Switched to ${next} mode!`);
      }}
    >
      <input type="hidden" name="intent" value="theme" />
      <input type="hidden" name="theme" value={next} />
      <button
        type="submit"
        aria-label={`Switch to ${next} mode`}
        title={`Switch to ${next} mode`}
        className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
      >
        {theme === "dark" ? (
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="20"
            height="20"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
          </svg>
        ) : (
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="20"
            height="20"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
          </svg>
        )}
      </button>
    </fetcher.Form>
  );
}
