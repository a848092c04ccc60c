import { Link } from "react-router";
import { CouponCode } from "~/components/coupon-code";
import { priceText } from "~/lib/format";
import { goHref } from "~/lib/go-href";
import { Breadcrumb } from "../breadcrumb";
import { CheckList } from "../check-list";
import { Empty } from "../empty-state";
import { ToolLogo } from "../tool-logo";
import { badgeClass, buttonClass, cardClassOf } from "../ui-classes";
import { EditorialSummary, type EditorialSummaryTool } from "./editorial-summary";

export { GoneNotice } from "./gone-notice";

/**
 * The parts of a tool page with no behaviour of their own. They are static islands (~/lib/island):
 * rendered by the server, and in the browser only after a client-side navigation, so a tool page's
 * first load does not include this module.
 */

export type SideCardTool = {
  id: string;
  slug: string;
  name: string;
  demo_url: string | null;
  features: string[];
  pricing_model: string;
  category: string;
  category_slug: string;
  company_name: string;
  rating: number;
  review_count: number;
  created_at: string;
};

export type SideCardDeal = {
  original: string | null;
  discounted: string | null;
  discount: string | null;
  endsAt: string | null;
  couponCode?: string | null;
};

/** Every outbound link goes through /go, which records the click and redirects to the tool's own URL. */
export { goHref };

function OutLink({ href, label, primary }: { href: string; label: string; primary?: boolean }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener nofollow"
      className={buttonClass(primary ? "primary" : "secondary", "md", "flex py-2.5")}
    >
      {label}
      <span aria-hidden="true"> ↗</span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

const dateFmt = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

const h2 = "text-xl font-semibold";

export type HeadTool = {
  name: string;
  logo_url: string | null;
  /** the monogram's colour comes from its domain (tool-logo.tsx) */
  website_url?: string | null;
  category: string;
  pricing_model: string;
  company_name: string;
  is_verified: boolean;
  is_featured: boolean;
  updated_at: string | null;
  facts_changed_at: string | null;
  /** the price text (a verified correction, the editor), shown beside the model; null when locked */
  pricing?: { original?: string | null } | null;
};

/** Breadcrumb, logo, name, category, pricing, provider, badges, the 'updated' label and the lead. */
export function ToolHead({
  tool,
  categoryHref,
  updated,
  lead,
  health,
}: {
  tool: HeadTool;
  categoryHref: string;
  updated: string | null;
  lead: string | null;
  /** the link checker's word: 'Link checked {n} days ago', and whether the site may be offline */
  health?: { checkedLabel: string | null; checkedAt: string | null; offline: boolean } | null;
}) {
  return (
    <>
      <Breadcrumb
        items={[
          { label: "Home", to: "/" },
          { label: "Tools", to: "/tools" },
          { label: tool.category, to: categoryHref },
          { label: tool.name },
        ]}
      />
      <div className="mt-5 flex items-start gap-4">
        <ToolLogo name={tool.name} url={tool.logo_url} site={tool.website_url} size={64} />
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{tool.name}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
            <Link to={categoryHref} className="font-medium text-brand-700 hover:underline dark:text-indigo-300">
              {tool.category}
            </Link>
            {tool.pricing_model !== "Unknown" || priceText(tool.pricing) ? (
              <span data-testid="tool-pricing" className={badgeClass("neutral")}>
                {[tool.pricing_model !== "Unknown" ? tool.pricing_model : null, priceText(tool.pricing)]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
            ) : null}
            {tool.company_name !== "Unknown" ? <span>by {tool.company_name}</span> : null}
            {tool.is_verified ? <span className={badgeClass("success")}>✓ Verified</span> : null}
            {tool.is_featured ? <span className={badgeClass("warning")}>Featured</span> : null}
          </p>
          {updated ? (
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              Updated <time dateTime={tool.facts_changed_at ?? undefined}>{updated}</time>
            </p>
          ) : null}
          {health?.checkedLabel ? (
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400" data-testid="link-checked">
              <time dateTime={health.checkedAt ?? undefined}>{health.checkedLabel}</time>
            </p>
          ) : null}
          {health?.offline ? (
            <p
              role="status"
              data-testid="site-offline"
              className="mt-2 inline-block rounded-md bg-amber-100 px-2 py-1 text-sm font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100"
            >
              This site may be offline
            </p>
          ) : null}
        </div>
      </div>
      {lead ? (
        <p className="mt-5 text-lg text-slate-800 dark:text-slate-200" data-testid="tool-lead">
          {lead}
        </p>
      ) : null}
    </>
  );
}

/** The side card above its Compare button: the deal, outbound links (through /go), what's included, facts. */
export function SideCardMain({
  tool,
  deal,
  included,
}: {
  tool: SideCardTool;
  deal: SideCardDeal | null;
  included: string[];
}) {
  return (
    <>
      {deal ? (
        <div className="mb-4 rounded-lg bg-emerald-50 p-3 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50">
          <p className="text-sm font-semibold">Deal</p>
          <p className="mt-1 flex flex-wrap items-baseline gap-2">
            {deal.discounted ? <span className="text-2xl font-bold">{deal.discounted}</span> : null}
            {deal.original ? (
              <s className="text-sm text-emerald-900 dark:text-emerald-200">
                <span className="sr-only">was </span>
                {deal.original}
              </s>
            ) : null}
            {deal.discount ? <span className={badgeClass("success", "badge-strong")}>{deal.discount}</span> : null}
          </p>
          {deal.endsAt ? <p className="mt-1 text-xs">Ends {dateFmt(deal.endsAt)}</p> : null}
          {deal.couponCode ? <CouponCode code={deal.couponCode} /> : null}
        </div>
      ) : null}
      <div className="space-y-2.5">
        {deal ? <OutLink href={goHref(tool.slug, "deal")} primary label="Get deal" /> : null}
        {tool.demo_url ? <OutLink href={goHref(tool.slug, "demo")} label="Try demo" /> : null}
        <OutLink href={goHref(tool.slug, "website")} primary={!deal} label="Visit website" />
      </div>

      {included.length ? (
        <div className="mt-5">
          <h2 className="text-sm font-semibold">What's included</h2>
          <CheckList items={included} className="mt-2 space-y-1.5 text-sm text-slate-700 dark:text-slate-300" />
        </div>
      ) : null}

      <dl className="mt-5 space-y-2 border-t border-slate-200 pt-4 text-sm dark:border-slate-800">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600 dark:text-slate-400">Rating</dt>
          <dd className="text-right">
            {tool.review_count > 0 ? `★ ${tool.rating.toFixed(1)} (${tool.review_count})` : "No reviews yet"}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600 dark:text-slate-400">Pricing</dt>
          <dd className="text-right">{tool.pricing_model === "Unknown" ? "Not listed" : tool.pricing_model}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600 dark:text-slate-400">Category</dt>
          <dd className="text-right">
            <Link
              to={`/tools?category=${encodeURIComponent(tool.category_slug)}`}
              className="text-brand-700 hover:underline dark:text-indigo-300"
            >
              {tool.category}
            </Link>
          </dd>
        </div>
        {tool.company_name !== "Unknown" ? (
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600 dark:text-slate-400">Provider</dt>
            <dd className="text-right">{tool.company_name}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600 dark:text-slate-400">Listed</dt>
          <dd className="text-right">{dateFmt(tool.created_at)}</dd>
        </div>
      </dl>
    </>
  );
}

export type OverviewTool = {
  name: string;
  description: string;
  full_description: string;
  tags: string[];
} & EditorialSummaryTool;

/**
 * The source's long text is shown under "About" unless it is only the one line the page's head already
 * shows (ToolHead's lead), and the overview has something else to say.
 */
export function aboutRepeatsLead(tool: OverviewTool, useCases: string[]): boolean {
  const full = tool.full_description.trim();
  const repeats = !full || full === tool.description.trim();
  return repeats && Boolean(tool.editorial_summary || useCases.length || tool.tags.length);
}

/** Our summary (when any), about (unless it repeats the head's line), use cases (when any) and tags. */
export function Overview({ tool, useCases }: { tool: OverviewTool; useCases: string[] }) {
  const hideAbout = aboutRepeatsLead(tool, useCases);
  return (
    <div className="space-y-8">
      <EditorialSummary tool={tool} sourceText={hideAbout ? "lead" : "about"} />
      {hideAbout ? null : (
        <section>
          <h2 className={h2}>About {tool.name}</h2>
          <p className="mt-3 leading-relaxed whitespace-pre-line text-slate-800 dark:text-slate-200">
            {tool.full_description || tool.description}
          </p>
        </section>
      )}
      {useCases.length ? (
        <section>
          <h2 className={h2}>Use cases</h2>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
            {useCases.map((u) => (
              <li key={u}>{u}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {tool.tags.length ? (
        <section>
          <h2 className={h2}>Tags</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {tool.tags.map((tag) => (
              <li key={tag}>
                <Link
                  to={`/tools?tags=${encodeURIComponent(tag)}`}
                  className="inline-block rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700"
                >
                  {tag}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export function Features({ toolName, features }: { toolName: string; features: string[] }) {
  return features.length ? (
    <section>
      <h2 className={h2}>Key features</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {features.map((f) => (
          <li key={f} className={cardClassOf("md", "flex gap-3")}>
            <span aria-hidden="true" className="font-bold text-emerald-700 dark:text-emerald-400">
              ✓
            </span>
            <span>{f}</span>
          </li>
        ))}
      </ul>
    </section>
  ) : (
    <Empty title="No features listed yet">The listing for {toolName} does not name its features.</Empty>
  );
}

export function Screenshots({ toolName, screenshots }: { toolName: string; screenshots: string[] }) {
  return screenshots.length ? (
    <section>
      <h2 className={h2}>Screenshots</h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2">
        {screenshots.map((src, i) => (
          <li key={src}>
            <img
              src={src}
              alt={`${toolName} screenshot ${i + 1}`}
              loading="lazy"
              className="w-full rounded-lg border border-slate-200 dark:border-slate-800"
            />
          </li>
        ))}
      </ul>
    </section>
  ) : (
    <Empty title="No screenshots yet">Screenshots of {toolName} will appear here once they are added.</Empty>
  );
}
