import { Suspense, useMemo } from "react";
import { data, Link, redirect } from "react-router";
import { Breadcrumb } from "~/components/breadcrumb";
import { ToolCard } from "~/components/tool-card";
import { SaveToggles, type ToggleResult } from "~/components/tool-detail/save-toggles";
import { SideCard } from "~/components/tool-detail/side-card";
import { type TabPanel, ToolTabs } from "~/components/tool-detail/tool-tabs";
import { ToolLogo } from "~/components/tool-logo";
import { toolNotFoundMeta } from "~/components/tool-not-found";
import {
  AppError,
  SavedToolToggle,
  savedToolState,
  secureCookies,
  setSavedTool,
  type ToolPageAccess,
  toolPageAccess,
  viewerOf,
} from "~/lib/accounts.server";
import { getToolPage, ToolPageParams, type ToolTab } from "~/lib/catalog.server";
import { updatedLabel } from "~/lib/format";
import { TOGGLE_MESSAGES } from "~/lib/saved-tools";
import { splitComponent } from "~/lib/split";
import { toolMeta } from "~/lib/tool-seo";
import type { Route } from "./+types/detail";

// Shown only to some viewers (past their daily views or below the tool's tier) and for unknown
// tools: the usual tool page does not load them.
const ToolLockPrompt = splitComponent(() => import("~/components/tool-detail/tool-lock").then((m) => m.ToolLockPrompt));
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
  const page = await getToolPage(db, params.idOrSlug, {
    viewerTier: viewer?.tier ?? null,
    gate: async (tool) => {
      seen.access = await toolPageAccess(db, viewer, request, tool, { secure: secureCookies(context) });
      return seen.access.lock;
    },
  });
  const headers = new Headers();
  if (seen.access?.personal) headers.set("Cache-Control", "private, no-store");
  if (seen.access?.setCookie) headers.append("Set-Cookie", seen.access.setCookie);
  const saved = page && viewer ? await savedToolState(db, viewer.user.id, page.tool.id) : null;
  // `now` travels with the data so the server and the browser print the same 'updated' label.
  const result = {
    page,
    meta: page ? toolMeta(page.tool, url.origin) : toolNotFoundMeta,
    tab,
    now: Date.now(),
    views: seen.access?.views ?? null,
    saved,
    signedIn: viewer !== null,
  };
  return data(result, { status: page ? 200 : 404, headers });
}

/** Save / favourite toggles: members' lists live in their account; visitors are asked to sign in (without JavaScript). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  const path = `/tools/${params.idOrSlug}`;
  if (!viewer) throw redirect(`/sign-in?redirectTo=${encodeURIComponent(path)}`);
  const parsed = SavedToolToggle.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return data<ToggleResult>(
      { ok: false, error: parsed.error.issues[0]?.message ?? "Invalid input" },
      { status: 400 },
    );
  }
  const { kind, on } = parsed.data;
  try {
    await setSavedTool(context.services.db, viewer.user.id, params.idOrSlug, kind, on);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      return data<ToggleResult>({ ok: false, error: err.message }, { status: err.status });
    }
    throw err;
  }
  return data<ToggleResult>(
    { ok: true, kind, on, message: TOGGLE_MESSAGES[kind][on ? "on" : "off"] },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const TAB_LABELS: Record<ToolTab, string> = {
  overview: "Overview",
  features: "Features",
  alternatives: "Alternatives",
  screenshots: "Screenshots",
  reviews: "Reviews",
};

function Empty({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
      <p className="font-semibold">{title}</p>
      {children ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{children}</p> : null}
    </div>
  );
}

const h2 = "text-xl font-semibold";

export default function ToolDetail({ loaderData }: Route.ComponentProps) {
  const { page, tab, now, views, saved, signedIn } = loaderData;
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
  const updated = updatedLabel(tool.updated_at, now);
  const categoryHref = `/tools?category=${encodeURIComponent(tool.category_slug)}`;
  const lead = tool.full_description !== tool.description ? tool.description : null;
  const features = tool.features.slice(0, limits.features);
  const useCases = tool.use_cases.slice(0, limits.useCases);

  const about = (
    <section>
      <h2 className={h2}>About {tool.name}</h2>
      <p className="mt-3 leading-relaxed whitespace-pre-line text-slate-800 dark:text-slate-200">
        {tool.full_description}
      </p>
    </section>
  );
  const tags = tool.tags.length ? (
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
  ) : null;

  const panels: TabPanel<ToolTab>[] = [
    {
      value: "overview",
      label: TAB_LABELS.overview,
      content: (
        <div className="space-y-8">
          {about}
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
          {tags}
        </div>
      ),
    },
    {
      value: "features",
      label: TAB_LABELS.features,
      count: features.length,
      content: features.length ? (
        <section>
          <h2 className={h2}>Key features</h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {features.map((f) => (
              <li
                key={f}
                className="flex gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
              >
                <span aria-hidden="true" className="font-bold text-emerald-700 dark:text-emerald-400">
                  ✓
                </span>
                <span>{f}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <Empty title="No features listed yet">The listing for {tool.name} does not name its features.</Empty>
      ),
    },
    {
      value: "alternatives",
      label: TAB_LABELS.alternatives,
      count: alternatives.length,
      content: (
        <section>
          <h2 className={h2}>Alternatives to {tool.name}</h2>
          {alternatives.length ? (
            <>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                Tools named by this listing, then {tool.category} tools ranked by shared tags and similar descriptions.
              </p>
              <div className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="alternatives">
                {alternatives.map((alt) => (
                  <ToolCard key={alt.id} tool={alt} />
                ))}
              </div>
            </>
          ) : (
            <div className="mt-3">
              <Empty title="No alternatives yet">No other {tool.category} tools are listed yet.</Empty>
            </div>
          )}
          <p className="mt-4">
            <Link to={categoryHref} className="font-medium text-brand-700 hover:underline dark:text-indigo-300">
              Browse all {tool.category} tools →
            </Link>
          </p>
        </section>
      ),
    },
    {
      value: "screenshots",
      label: TAB_LABELS.screenshots,
      count: tool.screenshots.length,
      content: tool.screenshots.length ? (
        <section>
          <h2 className={h2}>Screenshots</h2>
          <ul className="mt-3 grid gap-4 sm:grid-cols-2">
            {tool.screenshots.map((src, i) => (
              <li key={src}>
                <img
                  src={src}
                  alt={`${tool.name} screenshot ${i + 1}`}
                  loading="lazy"
                  className="w-full rounded-lg border border-slate-200 dark:border-slate-800"
                />
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <Empty title="No screenshots yet">Screenshots of {tool.name} will appear here once they are added.</Empty>
      ),
    },
    {
      value: "reviews",
      label: TAB_LABELS.reviews,
      count: tool.review_count,
      content: <Empty title="No reviews yet">Reviews from members will appear here.</Empty>,
    },
  ];

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr]">
      <header className="lg:col-start-1">
        <Breadcrumb
          items={[
            { label: "Home", to: "/" },
            { label: "Tools", to: "/tools" },
            { label: tool.category, to: categoryHref },
            { label: tool.name },
          ]}
        />
        <div className="mt-5 flex items-start gap-4">
          <ToolLogo name={tool.name} url={tool.logo_url} size={64} />
          <div className="min-w-0">
            <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{tool.name}</h1>
            <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
              <Link to={categoryHref} className="font-medium text-brand-700 hover:underline dark:text-indigo-300">
                {tool.category}
              </Link>
              {tool.pricing_model !== "Unknown" ? (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                  {tool.pricing_model}
                </span>
              ) : null}
              {tool.company_name !== "Unknown" ? <span>by {tool.company_name}</span> : null}
              {tool.is_verified ? (
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
                  ✓ Verified
                </span>
              ) : null}
              {tool.is_featured ? (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  Featured
                </span>
              ) : null}
            </p>
            {updated ? (
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                Updated <time dateTime={tool.updated_at ?? undefined}>{updated}</time>
              </p>
            ) : null}
          </div>
        </div>
        {lead ? <p className="mt-5 text-lg text-slate-800 dark:text-slate-200">{lead}</p> : null}
        <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
          <SaveToggles tool={toolRef} state={saved} />
          {views && views.limit !== null && !lock ? (
            <p data-testid="tool-views" className="text-sm text-slate-600 dark:text-slate-400">
              Free tool views today: {Math.min(views.used, views.limit)} of {views.limit}
            </p>
          ) : null}
        </div>
      </header>

      <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <SideCard tool={tool} deal={deal} maxIncluded={limits.features} />
      </div>

      <div className="min-w-0 lg:col-start-1">
        {lock ? (
          // Overview only: the gated sections were not sent, the prompt says why and how to open them.
          <div className="space-y-8">
            <Suspense fallback={null}>
              <ToolLockPrompt lock={lock} toolName={tool.name} signedIn={signedIn} returnTo={`/tools/${tool.slug}`} />
            </Suspense>
            {about}
            {tags}
          </div>
        ) : (
          <ToolTabs
            key={`${tool.id}:${tab}`}
            basePath={`/tools/${tool.slug}`}
            initial={tab}
            defaultTab="overview"
            panels={panels}
            label={`About ${tool.name}`}
          />
        )}
      </div>
    </div>
  );
}
