import { Form } from "react-router";
import { buttonClass } from "~/components/ui-classes";
import { TIER_LABELS, TIERS } from "~/lib/tiers";

const LABELS = {
  google: "Continue with Google",
  github: "Continue with GitHub",
  linkedin: "Continue with LinkedIn",
} as const;

/** Google/GitHub (only those configured on the server) and, in demo mode, the demo accounts. */
export function OtherSignIn({
  providers,
  demoMode,
  redirectTo,
}: {
  providers: ("google" | "github" | "linkedin")[];
  demoMode: boolean;
  redirectTo?: string;
}) {
  if (!providers.length && !demoMode) return null;
  return (
    <div className="mt-6 space-y-3">
      <div className="flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" /> or{" "}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      {providers.map((provider) => (
        <Form key={provider} method="post" action="/sign-in">
          <input type="hidden" name="intent" value="social" />
          <input type="hidden" name="provider" value={provider} />
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <button type="submit" className={buttonClass("secondary", "lg", "w-full font-medium")}>
            {LABELS[provider]}
          </button>
        </Form>
      ))}
      {demoMode ? (
        <Form
          method="post"
          action="/sign-in"
          className="rounded-lg border border-dashed border-slate-300 p-3 dark:border-slate-600"
        >
          <input type="hidden" name="intent" value="demo" />
          <p className="text-sm font-medium">Demo user</p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Demo mode is on: sign in to a demo account of any plan.
          </p>
          <div className="mt-2 grid grid-cols-3 gap-2">
            {TIERS.map((tier) => (
              <button
                key={tier}
                type="submit"
                name="tier"
                value={tier}
                className="rounded-md bg-slate-100 px-2 py-1.5 text-sm font-medium hover:bg-slate-200 dark:bg-slate-800 dark:hover:bg-slate-700"
              >
                {TIER_LABELS[tier]}
              </button>
            ))}
          </div>
        </Form>
      ) : null}
    </div>
  );
}
