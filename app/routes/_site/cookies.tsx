import { Form, Link, useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui";
import type { loader as rootLoader } from "~/root";

export function meta() {
  return [
    { title: "Cookie Policy | Toolscape" },
    { name: "description", content: "Which cookies Toolscape uses, why, and how to change your choices." },
  ];
}

const CATEGORIES = [
  {
    key: "essential",
    name: "Essential",
    text: "Keep the site working: your theme, your cookie choices and, once you sign in, your session. Always on. Referral and affiliate links also set ts_ref and ts_aff (30 days) so the member or affiliate who sent you is credited when you sign up (see the affiliate disclosure). Signing in sets ts_member (a year, kept after sign-out), which remembers the last member who signed in with this browser so an affiliate cannot credit themselves for accounts made on their own browser.",
    duration: "Session to 1 year",
  },
  {
    key: "analytics",
    name: "Analytics",
    text: "First-party counts of tool views so we can see which tools people find useful. No third parties.",
    duration: "Up to 2 years",
  },
  {
    key: "marketing",
    name: "Marketing",
    text: "Remember which deals and partner offers you have already seen.",
    duration: "Up to 1 year",
  },
  {
    key: "personalization",
    name: "Personalization",
    text: "Remember recent searches and comparisons to suggest relevant tools.",
    duration: "Up to 1 year",
  },
] as const;

export default function CookiesPage() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const prefs = root?.cookiePreferences;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight">Cookie Policy</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        Toolscape uses a few first-party cookies. Choose which ones you allow; essential cookies are always on. Read
        more in our{" "}
        <Link to="/privacy" className="underline">
          privacy policy
        </Link>
        .
      </p>
      <Form method="post" action="/preferences" className="mt-8 space-y-4">
        <input type="hidden" name="intent" value="cookie-preferences" />
        {CATEGORIES.map((c) => (
          <div
            key={c.key}
            className="flex items-start justify-between gap-6 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
          >
            <div>
              <h2 className="font-semibold">{c.name}</h2>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{c.text}</p>
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">Duration: {c.duration}</p>
            </div>
            <label className="flex shrink-0 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={c.key}
                defaultChecked={c.key === "essential" ? true : (prefs?.[c.key] ?? false)}
                disabled={c.key === "essential"}
                className="h-5 w-5 accent-brand-600"
              />
              <span>{c.key === "essential" ? "Always on" : "Allow"}</span>
            </label>
          </div>
        ))}
        <Button type="submit" className="px-5 py-2.5 font-semibold">
          Save preferences
        </Button>
      </Form>
    </div>
  );
}
