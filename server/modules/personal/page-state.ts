import { z } from "zod";
import type { Clock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db/index.ts";
import {
  CHANGE_ALERT_FEATURE,
  canAccessTier,
  changeAlertFor,
  dailyViews,
  findSavedSearch,
  type SavedToolKind,
  savedSearchAllowance,
  savedToolState,
  summarizeViewer,
  type Viewer,
  type ViewerSummary,
} from "../accounts/index.ts";
import { getToolRef, parseSearchUrl, searchHref } from "../catalog/index.ts";
import { getMyReview, listChoicesFor, myReviewMarksOnTool, takeUnseenBadges, touchMember } from "../community/index.ts";

/**
 * The member's own parts of a shared page (ADR 0032), answered by one small request after
 * hydration (GET /api/me/page-state). The cached page is the same for every member of a tier; what
 * is only theirs is here, keyed by the page's path. A section that adds a personal part adds a field
 * here, fills it below, and reads it in the browser with `usePersonal()` (app/lib/personal.tsx).
 */
export type PersonalParts = {
  viewer: ViewerSummary;
  /** the account's dark mode (a paid perk), applied when the browser has no theme of its own */
  darkMode: boolean;
  compareCap: number;
  /** badges earned since the last page (announced once) */
  newBadges: string[];
  /** on a tool page the member may open in full */
  tool: {
    id: string;
    saved: Record<SavedToolKind, boolean>;
    listChoices: Awaited<ReturnType<typeof listChoicesFor>>;
    /** free members' views today (paid tiers: null, unlimited) */
    views: { used: number; limit: number } | null;
    mine: Awaited<ReturnType<typeof getMyReview>>;
    marks: { helpful: string[]; reported: string[] };
    /** change alerts (issue 20): the plan's right to them, whether the tool is saved, the member's choice */
    alert: { entitled: boolean; saved: boolean; frequency: Awaited<ReturnType<typeof changeAlertFor>> } | null;
  } | null;
  /** on a search results page */
  saveSearch: { signedIn: true; used: number; limit: number | null; saved: boolean } | null;
};

export const PageStateQuery = z.object({
  path: z
    .string({ message: "path is required" })
    .max(2_000, "path is too long")
    .regex(/^\/(?!\/)[^\s\\]*$/, "path must be a path on this site"),
});
export type PageStateQuery = z.infer<typeof PageStateQuery>;

const TOOL_PAGE = /^\/tools\/([^/?#]+?)\/?$/;

export async function personalParts(
  deps: { db: Db; clock: Clock; activity: Parameters<typeof touchMember>[0]["activity"] },
  viewer: Viewer,
  query: PageStateQuery,
): Promise<PersonalParts> {
  const { db } = deps;
  const url = new URL(query.path, "http://page.invalid");
  const userId = viewer.user.id;
  // Today counts toward streak badges; new badges are announced once (was the root loader's work).
  await touchMember(deps, userId);
  const [newBadges, tool, saveSearch] = await Promise.all([
    takeUnseenBadges(db, userId, deps.clock.now()),
    toolParts(db, viewer, url),
    url.pathname.replace(/\/$/, "") === "/search" ? searchParts(db, viewer, url) : null,
  ]);
  return {
    viewer: summarizeViewer(viewer) as ViewerSummary,
    darkMode: viewer.profile.darkMode && viewer.can("dark_mode"),
    compareCap: viewer.entitlements.compareCap(viewer.tier),
    newBadges,
    tool,
    saveSearch,
  };
}

async function toolParts(db: Db, viewer: Viewer, url: URL): Promise<PersonalParts["tool"]> {
  const slug = TOOL_PAGE.exec(url.pathname)?.[1];
  if (!slug) return null;
  let key: string;
  try {
    key = decodeURIComponent(slug).trim().toLowerCase();
  } catch {
    return null;
  }
  const ref = await getToolRef(db, key);
  // A tool the member may not open shows no personal parts (its page is the locked one, rendered per request).
  if (!ref || !canAccessTier(viewer.tier, ref.tier)) return null;
  const limit = viewer.limit("daily_tool_views");
  const [saved, listChoices, mine, marks, used, frequency] = await Promise.all([
    savedToolState(db, viewer.user.id, ref.id),
    listChoicesFor(db, viewer, ref.id),
    getMyReview(db, viewer.user.id, ref.id),
    myReviewMarksOnTool(db, viewer.user.id, ref.id),
    limit === null ? Promise.resolve(null) : dailyViews(db, `user:${viewer.user.id}`),
    changeAlertFor(db, viewer.user.id, ref.id),
  ]);
  return {
    id: ref.id,
    saved,
    listChoices,
    views: limit === null || used === null ? null : { used, limit },
    mine,
    marks,
    alert: { entitled: viewer.can(CHANGE_ALERT_FEATURE), saved: saved.saved || saved.favorite, frequency },
  };
}

async function searchParts(db: Db, viewer: Viewer, url: URL): Promise<PersonalParts["saveSearch"]> {
  const parsed = parseSearchUrl(url.searchParams);
  if (!parsed.ok || !parsed.input.started) return null;
  const query = searchHref(parsed.input.filters).replace(/^\/search\??/, "");
  const [allowance, existing] = await Promise.all([
    savedSearchAllowance(db, viewer),
    findSavedSearch(db, viewer.user.id, query),
  ]);
  return { signedIn: true, ...allowance, saved: existing !== null };
}
