import { Link } from "react-router";
import { PLANS, type PlanId, REFERRAL_REWARD_DAYS } from "~/lib/plans";
import type { Tier } from "~/lib/tiers";
import { PlanCard } from "../plan-card";
import { ToolLogo } from "../tool-logo";
import { buttonClass, cardClassOf } from "../ui-classes";

/**
 * The home page's parts with no behaviour of their own. They are static islands (~/lib/island):
 * rendered by the server, and in the browser only after a client-side navigation.
 */

export type TodayTool = {
  slug: string;
  name: string;
  logo_url: string | null;
  category: string;
  pricing_model: string;
  description: string;
  whyToday: string;
  challenge: string;
};

/** The tool of the day with its trending and did-you-know notes. */
export function ToolOfTheDay({
  tool,
  notes,
}: {
  tool: TodayTool;
  notes: { trending?: string | null; didYouKnow?: string | null } | null;
}) {
  return (
    <section
      aria-labelledby="totd"
      className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-6 sm:grid-cols-[auto_1fr] sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      <ToolLogo name={tool.name} url={tool.logo_url} size={72} />
      <div>
        <h2 id="totd" className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-100">
          Tool of the day
        </h2>
        <p className="mt-1 text-2xl font-bold">
          <Link to={`/tools/${tool.slug}`} className="hover:underline">
            {tool.name}
          </Link>
        </p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {tool.category} · {tool.pricing_model}
        </p>
        <p className="mt-3 text-slate-800 dark:text-slate-200">{tool.description}</p>
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          <strong>Why today:</strong> {tool.whyToday}
        </p>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          <strong>Challenge:</strong> {tool.challenge}
        </p>
        {notes?.trending ? (
          <p className="mt-3 inline-block rounded-full bg-emerald-100 px-3 py-1 text-xs font-medium text-emerald-900">
            {notes.trending}
          </p>
        ) : null}
        {notes?.didYouKnow ? (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{notes.didYouKnow}</p>
        ) : null}
        <div className="mt-5 flex flex-wrap gap-3">
          <Link to={`/tools/${tool.slug}`} className={buttonClass("primary", "md", "text-sm font-semibold")}>
            View details
          </Link>
          <a
            href={`/go/${tool.slug}?to=website&source=tool-of-the-day`}
            rel="noopener nofollow"
            className={buttonClass("secondary", "md", "text-sm font-semibold")}
          >
            Visit website
          </a>
        </div>
      </div>
    </section>
  );
}

/** The three plans (their lines from the entitlements data) and the referral block. */
export function Plans({ planLines, viewerTier }: { planLines: Record<PlanId, string[]>; viewerTier: Tier | null }) {
  return (
    <section aria-labelledby="plans">
      <h2 id="plans" className="text-2xl font-bold">
        Membership
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-400">Start free. Upgrade when you need more.</p>
      <div className="mt-6 grid gap-4 md:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} lines={planLines[plan.id]} currentTier={viewerTier} headingLevel={3} />
        ))}
      </div>
      <div className="mt-6 flex flex-col gap-3 rounded-2xl bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between dark:bg-brand-900/40">
        <div>
          <h3 className="font-semibold">Invite friends, get Standard free</h3>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Every friend who joins with your link gives you {REFERRAL_REWARD_DAYS} days of Standard.
          </p>
        </div>
        <Link
          to="/referrals"
          className={buttonClass(
            "secondary",
            "md",
            "shrink-0 border-0 text-sm font-semibold text-brand-700 shadow-sm hover:bg-brand-100 dark:text-brand-100",
          )}
        >
          Get your invite link
        </Link>
      </div>
    </section>
  );
}

export type Figures = { tools: number; categories: number; freeToStart: number; openSource: number };

/** The trust figures, computed from the database. */
export function Figures({ stats }: { stats: Figures }) {
  return (
    <section aria-labelledby="trust" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <h2 id="trust" className="sr-only">
        Toolscape in numbers
      </h2>
      {[
        [stats.tools.toLocaleString("en-US"), "AI tools listed"],
        [String(stats.categories), "categories"],
        [stats.freeToStart.toLocaleString("en-US"), "tools you can start for free"],
        [stats.openSource.toLocaleString("en-US"), "open-source tools"],
      ].map(([figure, label]) => (
        <div key={label} className={cardClassOf("md", "p-5 text-center dark:border-slate-800")}>
          <p className="text-3xl font-bold text-brand-700 dark:text-brand-100">{figure}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{label}</p>
        </div>
      ))}
    </section>
  );
}
