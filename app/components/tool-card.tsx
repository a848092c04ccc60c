import { Link } from "react-router";
import { cut, priceText, updatedLabel } from "~/lib/format";
import { useToolLock } from "~/lib/viewer";
import { LockIcon } from "./account/icons";
import { CompareButton } from "./compare/compare-button";
import { ToolLogo } from "./tool-logo";
import { badgeClass, buttonClass } from "./ui-classes";

export { ToolLogo };

export type ToolCardData = {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string;
  pricing_model: string;
  tags: string[];
  rating: number;
  review_count: number;
  is_featured: boolean;
  logo_url?: string | null;
  /** the monogram's colour comes from its domain (tool-logo.tsx) */
  website_url?: string | null;
  updated_at?: string | null;
  /** The last real change of the tool's facts; "Updated" is shown only when there is one. */
  facts_changed_at?: string | null;
  tier?: string;
  is_trending?: boolean;
  /** the price text (a verified correction, the editor): shown beside the pricing model */
  pricing?: { original?: string | null } | null;
  /** issue 33: "Free plan · from $X/mo" from the stated plans; preferred to the price text */
  plan_label?: string | null;
};

export type CardSize = "small" | "medium" | "large" | "list";

/** The spec's card rules: description cut at 60 (small) / 120 characters; tags 2, 3 or 4 by size, 3 on list cards. */
const RULES: Record<CardSize, { desc: number; tags: number }> = {
  small: { desc: 60, tags: 2 },
  medium: { desc: 120, tags: 3 },
  large: { desc: 240, tags: 4 },
  list: { desc: 120, tags: 3 },
};

/** The tool's logo, or a tile with its initials when there is none or it fails to load. */
export function ToolCard({ tool, size = "list" }: { tool: ToolCardData; size?: CardSize }) {
  const rule = RULES[size];
  // 'Updated' means a real change of the tool's facts, never the import date (issue 13).
  const updated = updatedLabel(tool.facts_changed_at);
  const model = tool.pricing_model && tool.pricing_model !== "Unknown" ? tool.pricing_model : null;
  const price = tool.plan_label ?? priceText(tool.pricing);
  const pricing = model && price ? `${model} · ${price}` : (model ?? price);
  // A tool listed for a higher tier than the viewer's is dimmed (spec section 5); its page shows the overview only.
  const lock = useToolLock(tool.tier);
  return (
    <article
      data-testid="tool-card"
      data-locked={lock.locked ? "true" : undefined}
      className={`card flex flex-col p-5 shadow-sm transition ${
        lock.locked
          ? "border-dashed border-slate-300 bg-slate-100 dark:border-slate-700 dark:bg-slate-900/60"
          : "hover:shadow-md"
      } ${size === "large" ? "sm:p-7" : ""}`}
    >
      <div className="flex items-start gap-3">
        <span className={lock.locked ? "grayscale [&_img]:opacity-50" : undefined}>
          <ToolLogo name={tool.name} url={tool.logo_url} site={tool.website_url} size={size === "large" ? 56 : 40} />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className={`font-semibold ${size === "large" ? "text-xl" : "text-base"}`}>
            <Link to={`/tools/${tool.slug}`} className="hover:text-brand-700 dark:hover:text-brand-100">
              {tool.name}
            </Link>
          </h3>
          <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{tool.category}</p>
        </div>
        {!lock.locked && tool.is_trending ? (
          <Link to="/trending" data-testid="trending-mark" className={badgeClass("brand", "shrink-0 hover:underline")}>
            Trending
          </Link>
        ) : null}
        {!lock.locked && tool.is_featured ? <span className={badgeClass("warning", "shrink-0")}>Featured</span> : null}
      </div>
      {lock.locked ? (
        <p className={badgeClass("neutral", "mt-3 w-fit")}>
          <LockIcon className="h-3 w-3" />
          {lock.label}
        </p>
      ) : null}
      <p className="mt-3 flex-1 text-sm text-slate-700 dark:text-slate-300">{cut(tool.description, rule.desc)}</p>
      {tool.tags.length ? (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
          {tool.tags.slice(0, rule.tags).map((tag) => (
            <li key={tag} className={badgeClass("neutral", "font-normal")}>
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600 dark:text-slate-400">
        {/* What helps choose: pricing, then rating and reviews when there are any, then a real update. */}
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="card-facts">
          {pricing ? <span className={badgeClass("brand")}>{pricing}</span> : null}
          {tool.review_count > 0 ? (
            <span>
              <span aria-hidden="true">★ </span>
              <span className="sr-only">Rated </span>
              {tool.rating.toFixed(1)} ({tool.review_count.toLocaleString("en-US")}{" "}
              {tool.review_count === 1 ? "review" : "reviews"})
            </span>
          ) : null}
          {updated ? <span>Updated {updated}</span> : null}
        </span>
        {lock.locked ? (
          <Link to="/pricing" className={buttonClass("primary", "xs", "shrink-0 font-semibold")}>
            Upgrade to access<span className="sr-only"> {tool.name}</span>
          </Link>
        ) : (
          <CompareButton toolId={tool.id} toolName={tool.name} />
        )}
      </div>
    </article>
  );
}
