import { useEffect } from "react";
import { redirect, useLocation, useNavigate } from "react-router";
import { z } from "zod";
import { SectionIsland } from "~/components/account/dashboard-parts";
import { dailyViews, listSavedSearches, listSavedTools, MESSAGES, viewerOf } from "~/lib/accounts.server";
import { paidPlans } from "~/lib/billing.server";
import { formAction, refuse } from "~/lib/form-action.server";
import { usd } from "~/lib/money";
import { splitComponent } from "~/lib/split";
import type { Route } from "./+types/overview";
import {
  DarkModeIntent,
  DeleteSearchIntent,
  memberOf,
  privateHeaders,
  RemoveToolIntent,
  runIntent,
} from "./intents.server";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [{ title: "Dashboard | Toolscape" }, { name: "robots", content: "noindex" }];
}

export const headers = privateHeaders;

// The single-page dashboard's deep links that now have a section of their own (ADR 0050).
const MOVED: Record<string, string> = {
  "confirm=refund": "/dashboard/billing?confirm=refund",
  "edit=1": "/dashboard/profile",
};

/**
 * The overview: what a member comes back for every day — today's usage, their saved searches and
 * tools, their plan's features and the theme — and, on Free, what Standard adds as the plans and
 * entitlements data state it. Billing, submissions and the rest load only in their own sections.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  for (const [query, to] of Object.entries(MOVED)) {
    if (url.search.slice(1).split("&").includes(query)) throw redirect(to);
  }
  const viewer = await memberOf(context, request);
  const { db } = context.services;
  const ents = viewer.entitlements;
  const [savedSearches, savedTools, viewsToday, plans] = await Promise.all([
    listSavedSearches(db, viewer.user.id),
    listSavedTools(db, viewer.user.id),
    // Fresh: the viewer may come from the session cache, and views do not renew it.
    dailyViews(db, `user:${viewer.user.id}`, context.services.clock.now()),
    // Prices are shown to Free members only (the nudge).
    viewer.tier === "free" ? paidPlans(context) : null,
  ]);
  const standard = plans?.find((p) => p.tier === "standard");
  return {
    profile: {
      id: viewer.user.id,
      name: viewer.user.name,
      username: viewer.user.username,
      image: viewer.user.image,
      tier: viewer.tier,
      lastReset: viewer.profile.lastReset,
      darkMode: viewer.profile.darkMode,
    },
    usage: { today: viewsToday, limit: viewer.limit("daily_tool_views") },
    supportLevel: ents.supportLevel(viewer.tier),
    canDarkMode: viewer.can("dark_mode"),
    features: ents.accessList(viewer.tier),
    // The gates' words, from the server: the account forms' chunk stays out of this page.
    gated: { darkMode: MESSAGES.darkModeGated, savedSearch: MESSAGES.savedSearchGated },
    // The Free member's nudge quotes Standard as the plans and entitlements data state it.
    standard: standard
      ? {
          freeDaily: ents.limitFor("free", "daily_tool_views"),
          compare: ents.compareCap("standard"),
          searches: ents.limitFor("standard", "saved_searches"),
          price: usd(standard.amountCents),
          periodDays: standard.periodDays,
        }
      : null,
    savedSearches,
    allowance: { used: savedSearches.length, limit: viewer.limit("saved_searches") },
    savedTools,
  };
}

const OverviewIntent = z.discriminatedUnion("intent", [DeleteSearchIntent, RemoveToolIntent, DarkModeIntent]);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) return refuse(401, "Please log in");
  return formAction(request, OverviewIntent, (input) => runIntent(context, viewer, input));
}

// Links to sections of the single-page dashboard (e-mails, bookmarks): the section's own page now.
const MOVED_ANCHORS: Record<string, string> = {
  "#billing": "/dashboard/billing",
  "#submissions": "/dashboard/submissions",
  "#beta": "/dashboard/community",
  "#support": "/dashboard/support",
  "#api-keys": "/dashboard/api-keys",
};

const Body = splitComponent(() => import("~/components/account/dashboard/overview").then((m) => m.OverviewBody));

export default function Overview({ loaderData, actionData }: Route.ComponentProps) {
  const { hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const to = MOVED_ANCHORS[hash];
    if (to) navigate(to, { replace: true });
  }, [hash, navigate]);
  return <SectionIsland id="dashboard-overview" component={Body} props={{ ...loaderData, answer: actionData }} />;
}
