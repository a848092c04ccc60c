import { Link } from "react-router";
import { useToolLock } from "~/lib/viewer";
import { ToolLogo } from "../tool-card";
import { badgeClass, buttonClass, cardClassOf } from "../ui-classes";

/** What the comparison reads of a tool (spec: tier, preview, provider, rating, reviewCount, pricing, website, features, pros, cons). */
export type CompareToolData = {
  id: string;
  slug: string;
  name: string;
  logo_url: string | null;
  /** the monogram's colour (tool-logo.tsx) */
  website_url?: string | null;
  preview_image_url: string | null;
  provider: string;
  category: string;
  rating: number;
  review_count: number;
  pricing_model: string;
  pricing: { original?: string; discounted?: string; discount?: string; dealEnds?: string } | null;
  tier: string;
  features: string[];
  pros: string[];
  cons: string[];
};

type Level = 2 | 3;
function Heading({ level, className, children }: { level: Level; className?: string; children: React.ReactNode }) {
  return level === 2 ? <h2 className={className}>{children}</h2> : <h3 className={className}>{children}</h3>;
}

/** Outbound links go through the click-tracking route with the compare source. */
export const visitHref = (slug: string) => `/go/${encodeURIComponent(slug)}?to=website&source=compare`;

const TIER_LABEL: Record<string, string> = { standard: "Standard", expert: "Expert" };

function Price({ tool }: { tool: CompareToolData }) {
  const p = tool.pricing;
  return (
    <span>
      {tool.pricing_model}
      {p?.discounted ? (
        <>
          {" · "}
          {p.original ? (
            <>
              <s className="text-slate-500 dark:text-slate-400">
                <span className="sr-only">was </span>
                {p.original}
              </s>{" "}
            </>
          ) : null}
          <span className="font-semibold">{p.discounted}</span>
          {p.discount ? <span className={badgeClass("success", "ml-1")}>{p.discount}</span> : null}
        </>
      ) : p?.original ? (
        ` · ${p.original}`
      ) : null}
    </span>
  );
}

/** One tool's card in the comparison; `remove` is the drawer's button or the page's link. */
export function CompareToolCard({
  tool,
  remove,
  headingLevel,
}: {
  tool: CompareToolData;
  remove: React.ReactNode;
  headingLevel: Level;
}) {
  const tier = TIER_LABEL[tool.tier];
  // Above the viewer's tier the server sent no features, pros, cons or prices: say why.
  const lock = useToolLock(tool.tier);
  return (
    <article data-testid="compare-card" className={cardClassOf("md", "flex min-w-0 flex-col")}>
      <div className="flex items-start gap-3">
        <ToolLogo name={tool.name} url={tool.logo_url} site={tool.website_url} size={44} />
        <div className="min-w-0 flex-1">
          <Heading level={headingLevel} className="truncate text-base font-semibold">
            <Link to={`/tools/${tool.slug}`} className="hover:text-brand-700 hover:underline dark:hover:text-brand-100">
              {tool.name}
            </Link>
          </Heading>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400">
            {tool.provider && tool.provider !== "Unknown" ? `by ${tool.provider}` : "Provider not listed"}
          </p>
        </div>
        {remove}
      </div>
      {tool.preview_image_url ? (
        <img
          src={tool.preview_image_url}
          alt={`${tool.name} preview`}
          loading="lazy"
          className="mt-3 aspect-video w-full rounded-lg border border-slate-200 object-cover dark:border-slate-700"
        />
      ) : null}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500 dark:text-slate-400">Category</dt>
        <dd className="min-w-0 truncate">{tool.category}</dd>
        <dt className="text-slate-500 dark:text-slate-400">Rating</dt>
        <dd>
          {tool.review_count > 0 ? (
            <>
              <span aria-hidden="true">★ </span>
              {tool.rating.toFixed(1)}{" "}
              <span className="text-slate-500 dark:text-slate-400">
                ({tool.review_count.toLocaleString("en-US")} {tool.review_count === 1 ? "review" : "reviews"})
              </span>
            </>
          ) : (
            "No reviews yet"
          )}
        </dd>
        <dt className="text-slate-500 dark:text-slate-400">Pricing</dt>
        <dd>
          <Price tool={tool} />
        </dd>
        {tier ? (
          <>
            <dt className="text-slate-500 dark:text-slate-400">Listing</dt>
            <dd>
              {lock.locked ? (
                <>
                  {lock.label} ·{" "}
                  <Link to="/pricing" className="font-medium text-brand-700 underline dark:text-brand-100">
                    Upgrade to access
                  </Link>
                </>
              ) : (
                `${tier} members`
              )}
            </dd>
          </>
        ) : null}
      </dl>
      <a
        href={visitHref(tool.slug)}
        target="_blank"
        rel="noopener"
        className={buttonClass("primary", "md", "mt-4 px-3 text-sm")}
      >
        Visit website<span className="sr-only"> of {tool.name} (opens in a new tab)</span>
        <span aria-hidden="true">↗</span>
      </a>
    </article>
  );
}

/** The tool cards side by side: as many columns as tools on wide screens, stacked on phones. */
export function CompareGrid({ children }: { children: React.ReactNode }) {
  return (
    <div className="grid gap-3" style={{ gridTemplateColumns: "repeat(auto-fit, minmax(14rem, 1fr))" }}>
      {children}
    </div>
  );
}

/** The empty slot beside the cards while the list is below the cap. */
export function CompareSlot({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-40 flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-slate-300 p-4 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
      {children}
    </div>
  );
}

/** 'No tools to compare' with the Browse Tools button. */
export function CompareEmpty({ headingLevel, onBrowse }: { headingLevel: Level; onBrowse?: () => void }) {
  return (
    <div className="py-10 text-center" data-testid="compare-empty">
      <Heading level={headingLevel} className="text-lg font-semibold">
        No tools to compare
      </Heading>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Add tools with the Compare button on any tool card to see them side by side.
      </p>
      {/* What a comparison answers, so the empty page shows what it is for (issue 36). */}
      {headingLevel === 2 ? (
        <ol className="mx-auto mt-6 grid max-w-2xl gap-3 text-left text-sm sm:grid-cols-3">
          {[
            ["Find tools", "Search or browse, then press Compare on each card."],
            ["See them side by side", "Prices, plans, features and our editors' summaries."],
            ["Work out the cost", "Enter your seats and usage: the cheapest fitting plan of each."],
          ].map(([title, text], i) => (
            <li key={title} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
              <span className={badgeClass("brand", "mb-2")}>{i + 1}</span>
              <p className="font-semibold">{title}</p>
              <p className="mt-1 text-slate-600 dark:text-slate-400">{text}</p>
            </li>
          ))}
        </ol>
      ) : null}
      <Link to="/tools" onClick={onBrowse} className={buttonClass("primary", "md", "mt-6 text-sm")}>
        Browse tools
      </Link>
    </div>
  );
}
