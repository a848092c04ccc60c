import { useState } from "react";
import { useFetcher } from "react-router";
import { Island } from "~/lib/island";
import type { Consent } from "~/lib/preferences";
import { splitComponent } from "~/lib/split";

// The bar's text and buttons: a static island (its forms post to /preferences without JavaScript).
const CookieBarContent = splitComponent(() => import("./cookie-bar-content").then((m) => m.CookieBarContent));

/** Shown until a choice is stored; the choice lives in a cookie (and localStorage, the spec's key). */
export function CookieBar({ consent }: { consent: Consent | null }) {
  const fetcher = useFetcher();
  const [chosen, setChosen] = useState<Consent | null>(consent);
  if (chosen) return null;
  const choose = (event: React.FormEvent) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const value = submitter instanceof HTMLButtonElement ? submitter.value : "";
    if (value !== "essential" && value !== "accepted") return;
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
  return <Island id="cookie-bar" component={CookieBarContent} props={{}} onSubmit={choose} />;
}
