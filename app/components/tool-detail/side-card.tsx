import { Link } from "react-router";
import { CompareButton } from "~/components/compare/compare-button";

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
};

/** Every outbound link goes through /go, which records the click and redirects to the tool's own URL. */
export function goHref(slug: string, to: "website" | "demo" | "deal", source = "detail"): string {
  return `/go/${encodeURIComponent(slug)}?to=${to}&source=${source}`;
}

const outbound = "block rounded-lg px-4 py-2.5 text-center font-medium focus-visible:outline-2";

function OutLink({ href, label, primary }: { href: string; label: string; primary?: boolean }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener nofollow"
      className={`${outbound} ${
        primary
          ? "bg-brand-600 text-white hover:bg-brand-700"
          : "border border-slate-300 text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
      }`}
    >
      {label}
      <span aria-hidden="true"> ↗</span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

const dateFmt = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

export function SideCard({
  tool,
  deal,
  maxIncluded,
}: {
  tool: SideCardTool;
  deal: SideCardDeal | null;
  maxIncluded: number;
}) {
  const included = tool.features.slice(0, maxIncluded);
  return (
    <aside
      aria-label={`Get ${tool.name}`}
      className="h-fit rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-20 dark:border-slate-800 dark:bg-slate-900"
    >
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
            {deal.discount ? (
              <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-semibold text-white">
                {deal.discount}
              </span>
            ) : null}
          </p>
          {deal.endsAt ? <p className="mt-1 text-xs">Ends {dateFmt(deal.endsAt)}</p> : null}
        </div>
      ) : null}
      <div className="space-y-2.5">
        {deal ? <OutLink href={goHref(tool.slug, "deal")} primary label="Get Deal" /> : null}
        {tool.demo_url ? <OutLink href={goHref(tool.slug, "demo")} label="Try Demo" /> : null}
        <OutLink href={goHref(tool.slug, "website")} primary={!deal} label="Visit Website" />
      </div>

      {included.length ? (
        <div className="mt-5">
          <h2 className="text-sm font-semibold">What's included</h2>
          <ul className="mt-2 space-y-1.5 text-sm text-slate-700 dark:text-slate-300">
            {included.map((f) => (
              <li key={f} className="flex gap-2">
                <span aria-hidden="true" className="text-emerald-700 dark:text-emerald-400">
                  ✓
                </span>
                {f}
              </li>
            ))}
          </ul>
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

      <div className="mt-4 flex justify-center">
        <CompareButton toolId={tool.id} toolName={tool.name} />
      </div>

      <p className="mt-4 border-t border-slate-200 pt-4 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
        <Link to="/pricing" className="font-medium text-slate-800 hover:underline dark:text-slate-200">
          Toolscape memberships
        </Link>
        : 30-day money-back guarantee, no setup fees.
      </p>
    </aside>
  );
}
