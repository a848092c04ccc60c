import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { BetaPanel } from "~/components/account/beta-panel";
import { Field, FormAlert } from "~/components/account/form-parts";
import { CheckIcon, LockIcon } from "~/components/account/icons";
import { SubmissionsPanel } from "~/components/account/submissions-panel";
import { SupportPanel } from "~/components/account/support-panel";
import { BillingSection } from "~/components/billing/billing-section";
import { CommunityPanel } from "~/components/community/dashboard-panel";
import {
  dailyViews,
  deleteSavedSearch,
  listApiKeys,
  listSavedSearches,
  listSavedTools,
  MESSAGES,
  ProfileInput,
  removeSavedTool,
  SAVED_TOOL_KINDS,
  savedSearchAllowance,
  setDarkMode,
  updateProfile,
  type Viewer,
  viewerOf,
} from "~/lib/accounts.server";
import { billingAction, overview, paidPlans } from "~/lib/billing.server";
import type { PlanView } from "~/lib/billing-view";
import { badgeProgress, leaderboard, memberRank, reviewData } from "~/lib/community.server";
import { listMyBetaApplications, listMyTickets } from "~/lib/content.server";
import { failureOf, formMessage } from "~/lib/form-action";
import { formAction, refuse } from "~/lib/form-action.server";
import { initials } from "~/lib/format";
import { usd } from "~/lib/money";
import { setCookie } from "~/lib/preferences";
import { setInLocalList } from "~/lib/saved-tools";
import { listMySubmissions } from "~/lib/submissions.server";
import { siteOrigin } from "~/lib/syndication.server";
import { TIER_LABELS } from "~/lib/tiers";
import type { Route } from "./+types/dashboard";

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data && "viewer" in data && data.viewer ? "Dashboard | Toolscape" : "Please log in | Toolscape" },
    { name: "robots", content: "noindex" },
  ];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

function standardCopy(ents: Viewer["entitlements"], plans: PlanView[]) {
  const plan = plans.find((p) => p.tier === "standard");
  return {
    freeDaily: ents.limitFor("free", "daily_tool_views"),
    compare: ents.compareCap("standard"),
    searches: ents.limitFor("standard", "saved_searches"),
    price: plan ? usd(plan.amountCents) : null,
    periodDays: plan?.periodDays ?? 30,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) return data({ viewer: null }, { status: 401 });
  const { db } = context.services;
  const [
    savedSearches,
    allowance,
    savedTools,
    billing,
    submissions,
    progress,
    leaders,
    rank,
    review,
    betaApplications,
    tickets,
    apiKeys,
    viewsToday,
    plans,
  ] = await Promise.all([
    listSavedSearches(db, viewer.user.id),
    savedSearchAllowance(db, viewer),
    listSavedTools(db, viewer.user.id),
    overview(context, viewer),
    listMySubmissions(db, viewer.user.id),
    badgeProgress(db, viewer.user.id, context.services.clock.now()),
    leaderboard(db, 10),
    memberRank(db, viewer.user.id),
    // Only admins see (and receive) the review.
    viewer.role === "admin" ? reviewData(db) : null,
    listMyBetaApplications(db, viewer.user.id),
    listMyTickets(db, viewer),
    listApiKeys(db, viewer),
    // Fresh: the viewer may come from the session cache, and views do not renew it.
    dailyViews(db, `user:${viewer.user.id}`),
    paidPlans(context),
  ]);
  const url = new URL(request.url);
  const ents = viewer.entitlements;
  return {
    viewer: {
      ...viewer.user,
      tier: viewer.tier,
      dailyUsage: viewsToday,
      lastReset: viewer.profile.lastReset,
      darkMode: viewer.profile.darkMode,
      isVerified: viewer.profile.isVerified,
      verificationType: viewer.profile.verificationType,
    },
    dailyLimit: viewer.limit("daily_tool_views"),
    supportLevel: ents.supportLevel(viewer.tier),
    compareCap: ents.compareCap(viewer.tier),
    canDarkMode: viewer.can("dark_mode"),
    features: ents.accessList(viewer.tier),
    // The gates' words, from the server: the account forms' chunk stays out of this page.
    gated: { darkMode: MESSAGES.darkModeGated, savedSearch: MESSAGES.savedSearchGated },
    // The Free member's nudge quotes Standard as the plans and entitlements data state it.
    standard: standardCopy(ents, plans),
    savedSearches,
    allowance,
    savedTools,
    billing,
    submissions,
    // The badge and embed snippets of approved tools link to the site's one origin (issue 22).
    siteOrigin: siteOrigin(context.services.env),
    community: { progress, leaders, rank, review },
    betaApplications,
    tickets,
    apiAccess: viewer.can("api_access"),
    activeKeys: apiKeys.filter((k) => !k.revokedAt).length,
    confirmRefund: url.searchParams.get("confirm") === "refund",
    editing: url.searchParams.get("edit") === "1",
  };
}

const Id = z.string().default("");
const DashboardIntent = z.discriminatedUnion("intent", [
  ProfileInput.safeExtend({ intent: z.literal("profile") }),
  z.object({ intent: z.literal("dark-mode"), darkMode: z.string().optional() }),
  // The modules answer a malformed or foreign id with "not found".
  z.object({ intent: z.literal("delete-search"), id: Id }),
  z.object({ intent: z.literal("remove-tool"), toolId: Id, kind: z.string().optional() }),
  z.object({ intent: z.enum(["billing-cancel", "billing-resume", "billing-refund"]) }),
]);

type Done = {
  ok: true;
  intent: z.output<typeof DashboardIntent>["intent"];
  message: string;
  /** a tool taken out of a list: the browser's local copy (merged at sign-in) forgets it too */
  removed?: { toolId: string; kind: (typeof SAVED_TOOL_KINDS)[number] };
};

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) return refuse(401, "Please log in");
  const { db } = context.services;
  return formAction(request, DashboardIntent, async (input) => {
    const done = (message: string, extra: Partial<Done> = {}): Done => ({
      ok: true,
      intent: input.intent,
      message,
      ...extra,
    });
    switch (input.intent) {
      case "billing-cancel":
      case "billing-resume":
      case "billing-refund": {
        const outcome = await billingAction(context, viewer, input.intent);
        if (!outcome.ok) return refuse(400, outcome.error ?? "Please try again", { intent: input.intent });
        return done(outcome.message ?? "");
      }
      case "profile":
        await updateProfile(db, viewer.user.id, input);
        return done("Your profile has been saved.");
      case "dark-mode": {
        const on = input.darkMode === "on";
        await setDarkMode(db, viewer, on);
        // This device follows at once; other devices without a theme of their own follow the account.
        const headers = { "Set-Cookie": setCookie("theme", on ? "dark" : "light") };
        return data(done(on ? "Dark mode is on for your account." : "Dark mode is off for your account."), {
          headers,
        });
      }
      case "delete-search":
        await deleteSavedSearch(db, viewer.user.id, input.id);
        return done("Saved search deleted.");
      case "remove-tool": {
        const kind = SAVED_TOOL_KINDS.find((k) => k === input.kind) ?? "saved";
        await removeSavedTool(db, viewer.user.id, input.toolId, kind);
        return done(kind === "favorite" ? "Removed from favorites" : "Removed from saved tools", {
          removed: { toolId: input.toolId, kind },
        });
      }
    }
  });
}

const card =
  "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900";
const button =
  "inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-2";
const primary = `${button} bg-brand-600 text-white hover:bg-brand-700`;
const secondary = `${button} border border-slate-300 text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800`;

/** "Standard lifts the 10-a-day limit on tool pages, compares up to 5 tools and keeps 3 saved searches — for $2.99 a month." */
function standardNudge(s: {
  freeDaily: number | null;
  compare: number;
  searches: number | null;
  price: string | null;
  periodDays: number;
}): string {
  const daily = s.freeDaily === null ? "" : `lifts the ${s.freeDaily}-a-day limit on tool pages, `;
  const searches = s.searches === null ? "keeps any number of saved searches" : `keeps ${s.searches} saved searches`;
  const price = s.price ? ` — for ${s.price} ${s.periodDays === 30 ? "a month" : `every ${s.periodDays} days`}` : "";
  return `Standard ${daily}compares up to ${s.compare} tools and ${searches}${price}.`;
}

function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const removed = actionData?.ok ? actionData.removed : undefined;
  useEffect(() => {
    // Otherwise the next sign-in's merge would put the tool back from local storage.
    if (removed) setInLocalList(removed.kind, { id: removed.toolId, slug: removed.toolId }, false);
  }, [removed]);
  if (!loaderData.viewer) return <AccessDenied />;
  const d = loaderData as Exclude<typeof loaderData, { viewer: null }>;
  const v = d.viewer;
  const failed = failureOf(actionData);
  const result = actionData?.ok ? actionData : null;
  const fields = failed?.fields;
  const busy = navigation.state === "submitting";
  // After a save the page shows the profile again, and after a refund the confirmation is gone.
  const done = new Set(result ? [result.intent] : []);
  const editing = d.editing && !done.has("profile");
  const usageText =
    d.dailyLimit === null ? `${v.dailyUsage} today · unlimited` : `${v.dailyUsage} of ${d.dailyLimit} today`;

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">Dashboard</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            Signed in as <strong data-testid="dashboard-email">{v.email}</strong> ·{" "}
            <span
              data-testid="dashboard-tier"
              className="rounded-full bg-brand-100 px-2 py-0.5 text-sm font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-100"
            >
              {TIER_LABELS[v.tier]}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/submit-tool" className={primary}>
            Add New Tool
          </Link>
          <Link to="/dashboard/lists" className={secondary}>
            My top lists
          </Link>
          <Link to={editing ? "/dashboard" : "/dashboard?edit=1"} className={secondary}>
            {editing ? "Cancel editing" : "Edit Profile"}
          </Link>
          <Form method="post" action="/sign-out">
            <button type="submit" className={secondary}>
              Logout
            </button>
          </Form>
        </div>
      </header>

      {result?.message ? <FormAlert tone="success">{result.message}</FormAlert> : null}
      {formMessage(failed) ? <FormAlert>{formMessage(failed)}</FormAlert> : null}

      {v.tier === "free" ? (
        <section
          aria-labelledby="upgrade-nudge"
          className="flex flex-col gap-3 rounded-2xl bg-gradient-to-r from-brand-600 to-brand-900 p-5 text-white sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <h2 id="upgrade-nudge" className="text-lg font-semibold">
              Get more from Toolscape
            </h2>
            <p className="text-sm text-brand-100">{standardNudge(d.standard)}</p>
          </div>
          <Link
            to="/pricing"
            className="shrink-0 rounded-lg bg-white px-4 py-2 font-semibold text-brand-900 hover:bg-brand-50"
          >
            See plans
          </Link>
        </section>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="profile-heading" className={`${card} lg:col-span-1`}>
          <h2 id="profile-heading" className="text-lg font-semibold">
            Profile
          </h2>
          {editing ? (
            <Form method="post" noValidate className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="profile" />
              <Field label="Name" name="name" defaultValue={v.name} autoComplete="name" error={fields?.name} />
              <Field
                label="Username"
                name="username"
                defaultValue={v.username ?? ""}
                autoComplete="username"
                hint="3–30 letters, digits or underscores; shown as @username on your public profile."
                error={fields?.username}
              />
              <div>
                <label htmlFor="f-bio" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
                  Bio
                </label>
                <textarea
                  id="f-bio"
                  name="bio"
                  rows={3}
                  maxLength={500}
                  defaultValue={v.bio ?? ""}
                  aria-invalid={fields?.bio ? true : undefined}
                  className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 dark:border-slate-600 dark:bg-slate-950"
                />
                {fields?.bio ? <p className="mt-1 text-sm text-red-700 dark:text-red-300">{fields?.bio}</p> : null}
              </div>
              <Field
                label="Avatar URL"
                name="image"
                type="url"
                defaultValue={v.image ?? ""}
                placeholder="https://…"
                error={fields?.image}
              />
              <div className="flex gap-2">
                <button type="submit" className={primary} disabled={busy}>
                  {busy ? "Saving…" : "Save Changes"}
                </button>
                <Link to="/dashboard" className={secondary}>
                  Cancel
                </Link>
              </div>
            </Form>
          ) : (
            <div className="mt-4 flex items-start gap-4">
              {v.image ? (
                <img src={v.image} alt="" width={64} height={64} className="h-16 w-16 rounded-full object-cover" />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-900 dark:bg-brand-900 dark:text-brand-100"
                >
                  {initials(v.name)}
                </span>
              )}
              <div className="min-w-0">
                <p className="font-semibold">{v.name}</p>
                {v.username ? <p className="text-sm text-slate-600 dark:text-slate-400">@{v.username}</p> : null}
                {v.bio ? <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{v.bio}</p> : null}
                <Link
                  to={`/user/${v.id}`}
                  className="mt-2 inline-block text-sm text-brand-700 underline dark:text-brand-100"
                >
                  View public profile
                </Link>
              </div>
            </div>
          )}
          <dl className="mt-6 grid grid-cols-2 gap-3 text-sm">
            <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
              <dt className="text-slate-600 dark:text-slate-400">Tier</dt>
              <dd className="font-semibold">{TIER_LABELS[v.tier]}</dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
              <dt className="text-slate-600 dark:text-slate-400">Daily usage</dt>
              <dd className="font-semibold" data-testid="daily-usage">
                {usageText}
              </dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
              <dt className="text-slate-600 dark:text-slate-400">Last reset</dt>
              <dd className="font-semibold">{formatDay(v.lastReset)} (00:00 UTC)</dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
              <dt className="text-slate-600 dark:text-slate-400">Support level</dt>
              <dd className="font-semibold">{d.supportLevel}</dd>
            </div>
          </dl>
          {/* Spec §6 verified badge: Company (work e-mail link) or LinkedIn (sign-in with LinkedIn). */}
          <p className="mt-4 text-sm" data-testid="verified-status">
            {v.isVerified ? (
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-900">
                {v.verificationType === "linkedin" ? "Verified · LinkedIn" : "Verified · Company"}
              </span>
            ) : (
              <Link to="/verify-company" className="text-brand-700 underline dark:text-brand-100">
                Verify your company e-mail
              </Link>
            )}
          </p>
        </section>

        <div className="grid content-start gap-6 lg:col-span-2">
          <section aria-labelledby="searches-heading" className={card}>
            <div className="flex items-baseline justify-between gap-2">
              <h2 id="searches-heading" className="text-lg font-semibold">
                Saved searches
              </h2>
              {d.allowance.limit !== 0 ? (
                <span className="text-sm text-slate-600 dark:text-slate-400">
                  {d.allowance.limit === null
                    ? `${d.allowance.used} saved`
                    : `${d.allowance.used} of ${d.allowance.limit} used`}
                </span>
              ) : null}
            </div>
            {d.allowance.limit === 0 && !d.savedSearches.length ? (
              <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
                {d.gated.savedSearch}{" "}
                <Link to="/pricing" className="font-medium text-brand-700 underline dark:text-brand-100">
                  Upgrade
                </Link>
              </p>
            ) : d.savedSearches.length ? (
              <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
                {d.savedSearches.map((s) => (
                  <li key={s.id} className="flex items-center justify-between gap-3 py-2">
                    <Link
                      to={s.url}
                      className="min-w-0 truncate font-medium text-brand-700 underline dark:text-brand-100"
                    >
                      {s.name}
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete-search" />
                      <input type="hidden" name="id" value={s.id} />
                      <button type="submit" className="text-sm text-red-700 underline dark:text-red-300">
                        Delete<span className="sr-only"> saved search {s.name}</span>
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
                No saved searches yet. Search for tools, then choose Save Search to keep the search here.
              </p>
            )}
          </section>

          <section aria-labelledby="saved-tools-heading" className={card}>
            <h2 id="saved-tools-heading" className="text-lg font-semibold">
              Saved tools and favorites
            </h2>
            {d.savedTools.length ? (
              <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
                {d.savedTools.map((t) => (
                  <li key={`${t.kind}-${t.id}`} className="flex items-center justify-between gap-3 py-2">
                    <span className="min-w-0 truncate">
                      <Link
                        to={`/tools/${t.slug}`}
                        className="font-medium text-brand-700 underline dark:text-brand-100"
                      >
                        {t.name}
                      </Link>{" "}
                      <span className="text-xs text-slate-600 dark:text-slate-400">
                        {t.kind === "favorite" ? "★ Favorite" : "Saved"}
                      </span>
                    </span>
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove-tool" />
                      <input type="hidden" name="toolId" value={t.id} />
                      <input type="hidden" name="kind" value={t.kind} />
                      <button type="submit" className="text-sm text-red-700 underline dark:text-red-300">
                        Remove<span className="sr-only"> {t.name}</span>
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
                Nothing saved yet. Tools you save or mark as favorite appear here, on every device.
              </p>
            )}
          </section>
        </div>
      </div>

      <BillingSection billing={d.billing} confirmRefund={d.confirmRefund && !done.has("billing-refund")} />
      <SubmissionsPanel submissions={d.submissions} className={card} origin={d.siteOrigin} />
      <CommunityPanel {...d.community} userId={d.viewer.id} className={card} />
      <BetaPanel applications={d.betaApplications} className={card} />
      <SupportPanel tickets={d.tickets} apiAccess={d.apiAccess} activeKeys={d.activeKeys} className={card} />

      <section aria-labelledby="features-heading" className={card}>
        <h2 id="features-heading" className="text-lg font-semibold">
          Your features
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">What the {TIER_LABELS[v.tier]} plan includes.</p>
        <ul className="mt-4 grid gap-x-8 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {[...d.features]
            .sort((a, b) => Number(b.included) - Number(a.included))
            .map((f) => (
              <li
                key={f.key}
                className="flex items-center justify-between gap-3 border-b border-slate-100 py-2 dark:border-slate-800"
              >
                <span className="flex items-center gap-2">
                  <span
                    className={
                      f.included ? "text-emerald-700 dark:text-emerald-400" : "text-slate-500 dark:text-slate-400"
                    }
                  >
                    {f.included ? <CheckIcon /> : <LockIcon />}
                  </span>
                  <span className={f.included ? "" : "text-slate-600 dark:text-slate-400"}>{f.label}</span>
                </span>
                <span className="text-right text-slate-700 dark:text-slate-300">
                  {f.included ? (
                    f.value === "Included" ? (
                      <span className="sr-only">Included</span>
                    ) : (
                      f.value
                    )
                  ) : f.from ? (
                    <Link to="/pricing" className="text-brand-700 underline dark:text-brand-100">
                      {TIER_LABELS[f.from]}
                      <span className="sr-only"> plan required</span>
                    </Link>
                  ) : (
                    "—"
                  )}
                </span>
              </li>
            ))}
        </ul>
      </section>

      <section aria-labelledby="settings-heading" className={card}>
        <h2 id="settings-heading" className="text-lg font-semibold">
          Account settings
        </h2>
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-medium">Dark mode</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {d.canDarkMode ? "Use the dark theme on every device you sign in on." : d.gated.darkMode}
            </p>
          </div>
          {d.canDarkMode ? (
            <Form method="post">
              <input type="hidden" name="intent" value="dark-mode" />
              <input type="hidden" name="darkMode" value={v.darkMode ? "off" : "on"} />
              <button type="submit" className={secondary} aria-pressed={v.darkMode}>
                {v.darkMode ? "Turn dark mode off" : "Turn dark mode on"}
              </button>
            </Form>
          ) : (
            <div className="flex items-center gap-2">
              <button type="button" disabled className={`${secondary} cursor-not-allowed opacity-60`}>
                <LockIcon />
                &nbsp;Dark mode
              </button>
              <Link to="/pricing" className={primary}>
                Upgrade
              </Link>
            </div>
          )}
        </div>
      </section>
    </div>
  );
}

function AccessDenied() {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-100">Access Denied</p>
      <h1 className="mt-2 text-3xl font-bold">Please log in</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">
        Your dashboard is for signed-in members. Sign in or join free to see it.
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to="/sign-in?redirectTo=%2Fdashboard" className={primary}>
          Sign In
        </Link>
        <Link to="/sign-up?redirectTo=%2Fdashboard" className={secondary}>
          Join Free
        </Link>
      </div>
    </div>
  );
}
