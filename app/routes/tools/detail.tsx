import { Suspense, useEffect, useMemo, useState } from "react";
import { data, Link, redirect, useSubmit } from "react-router";
import { SaveToggles, type ToggleResult } from "~/components/tool-detail/save-toggles";
import { SideCard } from "~/components/tool-detail/side-card";
import { type TabPanel, ToolTabs } from "~/components/tool-detail/tool-tabs";
import { toolNotFoundMeta } from "~/components/tool-not-found";
import { buttonClass } from "~/components/ui-classes";
import {
  CHANGE_ALERT_FEATURE,
  CHANGE_ALERT_TEXT,
  changeAlertFor,
  listingAccessOf,
  savedToolState,
  setSavedTool,
  type ToolPageAccess,
  tierOf,
  toolAccessOptions,
  toolPageAccess,
  viewerOf,
} from "~/lib/accounts.server";
import { getToolPage, mergedTarget, ToolPageParams, type ToolTab } from "~/lib/catalog.server";
import {
  getMyReview,
  getToolPollQuestion,
  listChoicesFor,
  listToolReviews,
  myReviewMarks,
  REVIEW_LIMITS,
  ReviewListQuery,
  toolCommunity,
} from "~/lib/community.server";
import { hasLockedDeal, liveDealForTool, toolListingNotice } from "~/lib/content.server";
import { sideCardDeal } from "~/lib/deals";
import { formAction } from "~/lib/form-action.server";
import { updatedLabel } from "~/lib/format";
import { Island } from "~/lib/island";
import { linkHealth } from "~/lib/linkcheck.server";
import { manifestConflictsFor } from "~/lib/observer.server";
import { useAudience, usePersonal } from "~/lib/personal";
import { TOGGLE_MESSAGES } from "~/lib/saved-tools";
import { originOf } from "~/lib/site-origin.server";
import { splitComponent } from "~/lib/split";
import { costForm } from "~/lib/tool-plans.server";
import { toolMeta } from "~/lib/tool-seo";
import { hasVerifiedMaker } from "../makers/makers.server";
import type { Route } from "./+types/detail";
import {
  answerPollVote,
  answerReview,
  type CommunityActionData,
  communityShape,
  ToolPageForm,
} from "./community.server";

export { shouldRevalidate } from "~/lib/revalidate";

// Shown only to some viewers (past their daily views or below the tool's tier) and for unknown
// tools: the usual tool page does not load them.
const ToolLockPrompt = splitComponent(() => import("~/components/tool-detail/tool-lock").then((m) => m.ToolLockPrompt));
// The top-list menu is for signed-in members only: visitors get a sign-in link, not its code.
const AddToList = splitComponent(() => import("~/components/tool-detail/add-to-list").then((m) => m.AddToList));
// The parts with no behaviour of their own: static islands, not part of the page's first load.
const parts = () => import("~/components/tool-detail/static-parts");
const ToolHead = splitComponent(() => parts().then((m) => m.ToolHead));
const Overview = splitComponent(() => parts().then((m) => m.Overview));
const Features = splitComponent(() => parts().then((m) => m.Features));
const Screenshots = splitComponent(() => parts().then((m) => m.Screenshots));
// Only tools with a poll load the widget's code (the tool page's first-load budget, ADR 0006).
const PollWidget = splitComponent(() => import("~/components/tool-detail/poll-widget").then((m) => m.PollWidget));
const Reviews = splitComponent(() => import("~/components/tool-detail/reviews").then((m) => m.Reviews));
const Alternatives = splitComponent(() => import("~/components/tool-detail/alternatives").then((m) => m.Alternatives));
// Provenance and history (issue 20): static islands, public (the same for every viewer).
const facts = () => import("~/components/tool-detail/fact-parts");
const FactSources = splitComponent(() => facts().then((m) => m.FactSources));
const FactHistory = splitComponent(() => facts().then((m) => m.FactHistory));
const ChangeAlertControl = splitComponent(() => facts().then((m) => m.ChangeAlertControl));
// The graveyard notice rides with the static parts (no import of its own in the first load).
const GoneNotice = splitComponent(() => parts().then((m) => m.GoneNotice));
// Plans and the cost form (issue 33): a static island; the form is a GET the loader answers.
const PlanTable = splitComponent(() => import("~/components/tool-detail/plan-parts").then((m) => m.PlanTable));
// "Before you buy" (issue 33 item 5): the decision facts with their sources, a static island too.
const DecisionCard = splitComponent(() =>
  import("~/components/tool-detail/decision-parts").then((m) => m.DecisionCard),
);
// Its success stories and AMAs (issue 35): links only, a static island.
const ToolCommunityLinks = splitComponent(() =>
  import("~/components/tool-detail/community-links").then((m) => m.ToolCommunityLinks),
);
const ToolNotFound = splitComponent(() => import("~/components/tool-not-found").then((m) => m.ToolNotFound));

// Built by the loader on the server: tool-seo stays out of the browser bundle.
export function meta({ data }: Route.MetaArgs) {
  return data?.meta ?? [];
}

/** A counted or gated view is personal: browsers and the HTML cache must not keep it for anyone else. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { tab } = ToolPageParams.parse({ tab: url.searchParams.get("tab") ?? undefined });
  const { db } = context.services;
  const viewer = await viewerOf(context, request);
  // Daily views and tool tiers (ADR 0004): the module decides; locked sections never leave the server.
  const seen: { access?: ToolPageAccess } = {};
  const now = context.services.clock.now();
  let dealRow = false;
  // Editors' Expert-only and early-access deals (ADR 0083) open by the viewer's entitlements.
  const can = await listingAccessOf(context, viewer);
  const page = await getToolPage(db, params.idOrSlug, {
    now,
    viewerTier: tierOf(context, viewer),
    deal: async (toolId) => {
      const deal = await liveDealForTool(db, toolId, now, can);
      dealRow = deal !== null;
      return deal ? sideCardDeal(deal) : null;
    },
    gate: async (tool) => {
      seen.access = await toolPageAccess(db, viewer, request, tool, toolAccessOptions(context));
      return seen.access.lock;
    },
  });
  if (!page) {
    // A duplicate an admin merged into another listing: its old address leads there for good.
    const target = await mergedTarget(db, params.idOrSlug);
    if (target) throw redirect(`/tools/${target.slug}${url.search}`, 301);
  }
  // An editor's mark on the tool (public: its kind and public day), and a deal this viewer may not open.
  const [listing, dealLocked] = await Promise.all([
    page ? toolListingNotice(db, page.tool.id) : null,
    page && !page.lock ? hasLockedDeal(db, page.tool.id, now, can) : false,
  ]);
  const headers = new Headers();
  // A deal ends by the clock, not by an edit: a page showing one is never kept in the page cache.
  if (seen.access?.personal || (dealRow && page?.deal) || dealLocked) headers.set("Cache-Control", "private, no-store");
  for (const cookie of seen.access?.setCookies ?? []) headers.append("Set-Cookie", cookie);
  // Reviews and the poll question are public (the cached page carries them); a member's own review
  // and marks only on their personal page. A locked view shows neither. (Independent reads: at once.)
  const reviewQuery = ReviewListQuery.parse({
    sort: url.searchParams.get("rsort") ?? undefined,
    page: url.searchParams.get("rpage") ?? undefined,
  });
  const open = page && !page.lock ? page.tool.id : null;
  const [saved, listChoices, reviews, poll, mine, health, claimed, community] = await Promise.all([
    page && viewer ? savedToolState(db, viewer.user.id, page.tool.id) : null,
    page && viewer ? listChoicesFor(db, viewer, page.tool.id) : null,
    open ? listToolReviews(db, open, reviewQuery, context.services.clock.now()) : null,
    open ? getToolPollQuestion(db, open) : null,
    open && viewer ? getMyReview(db, viewer.user.id, open, context.services.clock.now()) : null,
    page ? linkHealth(db, page.tool.id, context.services.clock.now()) : null,
    page ? hasVerifiedMaker(db, page.tool.id) : false,
    // Issue 35: its success stories and AMAs (public, so on the cached page).
    open ? toolCommunity(db, open) : null,
  ]);
  // Change alerts (issue 20): whether the member's plan has them, and their choice for this tool.
  const alert =
    page && viewer && saved
      ? {
          entitled: viewer.can(CHANGE_ALERT_FEATURE),
          saved: saved.saved || saved.favorite,
          frequency: await changeAlertFor(db, viewer.user.id, page.tool.id),
        }
      : null;
  const marks =
    viewer && reviews
      ? await myReviewMarks(
          db,
          viewer.user.id,
          reviews.items.map((r) => r.id),
        )
      : { helpful: [], reported: [] };
  // `now` travels with the data so the server and the browser print the same 'updated' label.
  const result = {
    page,
    meta: page ? toolMeta(page.tool, originOf(context)) : toolNotFoundMeta,
    tab,
    // The 'updated' label is worded here, so the page and its static islands read the same.
    // 'Updated' is the last real change of the tool's facts (none yet: no label), never the import date.
    updated: page ? updatedLabel(page.tool.facts_changed_at, Date.now()) : null,
    health,
    // Public: whether a verified maker stands behind the listing (issue 20).
    claimed,
    community,
    listing,
    dealLocked,
    views: seen.access?.views ?? null,
    saved,
    alert,
    alertUpsell: CHANGE_ALERT_TEXT.upsell,
    listChoices,
    signedIn: viewer !== null,
    viewerId: viewer?.user.id ?? null,
    reviewLimits: {
      commentMin: REVIEW_LIMITS.commentMin,
      commentMax: REVIEW_LIMITS.commentMax,
      reasonMax: REVIEW_LIMITS.reasonMax,
    },
    reviews,
    poll,
    mine,
    marks,
    // Plans and "what will this cost me" (issue 33): prices, so not for a locked view.
    plans:
      page && !page.lock
        ? {
            ...costForm(page.tool.plans, url.searchParams),
            // Where the maker's manifest and the pricing page disagree (ADR 0071): a quiet note under the table.
            conflicts: page.tool.plans?.length ? await manifestConflictsFor(db, page.tool.id) : [],
          }
        : null,
  };
  return data(result, { status: page ? 200 : 404, headers });
}

/**
 * Save / favourite toggles (members' lists live in their account; visitors without JavaScript are
 * asked to sign in), and the review and poll forms (./community.server.ts; a visitor may vote in a
 * poll, the module refuses what they may not do).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  const path = `/tools/${params.idOrSlug}`;
  return formAction(
    request,
    ToolPageForm,
    async (input) => {
      switch (input.intent) {
        case "poll-vote":
          return answerPollVote(context, request, viewer, params.idOrSlug, input);
        case "review-save":
        case "review-delete":
        case "review-helpful":
        case "review-report":
          return answerReview(context, viewer, params.idOrSlug, input);
        case "toggle": {
          if (!viewer) throw redirect(`/sign-in?redirectTo=${encodeURIComponent(path)}`);
          const { kind, on } = input;
          await setSavedTool(context.services.db, viewer.user.id, params.idOrSlug, kind, on);
          return data<ToggleResult>(
            { ok: true, kind, on, message: TOGGLE_MESSAGES[kind][on ? "on" : "off"] },
            { headers: { "Cache-Control": "private, no-store" } },
          );
        }
      }
    },
    { shape: communityShape },
  );
}

/** A visitor's count on a page from the cache: only the readable cookie knows it (see view-cookie.ts). */
const COUNT_COOKIE = /(?:^|;\s*)ts_views_n=(\d{4}-\d{2}-\d{2})\.(\d{1,3})\.(\d{1,3})(?:;|$)/;

/**
 * "Free tool views today: N of 10". The server prints it when it counted the view while rendering;
 * the public page (the same cached bytes for every visitor) has no count, so the browser reads it
 * after hydration, and server and browser render the same first.
 */
function FreeViews({
  views,
  fromCookie,
}: {
  views: { used: number; limit: number | null } | null;
  fromCookie: boolean;
}) {
  const [cookieViews, setCookieViews] = useState<{ used: number; limit: number } | null>(null);
  useEffect(() => {
    if (views || !fromCookie) return setCookieViews(null);
    const m = COUNT_COOKIE.exec(document.cookie);
    setCookieViews(
      m && m[1] === new Date().toISOString().slice(0, 10) ? { used: Number(m[2]), limit: Number(m[3]) } : null,
    );
  }, [views, fromCookie]);
  const shown = views ?? cookieViews;
  // The cached public page learns the count only after hydration: its place in the row is reserved from
  // the first paint (same width and line height), so the count fills it without moving anything (issue 36:
  // CLS 0.135–0.155 on tool pages came from this line arriving late).
  const reserve = fromCookie && !views ? "inline-block min-h-5 min-w-[15rem]" : "";
  if (!shown || shown.limit === null) {
    return reserve ? <span data-testid="tool-views-slot" aria-hidden="true" className={reserve} /> : null;
  }
  return (
    <p data-testid="tool-views" className={`text-sm text-slate-600 dark:text-slate-400 ${reserve}`.trim()}>
      Free tool views today: {Math.min(shown.used, shown.limit)} of {shown.limit}
    </p>
  );
}

/** What an Expert member reads on a tool an editor marked (ADR 0083): why they see it, and until when. */
function ListingBadge({ listing }: { listing: { kind: string; publicFrom: string | null } }) {
  return (
    <p data-testid="listing-badge" className="mt-3 text-sm font-medium text-amber-900 dark:text-amber-200">
      {listing.kind === "early_access" && listing.publicFrom
        ? `Early access for Expert members: everyone sees this listing from ${dayLabel(listing.publicFrom)}.`
        : "Expert-only listing, chosen by Toolscape's editors."}
    </p>
  );
}

/** A live deal on this tool that only Expert members may open (its terms were not sent). */
function LockedDealNote({ toolName }: { toolName: string }) {
  return (
    <p
      data-testid="locked-deal"
      className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      Expert members have a deal on {toolName}.{" "}
      <Link to="/pricing" className="font-semibold underline">
        Upgrade to Expert
      </Link>{" "}
      to see its price and code.
    </p>
  );
}

const dayLabel = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

const TAB_LABELS: Record<ToolTab, string> = {
  overview: "Overview",
  features: "Features",
  alternatives: "Alternatives",
  screenshots: "Screenshots",
  reviews: "Reviews",
  history: "History",
};

export default function ToolDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { page, tab, updated, health, reviews, poll, reviewLimits } = loaderData;
  // A member's shared page (ADR 0032): their own parts come from the personal request after
  // hydration; a page rendered for them (after an action, a client navigation) has them already.
  const audience = useAudience();
  const personal = usePersonal();
  const own = personal?.tool;
  const mineHere = own?.id === page?.tool.id ? own : null;
  const member = audience !== null;
  const signedIn = loaderData.signedIn || member;
  const saved = loaderData.saved ?? mineHere?.saved ?? null;
  const listChoices = loaderData.listChoices ?? mineHere?.listChoices ?? null;
  const views = loaderData.views ?? mineHere?.views ?? null;
  const viewerId = loaderData.viewerId ?? personal?.viewer.id ?? null;
  const mine = loaderData.mine ?? mineHere?.mine ?? null;
  const marks = loaderData.signedIn ? loaderData.marks : (mineHere?.marks ?? loaderData.marks);
  const alert = loaderData.alert ?? mineHere?.alert ?? null;
  const { alertUpsell } = loaderData;
  const posted = (
    actionData && ("review" in actionData || "poll" in actionData) ? actionData : {}
  ) as CommunityActionData;
  const submit = useSubmit();
  const toolRef = useMemo(
    () => (page ? { id: page.tool.id, slug: page.tool.slug, name: page.tool.name } : null),
    [page],
  );
  if (!page || !toolRef) {
    return (
      <Suspense fallback={null}>
        <ToolNotFound />
      </Suspense>
    );
  }
  const { tool, deal, alternatives, limits, lock } = page;
  const categoryHref = `/tools?category=${encodeURIComponent(tool.category_slug)}`;
  const features = tool.features.slice(0, limits.features);
  const useCases = tool.use_cases.slice(0, limits.useCases);

  // Empty tabs are not offered (issue 36); a tab asked for by its address still opens. With no
  // review yet, the overview carries the way to write the first one.
  const hasReviews = tool.review_count > 0 || (reviews?.items.length ?? 0) > 0 || mine !== null;
  const shown: Record<ToolTab, boolean> = {
    overview: true,
    features: features.length > 0,
    alternatives: true,
    screenshots: tool.screenshots.length > 0,
    reviews: hasReviews && reviews !== null,
    history: true,
  };
  const allPanels: TabPanel<ToolTab>[] = [
    {
      value: "overview",
      label: TAB_LABELS.overview,
      content: (
        <>
          <Island id="tool-overview" component={Overview} props={{ tool, useCases }} />
          {!hasReviews && reviews ? (
            <p className="mt-6 text-sm" data-testid="first-review">
              <a
                href={`/tools/${tool.slug}?tab=reviews#tabs`}
                className="font-medium text-brand-700 underline hover:no-underline dark:text-indigo-300"
              >
                Be the first to review {tool.name}
              </a>
            </p>
          ) : null}
        </>
      ),
    },
    {
      value: "features",
      label: TAB_LABELS.features,
      count: features.length,
      content: <Island id="tool-features" component={Features} props={{ toolName: tool.name, features }} />,
    },
    {
      value: "alternatives",
      label: TAB_LABELS.alternatives,
      count: alternatives.length,
      // Static until the tab opens; then live cards (their Compare buttons have state).
      content: (open) => (
        <Island
          id="tool-alternatives"
          component={Alternatives}
          props={{ toolName: tool.name, category: tool.category, categoryHref, alternatives }}
          live={open}
        />
      ),
    },
    {
      value: "screenshots",
      label: TAB_LABELS.screenshots,
      count: tool.screenshots.length,
      content: (
        <Island
          id="tool-screenshots"
          component={Screenshots}
          props={{ toolName: tool.name, screenshots: tool.screenshots }}
        />
      ),
    },
    {
      value: "reviews",
      label: TAB_LABELS.reviews,
      count: tool.review_count,
      content: reviews ? (
        <Island
          id="tool-reviews"
          component={Reviews}
          props={{
            toolSlug: tool.slug,
            toolName: tool.name,
            page: reviews,
            mine,
            marks,
            signedIn,
            viewerId,
            result: posted.review ?? null,
            limits: reviewLimits,
          }}
          // With JavaScript the forms are submitted in place (the page's action, then its data again).
          onSubmit={(event) => {
            const form = event.target;
            if (!(form instanceof HTMLFormElement)) return;
            event.preventDefault();
            submit(form, {
              method: "post",
              action: form.getAttribute("action") ?? undefined,
              preventScrollReset: true,
            });
          }}
        />
      ) : null,
    },
    {
      value: "history",
      label: TAB_LABELS.history,
      content: (
        <>
          <Island
            id="tool-history"
            component={FactHistory}
            props={{ history: page.facts.history, toolName: tool.name }}
          />
          <Island
            id="tool-change-alert"
            component={ChangeAlertControl}
            props={{ state: alert, toolSlug: tool.slug, upsell: alertUpsell, member }}
          />
        </>
      ),
    },
  ];
  const panels = allPanels.filter((p) => shown[p.value] || p.value === tab);

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr]">
      <header className="lg:col-start-1">
        {tool.status === "gone" ? (
          <Island
            id="tool-gone"
            component={GoneNotice}
            props={{
              toolName: tool.name,
              goneAt: "gone_at" in tool ? tool.gone_at : null,
              successors: alternatives.slice(0, 3).map((a) => ({ slug: a.slug, name: a.name })),
            }}
          />
        ) : null}
        <Island
          id="tool-head"
          component={ToolHead}
          props={{
            tool,
            categoryHref,
            updated,
            health,
            // The first screen says what the tool does (issue 36 item 2): its one-line description, always. When the
            // source's long text is that same line (72 % of the seed), "About" below does not repeat it.
            lead: tool.description.trim() || null,
          }}
        />
        {loaderData.listing && !lock ? <ListingBadge listing={loaderData.listing} /> : null}
        <div className="relative mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
          <SaveToggles tool={toolRef} state={saved} member={member} />
          {lock ? null : listChoices ? (
            // The member's lists arrive after hydration: until the popover's chunk loads, the link it
            // replaces stays, the same size, so the row does not close up and reopen (issue 36: CLS 0.145
            // on a member's tool page at 1280 px).
            <Suspense
              fallback={
                <a href={`/tools/${page.tool.slug}?own=1`} className={buttonClass("secondary", "sm", "px-3 py-1.5")}>
                  Add to list
                </a>
              }
            >
              <AddToList tool={toolRef} choices={listChoices} />
            </Suspense>
          ) : member ? (
            // A member's shared page: their lists arrive by script; without it, their own render of
            // this page (`?own=1`, rendered per request) has the plain forms (issue 31).
            <a href={`/tools/${page.tool.slug}?own=1`} className={buttonClass("secondary", "sm", "px-3 py-1.5")}>
              Add to list
            </a>
          ) : (
            <Link
              to={`/sign-in?redirectTo=${encodeURIComponent(`/tools/${page.tool.slug}`)}`}
              className={buttonClass("secondary", "sm", "px-3 py-1.5")}
            >
              Add to list
            </Link>
          )}
          {lock ? null : <FreeViews views={views} fromCookie={!signedIn} />}
          <a
            href={`/tools/${tool.slug}/discussions`}
            className="text-sm text-slate-600 underline hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
          >
            Discussions
          </a>
          <a
            href={`/tools/${tool.slug}/correct`}
            className="text-sm text-slate-600 underline hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
          >
            Suggest a correction
          </a>
          <a
            href={`/tools/${tool.slug}/claim`}
            className="text-sm text-slate-600 underline hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
          >
            {loaderData.claimed ? "Claimed by its maker · Maker tools" : "Are you the maker? Claim this listing"}
          </a>
        </div>
      </header>

      <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <SideCard tool={tool} deal={deal} maxIncluded={limits.features} alternatives={lock ? [] : alternatives} />
        {loaderData.dealLocked ? <LockedDealNote toolName={tool.name} /> : null}
      </div>

      <div className="min-w-0 lg:col-start-1">
        {lock ? (
          // Overview only: the gated sections were not sent, the prompt says why and how to open them.
          <div className="space-y-8">
            <Suspense fallback={null}>
              <ToolLockPrompt
                lock={lock}
                listing={loaderData.listing}
                toolName={tool.name}
                signedIn={signedIn}
                returnTo={`/tools/${tool.slug}`}
              />
            </Suspense>
            <Island id="tool-overview" component={Overview} props={{ tool, useCases: [] }} />
            <Island
              id="tool-history"
              component={FactHistory}
              props={{ history: page.facts.history, toolName: tool.name }}
            />
          </div>
        ) : (
          <>
            {poll ? (
              <div className="mb-6">
                <Suspense fallback={null}>
                  <PollWidget
                    question={poll}
                    toolId={tool.id}
                    action={`/tools/${tool.slug}`}
                    posted={posted.poll ?? null}
                  />
                </Suspense>
              </div>
            ) : null}
            <ToolTabs
              key={`${tool.id}:${tab}`}
              basePath={`/tools/${tool.slug}`}
              initial={tab}
              defaultTab="overview"
              panels={panels}
              label={`About ${tool.name}`}
            />
          </>
        )}
        {loaderData.plans ? (
          <Island
            id="tool-plans"
            component={PlanTable}
            props={{ slug: tool.slug, plans: tool.plans, ...loaderData.plans }}
          />
        ) : null}
        {tool.decision ? (
          <Island id="tool-decision" component={DecisionCard} props={{ decision: tool.decision }} />
        ) : null}
        {loaderData.community ? (
          <Island
            id="tool-community"
            component={ToolCommunityLinks}
            props={{
              tool: { name: tool.name, slug: tool.slug },
              community: loaderData.community,
              claimed: loaderData.claimed,
            }}
          />
        ) : null}
        <Island
          id="tool-sources"
          component={FactSources}
          props={{ provenance: page.facts.provenance, websiteUrl: tool.website_url }}
        />
      </div>
    </div>
  );
}
