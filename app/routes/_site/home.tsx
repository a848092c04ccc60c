import { data, Link } from "react-router";
import { FeaturedGrid } from "~/components/home/featured-grid";
import { HeroSearch } from "~/components/home/hero-search";
import { NewsletterSignup } from "~/components/home/newsletter-signup";
import { PlanCard } from "~/components/plan-card";
import { ToolLogo } from "~/components/tool-card";
import { loadEntitlements, planCardLines, viewerOf } from "~/lib/accounts.server";
import {
  cardsForTier,
  catalogStats,
  getToolOfTheDay,
  listTools,
  ToolListParams,
  toolNotes,
} from "~/lib/catalog.server";
import { NewsletterInput, subscribe } from "~/lib/content.server";
import { PLANS, REFERRAL_REWARD_DAYS } from "~/lib/plans";
import type { Route } from "./+types/home";

export function meta({ data, location }: Route.MetaArgs) {
  const n = data?.stats.tools ?? 0;
  const description = `Search, filter and compare ${n.toLocaleString("en-US")} AI tools across ${data?.stats.categories ?? 0} categories — with real data, no paid rankings.`;
  return [
    { title: "Toolscape — find the right AI tool fast" },
    { name: "description", content: description },
    { property: "og:title", content: "Toolscape — find the right AI tool fast" },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { tagName: "link", rel: "canonical", href: data ? `${data.origin}${location.pathname}` : "/" },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = context.services;
  const [stats, featured, toolOfTheDay, viewer, ents] = await Promise.all([
    catalogStats(db),
    listTools(db, ToolListParams.parse({ featured: "true", limit: "7" })),
    getToolOfTheDay(db),
    viewerOf(context, request),
    loadEntitlements(db),
  ]);
  const notes = toolOfTheDay ? await toolNotes(db, toolOfTheDay) : null;
  return {
    stats,
    featured: cardsForTier(featured.tools, viewer?.tier ?? null),
    toolOfTheDay,
    notes,
    planLines: planCardLines(ents),
    viewerTier: viewer?.tier ?? null,
    origin: new URL(request.url).origin,
  };
}

/** The newsletter form posts here when JavaScript is off (and through a fetcher when it is on). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = NewsletterInput.safeParse({ email: form.email, source: "home" });
  if (!parsed.success) {
    return data({ ok: false as const, error: parsed.error.issues[0]?.message ?? "Invalid email" }, { status: 400 });
  }
  try {
    await subscribe(context.services.db, context.services.mailer, parsed.data, new URL(request.url).origin);
  } catch (err) {
    context.services.logger.error("newsletter subscribe failed", { err, requestId: context.requestId });
    return data({ ok: false as const, error: "Please try again later." }, { status: 500 });
  }
  return { ok: true as const };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { stats, featured, toolOfTheDay, notes, planLines, viewerTier } = loaderData;
  return (
    <div className="space-y-16">
      <section className="rounded-2xl bg-gradient-to-br from-brand-600 to-brand-900 px-5 py-12 text-white sm:px-12 sm:py-16">
        <h1 className="max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">Find the right AI tool, fast.</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-100">
          Search and compare {stats.tools.toLocaleString("en-US")} AI tools across {stats.categories} categories.
        </p>
        <HeroSearch />
      </section>

      {toolOfTheDay ? (
        <section
          aria-labelledby="totd"
          className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-6 sm:grid-cols-[auto_1fr] sm:p-8 dark:border-slate-800 dark:bg-slate-900"
        >
          <ToolLogo name={toolOfTheDay.name} url={toolOfTheDay.logo_url} size={72} />
          <div>
            <h2 id="totd" className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-100">
              Tool of the day
            </h2>
            <p className="mt-1 text-2xl font-bold">
              <Link to={`/tools/${toolOfTheDay.slug}`} className="hover:underline">
                {toolOfTheDay.name}
              </Link>
            </p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {toolOfTheDay.category} · {toolOfTheDay.pricing_model}
            </p>
            <p className="mt-3 text-slate-800 dark:text-slate-200">{toolOfTheDay.description}</p>
            <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
              <strong>Why today:</strong> {toolOfTheDay.whyToday}
            </p>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              <strong>Challenge:</strong> {toolOfTheDay.challenge}
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
              <Link
                to={`/tools/${toolOfTheDay.slug}`}
                className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
              >
                View details
              </Link>
              <a
                href={`/go/${toolOfTheDay.slug}?to=website&source=tool-of-the-day`}
                rel="noopener nofollow"
                className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
              >
                Visit website
              </a>
            </div>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="featured">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="featured" className="text-2xl font-bold">
            Featured tools
          </h2>
          <Link to="/tools" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100">
            Browse all {stats.tools.toLocaleString("en-US")} tools →
          </Link>
        </div>
        {featured.length ? (
          <FeaturedGrid tools={featured} />
        ) : (
          <div className="mt-4 rounded-xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
            <p className="font-semibold">No featured tools available</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">Check back later for new featured tools.</p>
          </div>
        )}
      </section>

      <section aria-labelledby="plans">
        <h2 id="plans" className="text-2xl font-bold">
          Membership
        </h2>
        <p className="mt-1 text-slate-600 dark:text-slate-400">Start free. Upgrade when you need more.</p>
        <div className="mt-6 grid gap-4 md:grid-cols-3">
          {PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              lines={planLines[plan.id]}
              currentTier={viewerTier}
              signedIn={viewerTier !== null}
              headingLevel={3}
            />
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
            className="shrink-0 rounded-lg bg-white px-4 py-2 text-center text-sm font-semibold text-brand-700 shadow-sm hover:bg-brand-100 dark:bg-slate-900 dark:text-brand-100"
          >
            Get your invite link
          </Link>
        </div>
      </section>

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
          <div
            key={label}
            className="rounded-xl border border-slate-200 bg-white p-5 text-center dark:border-slate-800 dark:bg-slate-900"
          >
            <p className="text-3xl font-bold text-brand-700 dark:text-brand-100">{figure}</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{label}</p>
          </div>
        ))}
      </section>

      <NewsletterSignup />
    </div>
  );
}
