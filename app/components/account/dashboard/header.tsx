import { Link } from "react-router";
import { FormAlert } from "~/components/account/form-parts";
import { badgeClass } from "~/components/ui-classes";
import { initials } from "~/lib/format";
import type { Tier } from "~/lib/tiers";
import { TIER_LABELS } from "~/lib/tiers";
import { type Answer, primary, secondary } from "./styles";

/** Who is signed in (avatar or initials, name, e-mail, tier), Add New Tool and Logout. */
export function DashboardHeader({
  member: m,
  answer,
}: {
  member: { name: string; email: string; image: string | null; tier: Tier };
  /** the answer of /dashboard's own action (old clients' posts) */
  answer: Answer;
}) {
  return (
    <>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex items-center gap-4">
          {m.image ? (
            <img src={m.image} alt="" width={56} height={56} className="h-14 w-14 rounded-full object-cover" />
          ) : (
            <span
              aria-hidden="true"
              className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-900 dark:bg-brand-900 dark:text-brand-100"
            >
              {initials(m.name)}
            </span>
          )}
          <div className="min-w-0">
            <h1 className="text-3xl font-bold">Dashboard</h1>
            <p className="mt-1 text-slate-700 dark:text-slate-300">
              <span className="font-semibold" data-testid="dashboard-name">
                {m.name}
              </span>{" "}
              ·{" "}
              <strong className="font-normal break-all" data-testid="dashboard-email">
                {m.email}
              </strong>{" "}
              ·{" "}
              <span data-testid="dashboard-tier" className={badgeClass("brand", "text-sm")}>
                {TIER_LABELS[m.tier]}
              </span>
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/submit-tool" className={primary}>
            Add New Tool
          </Link>
          <form method="post" action="/sign-out">
            <button type="submit" className={secondary}>
              Logout
            </button>
          </form>
        </div>
      </header>
      {answer?.ok && answer.message ? (
        <div className="mt-6">
          <FormAlert tone="success">{answer.message}</FormAlert>
        </div>
      ) : null}
      {/* No form of the frame has fields: a refusal of an old client's post is shown whole. */}
      {answer && !answer.ok ? (
        <div className="mt-6">
          <FormAlert>{answer.error}</FormAlert>
        </div>
      ) : null}
    </>
  );
}
