import { z } from "zod";
import { type Clock, utcDay } from "../../platform/clock.ts";
import type { Db } from "../../platform/db/index.ts";
import { queryRows, type RowSchema, sql } from "../../platform/db/index.ts";
import {
  CHANGE_ALERT_FEATURE,
  type ChangeAlertFrequency,
  canAccessTier,
  type changeAlertFor,
  findSavedSearch,
  type SavedToolKind,
  savedSearchAllowance,
  summarizeViewer,
  type Tier,
  type Viewer,
  type ViewerSummary,
} from "../accounts/index.ts";
import { parseSearchUrl, searchHref } from "../catalog/index.ts";
import {
  badgeById,
  editableBy,
  getMyReview,
  type listChoicesFor,
  listChoicesOf,
  takeUnseenBadges,
  touchMember,
} from "../community/index.ts";

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
    // "/" alone, or "/" and a first character that is not another "/" (no lookahead: JSON Schema
    // patterns are checked by clients whose engines may not have it).
    .regex(/^\/([^\s\\/][^\s\\]*)?$/, "path must be a path on this site"),
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
  const now = deps.clock.now();
  // Today counts toward streak badges (a write once a day per member and process, then a Set lookup).
  await touchMember(deps, userId);
  const key = toolKey(url);
  // The unseen badges (announced once) and, on a tool page, the member's parts of it: one statement.
  const [state, saveSearch] = await Promise.all([
    key === null
      ? takeUnseenBadges(db, userId, now).then((newBadges) => ({ newBadges, tool: null }))
      : toolState(db, viewer, key, now),
    url.pathname.replace(/\/$/, "") === "/search" ? searchParts(db, viewer, url) : null,
  ]);
  return {
    viewer: summarizeViewer(viewer) as ViewerSummary,
    darkMode: viewer.profile.darkMode && viewer.can("dark_mode"),
    compareCap: viewer.entitlements.compareCap(viewer.tier),
    newBadges: state.newBadges,
    tool: state.tool,
    saveSearch,
  };
}

/** The tool page's key (slug or id, lower-cased) of a path, or null when it is not a tool page. */
function toolKey(url: URL): string | null {
  const slug = TOOL_PAGE.exec(url.pathname)?.[1];
  if (!slug) return null;
  try {
    const key = decodeURIComponent(slug).trim().toLowerCase();
    return key && key.length <= 200 ? key : null;
  } catch {
    return null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const ToolStateRow = z.object({
  badges: z.array(z.string()),
  tool_id: z.string().nullable(),
  tier: z.enum(["free", "standard", "expert"]).nullable(),
  saved: z.array(z.string()),
  lists: z.array(z.object({ id: z.string(), title: z.string(), has: z.boolean(), mine: z.boolean() })),
  helpful: z.array(z.string()),
  reported: z.array(z.string()),
  used: z.number().nullable(),
  frequency: z.string().nullable(),
}) as unknown as RowSchema<{
  badges: string[];
  tool_id: string | null;
  tier: Tier | null;
  saved: SavedToolKind[];
  lists: { id: string; title: string; has: boolean; mine: boolean }[];
  helpful: string[];
  reported: string[];
  used: number | null;
  frequency: ChangeAlertFrequency | null;
}>;

/**
 * The unseen badges (marked seen, as takeUnseenBadges does) and the member's parts of one tool page
 * in one statement: the same reads as savedToolState, listChoicesFor, myReviewMarksOnTool,
 * dailyViews and changeAlertFor (tests/integration/page-state.db.test.ts holds them equal). The
 * member's own review follows only when they may open the tool (the one other statement).
 */
async function toolState(
  db: Db,
  viewer: Viewer,
  key: string,
  now: Date,
): Promise<{ newBadges: string[]; tool: PersonalParts["tool"] }> {
  const userId = viewer.user.id;
  const limit = viewer.limit("daily_tool_views");
  const match = UUID.test(key) ? sql`id = ${key}::uuid` : sql`slug = ${key}`;
  const [row] = await queryRows(
    db,
    sql`WITH badges AS (
          UPDATE member_badges SET seen_at = ${now} WHERE user_id = ${userId} AND seen_at IS NULL RETURNING badge
        ),
        ref AS (SELECT id, tier::text AS tier FROM tools WHERE ${match} AND status IN ('active', 'gone') LIMIT 1)
        SELECT (SELECT coalesce(array_agg(badge), '{}'::text[]) FROM badges) AS badges,
               ref.id::text AS tool_id, ref.tier,
               coalesce((SELECT array_agg(s.kind::text) FROM saved_tools s
                          WHERE s.user_id = ${userId} AND s.tool_id = ref.id), '{}'::text[]) AS saved,
               coalesce((SELECT json_agg(json_build_object('id', l.id, 'title', l.title, 'mine', l.user_id = ${userId}, 'has',
                                  EXISTS (SELECT 1 FROM top_list_items i WHERE i.list_id = l.id AND i.tool_id = ref.id))
                                ORDER BY l.user_id = ${userId} DESC, l.created_at, l.id)
                          FROM top_lists l WHERE ${editableBy(userId)}), '[]'::json) AS lists,
               coalesce((SELECT array_agg(v.review_id::text) FROM review_votes v JOIN reviews r ON r.id = v.review_id
                          WHERE v.user_id = ${userId} AND r.tool_id = ref.id), '{}'::text[]) AS helpful,
               coalesce((SELECT array_agg(p.review_id::text) FROM review_reports p JOIN reviews r ON r.id = p.review_id
                          WHERE p.user_id = ${userId} AND r.tool_id = ref.id), '{}'::text[]) AS reported,
               ${
                 limit === null
                   ? sql`NULL::int`
                   : sql`(SELECT count(*)::int FROM daily_tool_views
                           WHERE subject = ${`user:${userId}`} AND day = ${utcDay(now)}::date)`
               } AS used,
               (SELECT frequency::text FROM tool_change_alerts WHERE user_id = ${userId} AND tool_id = ref.id) AS frequency
        FROM (SELECT 1) AS one LEFT JOIN ref ON true`,
    ToolStateRow,
  );
  const newBadges = (row?.badges ?? []).map((b) => badgeById(b)?.name ?? b);
  // A tool the member may not open shows no personal parts (its page is the locked one, rendered per request).
  if (!row?.tool_id || !row.tier || !canAccessTier(viewer.tier, row.tier)) return { newBadges, tool: null };
  const mine = await getMyReview(db, userId, row.tool_id, now);
  const kinds = new Set(row.saved);
  const saved = { saved: kinds.has("saved"), favorite: kinds.has("favorite") };
  return {
    newBadges,
    tool: {
      id: row.tool_id,
      saved,
      listChoices: listChoicesOf(viewer, row.lists),
      views: limit === null || row.used === null ? null : { used: row.used, limit },
      mine,
      marks: { helpful: row.helpful, reported: row.reported },
      alert: {
        entitled: viewer.can(CHANGE_ALERT_FEATURE),
        saved: saved.saved || saved.favorite,
        frequency: row.frequency,
      },
    },
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
