import { data, Link } from "react-router";
import { CouponCode } from "~/components/coupon-code";
import { Empty } from "~/components/empty-state";
import { ToolLogo } from "~/components/tool-logo";
import { badgeClass, buttonClass, cardClassOf } from "~/components/ui-classes";
import type { DealCard } from "~/lib/content.server";
import { DealsQuery, listLiveDeals } from "~/lib/content.server";
import { DEAL_CATEGORIES, DEAL_TYPE_LABELS } from "~/lib/content-labels";
import { expiresLabel, formatUsd } from "~/lib/deals";
import { goHref } from "~/lib/go-href";
import { originOf } from "~/lib/site-origin.server";
import type { Route } from "./+types/deals";

export function meta({ data }: Route.MetaArgs) {
  const origin = data?.origin ?? "";
  return [
    { title: "AI Tool Deals and Discounts | Toolscape" },
    {
      name: "description",
      content: "Live discounts, coupons, free trials and lifetime deals on AI tools from the Toolscape directory.",
    },
    { name: "robots", content: data?.category === "all" ? "index, follow" : "noindex, follow" },
    { tagName: "link", rel: "canonical", href: `${origin}/deals` },
  ];
}

/** Deals end by the clock: the page is rendered fresh each time, never kept in a cache. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { category } = DealsQuery.parse({ category: url.searchParams.get("category") ?? undefined });
  const now = context.services.clock.now();
  const deals = await listLiveDeals(context.services.db, { now, category });
  return data({ deals, category, origin: originOf(context), now: now.getTime() });
}

export default function Deals({ loaderData }: Route.ComponentProps) {
  const { deals, category, now } = loaderData;
  const featured = deals.filter((d) => d.featured);
  const regular = deals.filter((d) => !d.featured);
  const label = DEAL_CATEGORIES.find((c) => c.key === category)?.label ?? "All";
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">AI Tool Deals</h1>
      <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">
        Discounts, coupons, free trials and lifetime deals on tools in the directory. Every deal has an end date and
        disappears from this page when it expires.
      </p>
      <nav aria-label="Deal categories" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {DEAL_CATEGORIES.map((c) => (
            <li key={c.key}>
              <Link
                to={c.key === "all" ? "/deals" : `/deals?category=${c.key}`}
                aria-current={c.key === category ? "page" : undefined}
                className="chip"
              >
                {c.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {deals.length === 0 ? (
        <div className="mt-8">
          <Empty title={category === "all" ? "No deals right now" : `No ${label} deals right now`}>
            {category === "all" ? (
              "New deals are added as providers offer them. Subscribe to the newsletter to hear about them."
            ) : (
              <Link to="/deals" className="font-medium text-brand-700 underline dark:text-brand-100">
                Show all deals
              </Link>
            )}
          </Empty>
        </div>
      ) : null}

      {featured.length ? (
        <section aria-labelledby="featured-deals" className="mt-8">
          <h2 id="featured-deals" className="text-xl font-semibold">
            Featured deals
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {featured.map((d) => (
              <li key={d.id}>
                <DealCardView deal={d} now={now} featured />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {regular.length ? (
        <section aria-labelledby="all-deals" className="mt-10">
          <h2 id="all-deals" className="text-xl font-semibold">
            {featured.length ? "More deals" : "All deals"}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {regular.map((d) => (
              <li key={d.id}>
                <DealCardView deal={d} now={now} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function DealCardView({ deal, now, featured }: { deal: DealCard; now: number; featured?: boolean }) {
  return (
    <article
      className={cardClassOf(
        "md",
        `flex h-full flex-col p-5${featured ? " border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950" : ""}`,
      )}
    >
      <div className="flex items-start gap-3">
        <ToolLogo name={deal.toolName} url={deal.logoUrl} size={44} />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold">
            <Link to={`/tools/${deal.toolSlug}`} className="hover:underline">
              {deal.toolName}
            </Link>
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {deal.provider ? `${deal.provider} · ` : ""}
            {deal.category}
          </p>
        </div>
        <span className={badgeClass("neutral", "badge-strong")}>{DEAL_TYPE_LABELS[deal.dealType]}</span>
      </div>
      <p className="mt-3 flex flex-wrap items-baseline gap-2">
        {deal.dealPriceCents !== null ? (
          <span className="text-2xl font-bold">{formatUsd(deal.dealPriceCents)}</span>
        ) : null}
        {deal.originalPriceCents !== null ? (
          <s className="text-sm text-slate-600 dark:text-slate-400">
            <span className="sr-only">was </span>
            {formatUsd(deal.originalPriceCents)}
          </s>
        ) : null}
        {deal.discountPercent !== null ? (
          <span className={badgeClass("success", "badge-strong")}>{deal.discountPercent}% off</span>
        ) : null}
      </p>
      <p className="mt-2 flex-1 text-sm text-slate-700 dark:text-slate-300">{deal.description}</p>
      {deal.couponCode ? <CouponCode code={deal.couponCode} /> : null}
      <div className="mt-4 flex items-center justify-between gap-3">
        <span className="text-xs text-slate-600 dark:text-slate-400">
          <time dateTime={deal.expiresAt}>{expiresLabel(deal.expiresAt, now)}</time>
        </span>
        <a
          href={goHref(deal.toolSlug, "deal", "deals")}
          target="_blank"
          rel="noopener nofollow"
          className={buttonClass("primary", "md", "text-sm")}
        >
          Get Deal<span className="sr-only"> on {deal.toolName} (opens in a new tab)</span>
        </a>
      </div>
    </article>
  );
}
