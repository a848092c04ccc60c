import { Link } from "react-router";
import type { MyBetaApplication } from "#server/modules/content/index.ts";

const day = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** The member's beta applications (each one holds a reserved spot). */
export function BetaPanel({ applications, className = "" }: { applications: MyBetaApplication[]; className?: string }) {
  return (
    <section id="beta" aria-labelledby="beta-heading" className={className}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="beta-heading" className="text-lg font-semibold">
          Your beta programs
        </h2>
        <Link to="/beta" className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100">
          Browse beta programs
        </Link>
      </div>
      {applications.length ? (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {applications.map((a) => (
            <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
              <span>
                <Link to={`/tools/${a.toolSlug}`} className="font-medium hover:underline">
                  {a.toolName}
                </Link>{" "}
                <span className="text-slate-600 dark:text-slate-400">by {a.provider}</span>
              </span>
              <span className="text-slate-600 dark:text-slate-400">
                Spot reserved · applied {day(a.appliedAt)} · starts {day(a.startsAt)} ({a.durationWeeks} wk)
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">You have not applied to a beta program yet.</p>
      )}
    </section>
  );
}
