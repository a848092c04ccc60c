import { useState } from "react";
import { useActionData, useFetcher } from "react-router";
// The server's own rule (one function, no regex to backtrack), mirrored in the browser.
import { INVALID_EMAIL as INVALID, isEmailAddress } from "#server/platform/email-rule.ts";
import { useHydrated } from "~/lib/use-hydrated";
import { buttonClass, controlClass } from "../ui-classes";

export function NewsletterSignup() {
  const fetcher = useFetcher<{ ok: boolean; error?: string }>();
  // Without JavaScript the form posts normally and the page comes back with the action's answer.
  const actionData = useActionData<{ ok: boolean; error?: string }>();
  const hydrated = useHydrated();
  const [email, setEmail] = useState("");
  const trimmed = email.trim();
  const invalid = trimmed !== "" && !isEmailAddress(trimmed);
  const submitting = fetcher.state !== "idle";
  const result = fetcher.data ?? actionData;

  return (
    <section
      aria-labelledby="newsletter"
      className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-10 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="newsletter" className="text-2xl font-bold">
        The weekly AI tools newsletter
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        New tools, honest comparisons and deals worth your time. One email a week.
      </p>
      {result?.ok ? (
        <p
          role="status"
          className="mt-6 rounded-lg bg-emerald-50 p-4 font-medium text-emerald-900 dark:bg-emerald-900/30 dark:text-emerald-100"
        >
          Thank you for subscribing! Check your email for confirmation.
        </p>
      ) : (
        <fetcher.Form
          method="post"
          action="/?index"
          noValidate
          className="mt-6 flex max-w-xl flex-col gap-2 sm:flex-row"
        >
          <label htmlFor="newsletter-email" className="sr-only">
            Email address
          </label>
          <input
            id="newsletter-email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={invalid}
            aria-describedby="newsletter-msg"
            placeholder="you@example.com"
            className={controlClass(undefined, "px-4 py-2.5")}
          />
          <button
            type="submit"
            disabled={hydrated && (trimmed === "" || invalid || submitting)}
            className={buttonClass("primary", "lg", "shrink-0 disabled:cursor-not-allowed")}
          >
            {submitting ? "Subscribing…" : "Subscribe"}
          </button>
        </fetcher.Form>
      )}
      <p id="newsletter-msg" role="alert" className="mt-2 min-h-5 text-sm text-red-700 dark:text-red-300">
        {invalid ? INVALID : result && !result.ok ? `Subscription failed: ${result.error}` : ""}
      </p>
    </section>
  );
}
