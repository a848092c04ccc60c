import { Suspense, useEffect } from "react";
import { data, Form, Link, redirect, useNavigate } from "react-router";
import { CompareEmpty, CompareGrid, CompareSlot, CompareToolCard } from "~/components/compare/compare-view";
import { badgeClass, buttonClass, controlClass } from "~/components/ui-classes";
import { loadEntitlements, viewerOf } from "~/lib/accounts.server";
import { ComparePageParams, getComparePage } from "~/lib/catalog.server";
import { useCompareIds } from "~/lib/compare";
import { firstIssue } from "~/lib/form-action.server";
import { Island } from "~/lib/island";
import { originOf } from "~/lib/site-origin.server";
import { splitComponent } from "~/lib/split";
import { TIER_LABELS } from "~/lib/tiers";
import type { Route } from "./+types/index";

// The feature table and pros and cons: static islands, their code loaded only when the browser
// renders them (ADR 0055).
const tables = () => import("~/components/compare/compare-tables");
const FeatureTable = splitComponent(() => tables().then((m) => m.FeatureTable));
const ProsCons = splitComponent(() => tables().then((m) => m.ProsCons));
// Compare by cost (issue 33): a plain GET form and its answer, a static island too.
const CompareCostSection = splitComponent(() =>
  import("~/components/compare/compare-cost").then((m) => m.CompareCostSection),
);
const notes = () => import("~/components/compare/compare-notes");
const CompareNotes = splitComponent(() => notes().then((m) => m.CompareNotes));
const CompareError = splitComponent(() => notes().then((m) => m.CompareError));
// Shown only once JavaScript runs (it needs the clipboard): its code loads then, not with the page.
const ShareButton = splitComponent(() => import("~/components/compare/share-button").then((m) => m.ShareButton));
const Breadcrumb = splitComponent(() => import("~/components/breadcrumb").then((m) => m.Breadcrumb));

const compareHref = (slugs: string[]) => (slugs.length ? `/compare?tools=${slugs.join(",")}` : "/compare");

export function meta({ data, location }: Route.MetaArgs) {
  const tools = data?.comparison?.tools ?? [];
  const origin = data?.origin ?? "";
  if (!tools.length) {
    return [
      { title: "Tool Comparison | Toolscape" },
      { name: "description", content: "Compare AI tools side by side: features, pricing, ratings, pros and cons." },
      { name: "robots", content: "noindex" },
      { tagName: "link", rel: "canonical", href: `${origin}${location.pathname}` },
    ];
  }
  const names = tools.map((t) => t.name);
  return [
    { title: `${names.join(" vs ")} — Tool Comparison | Toolscape` },
    {
      name: "description",
      content: `Compare ${names.join(", ")} side by side: features, pricing, ratings, pros and cons.`,
    },
    { tagName: "link", rel: "canonical", href: `${origin}${compareHref(tools.map((t) => t.slug))}` },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tools = url.searchParams
    .getAll("tools")
    .filter((v) => v.trim())
    .join(",");
  const opt = (k: string) => url.searchParams.get(k)?.trim() || undefined;
  const parsed = ComparePageParams.safeParse({ tools, add: opt("add"), seats: opt("seats"), usage: opt("usage") });
  if (!parsed.success) {
    return data(
      {
        origin: originOf(context),
        error: firstIssue(parsed.error, "Invalid comparison"),
        comparison: null,
        notice: null,
        caps: null,
        cost: null,
        sheet: null,
        summaries: {} as Record<string, string>,
      },
      { status: 400 },
    );
  }
  const { db } = context.services;
  const [viewer, entitlements] = await Promise.all([viewerOf(context, request), loadEntitlements(db)]);
  const tier = viewer?.tier ?? null;
  // The viewer's tier sets the cap (visitors: the free cap); the same rule as the drawer and the API.
  const page = await getComparePage(db, parsed.data, { cap: entitlements.compareCap(tier ?? "free"), tier });
  if (page.kind === "redirect") throw redirect(compareHref(page.slugs));
  const caps = { standard: entitlements.compareCap("standard"), expert: entitlements.compareCap("expert") };
  return {
    origin: originOf(context),
    error: null,
    comparison: page.comparison,
    notice: page.notice,
    caps,
    cost: page.cost,
    // The detailed sheet (issue 34 item 2): a link for Standard and Expert, the plan to get for others.
    sheet: {
      allowed: viewer?.can("detailed_comparisons") ?? false,
      signedIn: !!viewer,
      plan: (() => {
        const from = entitlements.lowestTierWith("detailed_comparisons");
        return from ? TIER_LABELS[from] : null;
      })(),
    },
    summaries: page.summaries,
  };
}

/**
 * `/compare` with nothing asked for (the footer link, the menu) opens what the drawer holds: its list
 * lives in the browser (localStorage), so the page asks for it by address once it has loaded (issue 21).
 */
function OpenDrawerTools({ empty }: { empty: boolean }) {
  const ids = useCompareIds();
  const navigate = useNavigate();
  useEffect(() => {
    if (empty && ids.length) navigate(`/compare?tools=${ids.map(encodeURIComponent).join(",")}`, { replace: true });
  }, [empty, ids, navigate]);
  return null;
}

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { comparison, error, notice, origin, caps, cost, sheet } = loaderData;
  const tools = comparison?.tools ?? [];
  const max = comparison?.max ?? 0;
  const slugs = tools.map((t) => t.slug);
  return (
    <div>
      <OpenDrawerTools empty={!error && tools.length === 0} />
      <Island
        id="compare-breadcrumb"
        component={Breadcrumb}
        props={{ items: [{ label: "Home", to: "/" }, { label: "Tools", to: "/tools" }, { label: "Compare" }] }}
      />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Tool Comparison</h1>
        {comparison ? (
          <span className={badgeClass("brand", "px-2.5 text-sm")}>
            {tools.length} of {max}
          </span>
        ) : null}
        {tools.length ? (
          // The button arrives after hydration: its box is kept from the first paint, so at 390 px the row
          // wraps once, on the server's HTML, and the cards below never move (issue 36: CLS 0.043).
          <div className="ml-auto flex min-h-[2.375rem] min-w-[5.5rem] justify-end">
            <Suspense fallback={null}>
              <ShareButton url={`${origin}${compareHref(slugs)}`} />
            </Suspense>
          </div>
        ) : null}
      </div>

      {error ? <Island id="compare-error" component={CompareError} props={{ error }} /> : null}

      {comparison ? (
        <>
          <Island
            id="compare-notes"
            component={CompareNotes}
            props={{
              count: tools.length,
              max,
              notice: notice ?? null,
              omitted: comparison.omitted,
              missing: comparison.missing.length,
              caps: caps ?? null,
            }}
          />

          {tools.length === 0 ? (
            <CompareEmpty headingLevel={2} />
          ) : (
            <div className="mt-6">
              <Island
                id="compare-cost"
                component={CompareCostSection}
                props={{ slugs, names: Object.fromEntries(tools.map((t) => [t.id, t.name])), cost: cost ?? null }}
              />
              {sheet ? (
                <p
                  className="my-4 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
                  data-testid="sheet-offer"
                >
                  {sheet.allowed ? (
                    <a
                      href={`/compare/sheet?tools=${slugs.join(",")}${cost ? `&seats=${cost.seats}&usage=${cost.usage}` : ""}`}
                      className="font-semibold underline"
                    >
                      Open the detailed comparison sheet
                    </a>
                  ) : (
                    <>
                      The detailed comparison sheet (plans and cost for your usage, every fact with its source and date,
                      differences highlighted, shareable and printable) is available for{" "}
                      {sheet.plan ? `${sheet.plan} and Expert members` : "no plan right now"}.{" "}
                      <Link
                        to={sheet.signedIn ? "/pricing" : "/sign-in?redirectTo=%2Fcompare"}
                        className="font-semibold underline"
                      >
                        {sheet.signedIn ? `Upgrade to ${sheet.plan}` : "Sign in"}
                      </Link>
                    </>
                  )}
                </p>
              ) : null}
              <CompareGrid>
                {tools.map((tool) => (
                  <CompareToolCard
                    key={tool.id}
                    tool={tool}
                    headingLevel={2}
                    remove={
                      <Link
                        to={compareHref(slugs.filter((s) => s !== tool.slug))}
                        aria-label={`Remove ${tool.name} from comparison`}
                        className={buttonClass("ghost", "xs", "rounded-md text-sm text-slate-600 dark:text-slate-400")}
                      >
                        <span aria-hidden="true">✕</span>
                      </Link>
                    }
                  />
                ))}
                {tools.length < max ? (
                  <CompareSlot>
                    <Form method="get" action="/compare" className="flex w-full max-w-xs flex-col gap-2 text-left">
                      <input type="hidden" name="tools" value={slugs.join(",")} />
                      <label htmlFor="compare-add" className="font-medium text-slate-800 dark:text-slate-200">
                        Add a tool
                      </label>
                      <div className="flex gap-2">
                        <input
                          id="compare-add"
                          name="add"
                          type="search"
                          required
                          placeholder="Tool name"
                          className={controlClass("sm", "min-w-0 flex-1")}
                        />
                        <button type="submit" className={buttonClass()}>
                          Add
                        </button>
                      </div>
                    </Form>
                  </CompareSlot>
                ) : null}
              </CompareGrid>
              <Island id="compare-features" component={FeatureTable} props={{ tools, headingLevel: 2 }} />
              <Island
                id="compare-pros-cons"
                component={ProsCons}
                props={{ tools, headingLevel: 2, summaries: loaderData.summaries }}
              />
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}
