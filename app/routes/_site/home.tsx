import { Link } from "react-router";
import { FeaturedGrid } from "~/components/home/featured-grid";
import { HeroSearch } from "~/components/home/hero-search";
import { NewsletterSignup } from "~/components/home/newsletter-signup";
import { TaskChips, ToolStrip } from "~/components/home/tool-sections";
import { AppError, loadEntitlements, planCardLines, tierOf, viewerOf } from "~/lib/accounts.server";
import {
  catalogStats,
  getToolOfTheDay,
  getToolsForComparison,
  listTools,
  readerCards,
  ToolListParams,
  taskGroups,
  toolNotes,
} from "~/lib/catalog.server";
import { listTrending } from "~/lib/community.server";
import { NewsletterInput, subscribe } from "~/lib/content.server";
import { formAction, refuse } from "~/lib/form-action.server";
import { Island } from "~/lib/island";
import { originOf } from "~/lib/site-origin.server";
import { splitComponent } from "~/lib/split";
import type { Route } from "./+types/home";

export { shouldRevalidate } from "~/lib/revalidate";

// The home page's parts with no behaviour of their own: static islands (~/lib/island).
const parts = () => import("~/components/home/home-parts");
const ToolOfTheDay = splitComponent(() => parts().then((m) => m.ToolOfTheDay));
const Plans = splitComponent(() => parts().then((m) => m.Plans));
const Figures = splitComponent(() => parts().then((m) => m.Figures));

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
  const [stats, featured, toolOfTheDay, viewer, ents, trendingRows, ranked, newest, oldest, groups] = await Promise.all(
    [
      catalogStats(db),
      listTools(db, ToolListParams.parse({ featured: "true", limit: "7" })),
      getToolOfTheDay(db, context.services.clock.now()),
      viewerOf(context, request),
      loadEntitlements(db),
      listTrending(db, 6),
      listTools(db, ToolListParams.parse({ sort: "quality", limit: "16" })),
      listTools(db, ToolListParams.parse({ sort: "newest", limit: "6" })),
      listTools(db, ToolListParams.parse({ sort: "oldest", limit: "1" })),
      taskGroups(db),
    ],
  );
  const notes = toolOfTheDay ? await toolNotes(db, toolOfTheDay) : null;
  const tier = tierOf(context, viewer);
  // Trending this week when the hourly run found any; otherwise the catalogue's own order (quality:
  // prominence, completeness, freshness), without the featured tools shown above it.
  const trending = trendingRows.length
    ? await getToolsForComparison(
        db,
        trendingRows.map((r) => r.slug),
      )
    : [];
  const shownIds = new Set(featured.tools.map((t) => t.id));
  const popular = trending.length ? trending : ranked.tools.filter((t) => !shownIds.has(t.id)).slice(0, 6);
  // "New" means added after the catalogue's first import: the imported tools all share one day.
  const firstDay = oldest.tools[0] ? Date.parse(oldest.tools[0].created_at) + 86_400_000 : Number.POSITIVE_INFINITY;
  const fresh = newest.tools.filter((t) => Date.parse(t.created_at) > firstDay);
  const tasks = groups
    .flatMap((g) => g.tasks)
    .sort((a, b) => b.tool_count - a.tool_count || a.name.localeCompare(b.name))
    .slice(0, 12)
    .map((t) => ({ slug: t.slug, name: t.name, tool_count: t.tool_count }));
  return {
    stats,
    featured: readerCards(featured.tools, tier),
    popular: { trending: trending.length > 0, tools: readerCards(popular, tier) },
    fresh: readerCards(fresh, tier),
    tasks,
    // A free tool (tool-of-the-day.ts), told in the editors' first sentence like the cards below it.
    toolOfTheDay: toolOfTheDay ? (readerCards([toolOfTheDay], tier)[0] ?? toolOfTheDay) : null,
    notes,
    planLines: planCardLines(ents),
    viewerTier: tierOf(context, viewer),
    origin: originOf(context),
  };
}

const NewsletterForm = NewsletterInput.pick({ email: true });

/** The newsletter form posts here when JavaScript is off (and through a fetcher when it is on). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, mailer, env, logger } = context.services;
  return formAction(request, NewsletterForm, async ({ email }, { values }) => {
    try {
      await subscribe(db, mailer, { email, source: "home" }, env, {
        ip: context.clientIp,
        now: context.services.clock.now(),
      });
      return { ok: true as const };
    } catch (err) {
      // Any refusal with a message (too many requests; mail not sent is a 503): the form shows it.
      if (err instanceof AppError) return refuse(err.status, err.message, values);
      logger.error("newsletter subscribe failed", { err, requestId: context.requestId });
      return refuse(500, "Please try again later.", values);
    }
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { stats, featured, popular, fresh, tasks, toolOfTheDay, notes, planLines, viewerTier } = loaderData;
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
        <Island id="home-tool-of-the-day" component={ToolOfTheDay} props={{ tool: toolOfTheDay, notes }} />
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

      {popular.trending ? (
        <ToolStrip
          id="home-trending"
          title="Trending this week"
          note="Saves, reviews, visits and views that clearly rose against the week before."
          more={{ href: "/trending", label: "All trending tools →" }}
          tools={popular.tools}
        />
      ) : (
        <ToolStrip
          id="home-popular"
          title="Popular tools"
          more={{ href: "/how-we-rank", label: "How we rank →" }}
          tools={popular.tools}
        />
      )}

      <ToolStrip
        id="home-new"
        title="New on Toolscape"
        more={{ href: "/tools?sort=newest", label: "All new tools →" }}
        tools={fresh}
      />

      <TaskChips tasks={tasks} />

      <Island id="home-plans" component={Plans} props={{ planLines, viewerTier }} />

      <Island id="home-figures" component={Figures} props={{ stats }} />

      <NewsletterSignup />
    </div>
  );
}
