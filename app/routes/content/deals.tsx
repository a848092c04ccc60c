import { data, Link } from "react-router";
import { CouponCode } from "~/components/coupon-code";
import { Empty } from "~/components/empty-state";
import { ToolLogo } from "~/components/tool-logo";
import { badgeClass, buttonClass, cardClassOf } from "~/components/ui-classes";
import { listingAccessOf, viewerOf } from "~/lib/accounts.server";
import { listCategories } from "~/lib/catalog.server";
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
  const { db } = context.services;
  // Editors' Expert-only and early-access deals (ADR 0083): whole for those they open to, else locked.
  const can = await listingAccessOf(context, await viewerOf(context, request));
  const [live, deals, categories] = await Promise.all([
    listLiveDeals(db, { now, can }),
    category === "all" ? null : listLiveDeals(db, { now, category, can }),
    listCategories(db),
  ]);
  // The pills are the catalogue's own categories that have a live deal now (issue 36), with counts.
  const counts = new Map<string, { slug: string; name: string; count: number }>();
  for (const d of live) {
    const c = counts.get(d.categorySlug) ?? { slug: d.categorySlug, name: d.category, count: 0 };
    c.count += 1;
    counts.set(d.categorySlug, c);
  }
  const pills = [...counts.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const label =
    categories.find((c) => c.slug === category)?.name ??
    DEAL_CATEGORIES.find((c) => c.key === category)?.label ??
    "these";
  return data({
    deals: deals ?? live,
    total: live.length,
    pills,
    category,
    label,
    origin: originOf(context),
    now: now.getTime(),
  });
}

export default function Deals({ loaderData }: Route.ComponentProps) {
  const { deals, total, pills, category, label, now } = loaderData;
  const featured = deals.filter((d) => d.featured);
  const regular = deals.filter((d) => !d.featured);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">AI Tool Deals</h1>
      <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">
        Discounts, coupons, free trials and lifetime deals on tools in the directory. Every deal has an end date and
        disappears from this page when it expires.
      </p>
      {total > 0 ? (
        <nav aria-label="Deal categories" className="mt-6">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link to="/deals" aria-current={category === "all" ? "page" : undefined} className="chip">
                All <span className="font-normal opacity-80">{total}</span>
              </Link>
            </li>
            {pills.map((c) => (
              <li key={c.slug}>
                <Link
                  to={`/deals?category=${c.slug}`}
                  aria-current={c.slug === category ? "page" : undefined}
                  className="chip"
                >
                  {c.name} <span className="font-normal opacity-80">{c.count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {total === 0 ? (
        <section
          aria-labelledby="no-deals"
          data-testid="deals-empty"
          className="mt-8 rounded-2xl border border-slate-200 bg-white p-8 sm:p-10 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="no-deals" className="text-xl font-semibold">
            {category === "all" ? "No deals right now" : `No ${label} deals right now`}
          </h2>
          <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">
            We list a deal only when a maker offers one, and take it down the moment it ends, so this page is sometimes
            empty. Meanwhile, plenty of tools cost nothing to start.
          </p>
          <ul className="mt-6 grid gap-3 sm:grid-cols-3">
            <li>
              <Link to="/tools?pricing=free" className={cardClassOf("md", "block p-4 hover:shadow-md")}>
                <span className="font-semibold">Free tools</span>
                <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">Tools with nothing to pay</span>
              </Link>
            </li>
            <li>
              <Link to="/tools?pricing=freemium" className={cardClassOf("md", "block p-4 hover:shadow-md")}>
                <span className="font-semibold">Free plans</span>
                <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">
                  Freemium tools you can start free
                </span>
              </Link>
            </li>
            <li>
              <Link to="/submit-tool" className={cardClassOf("md", "block p-4 hover:shadow-md")}>
                <span className="font-semibold">Are you a maker?</span>
                <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">
                  List your tool, then offer our readers a deal
                </span>
              </Link>
            </li>
          </ul>
        </section>
      ) : deals.length === 0 ? (
        <div className="mt-8">
          <Empty title={`No ${label} deals right now`}>
            <Link to="/deals" className="font-medium text-brand-700 underline dark:text-brand-100">
              Show all deals
            </Link>
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
  if (deal.access?.locked) return <LockedDealCard deal={deal} now={now} />;
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
      {deal.access ? (
        <p className="mt-2 text-xs font-semibold uppercase tracking-wide text-amber-800 dark:text-amber-300">
          {deal.access.kind === "early_access" && deal.access.publicFrom
            ? `Early access for Expert members until ${dayLabel(deal.access.publicFrom)}`
            : "Expert-only deal"}
        </p>
      ) : null}
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
          Get deal<span className="sr-only"> on {deal.toolName} (opens in a new tab)</span>
        </a>
      </div>
    </article>
  );
}

const dayLabel = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/**
 * An Expert-only or early-access deal for a viewer without the feature (ADR 0083): the server sent
 * only its overview (tool, category, kind, end), so the card names the plan that opens it.
 */
function LockedDealCard({ deal, now }: { deal: DealCard; now: number }) {
  const early = deal.access?.kind === "early_access" && deal.access.publicFrom ? deal.access.publicFrom : null;
  return (
    <article data-testid="locked-deal-card" className={cardClassOf("md", "flex h-full flex-col p-5 opacity-95")}>
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
      <p className="mt-3 text-xs font-semibold uppercase tracking-wide text-amber-800 dark:text-amber-300">
        {early ? "Early access · Expert" : "Expert-only deal"}
      </p>
      <p className="mt-2 flex-1 text-sm text-slate-700 dark:text-slate-300">
        {early
          ? `Expert members see this deal's price and code now; everyone from ${dayLabel(early)}.`
          : "This deal's price and code are for Expert members."}
      </p>
      <div className="mt-4 flex items-center justify-between gap-3">
        <span className="text-xs text-slate-600 dark:text-slate-400">
          <time dateTime={deal.expiresAt}>{expiresLabel(deal.expiresAt, now)}</time>
        </span>
        <Link to="/pricing" className={buttonClass("primary", "md", "text-sm")}>
          Upgrade to Expert
        </Link>
      </div>
    </article>
  );
}
