/**
 * Every page type the site renders, for the browser checks (tests/e2e/a11y.spec.ts: axe in light and
 * dark, layout shift, at 1280 and 390 px; scripts/lighthouse.mjs uses five of them). One entry per
 * page template or distinct state (an empty result, a not-found, an upgrade prompt), not one per URL:
 * the prose pages (/about, /privacy, /terms, …) share one template, so /privacy stands for them.
 *
 * `path` may hold a `{…}` placeholder, filled at run time from the first matching link of another
 * page (the seeded catalogue and content decide which tool, post or report that is), or — `{user}`
 * and `{topList}` — from what the checks' member made (the seed has no public member or list).
 */
export type Viewer = "visitor" | "member" | "admin";

export interface PageType {
  path: string;
  viewer: Viewer;
}

/** A placeholder: the page whose HTML holds the link, and the link's pattern (first group = value). */
export const PLACEHOLDERS: Record<string, { from: string; viewer: Viewer; pattern: RegExp }> = {
  blog: { from: "/blog", viewer: "visitor", pattern: /href="\/blog\/([a-z0-9-]+)"/ },
  doc: { from: "/documentation", viewer: "visitor", pattern: /href="\/documentation\/([a-z0-9-]+)"/ },
  task: { from: "/tasks", viewer: "visitor", pattern: /href="\/tasks\/([a-z0-9-]+)"/ },
  report: { from: "/reports", viewer: "member", pattern: /href="\/reports\/([a-z]+\/[a-z0-9-]+)"/ },
  adminUser: { from: "/admin/users", viewer: "admin", pattern: /href="\/admin\/users\/([^"/?]+)"/ },
  adminTool: { from: "/admin/tools", viewer: "admin", pattern: /href="\/admin\/tools\/([^"/?]+)\/edit/ },
  // The seed's own import (the fullest report: added rows, duplicates, warnings), whatever the journeys imported since.
  adminImport: {
    from: "/admin/imports",
    viewer: "admin",
    pattern: /href="\/admin\/imports\/(\d+)"(?:(?!<\/tr>)[\s\S])*seed:ai-tools\.csv/,
  },
  adminBlog: { from: "/admin/blog", viewer: "admin", pattern: /href="\/admin\/blog\/([^"/?]+)\/edit/ },
};

const visitor = (path: string): PageType => ({ path, viewer: "visitor" });
const member = (path: string): PageType => ({ path, viewer: "member" });
const admin = (path: string): PageType => ({ path, viewer: "admin" });

export const PAGE_TYPES: PageType[] = [
  // The catalogue.
  visitor("/"),
  visitor("/tools"),
  visitor("/tools?q=image&category=image-generation"),
  visitor("/tools/midjourney"),
  visitor("/tools/chatgpt?tab=alternatives"),
  visitor("/tools/chatgpt?tab=history"),
  visitor("/tools/no-such-tool"),
  visitor("/search?q=video&pricing=freemium"),
  visitor("/search?q=zzqqxxjj"),
  visitor("/categories"),
  visitor("/category/vision"),
  visitor("/tasks"),
  visitor("/tasks/{task}"),
  visitor("/compare"),
  visitor("/compare?tools=chatgpt,claude"),
  visitor("/deals"),
  visitor("/beta"),
  visitor("/trending"),
  visitor("/top-lists"),
  visitor("/top-lists/{topList}"),
  visitor("/graveyard"),
  visitor("/changes"),
  visitor("/open-data"),
  // Community.
  visitor("/community"),
  visitor("/community/discussions"),
  visitor("/community/amas"),
  visitor("/community/stories"),
  visitor("/polls"),
  visitor("/corrections"),
  visitor("/achievements"),
  visitor("/user/{user}"),
  visitor("/tools/midjourney/discussions"),
  // Content and prose.
  visitor("/blog"),
  visitor("/blog/{blog}"),
  visitor("/documentation"),
  visitor("/documentation/{doc}"),
  visitor("/documentation/api"),
  visitor("/privacy"),
  visitor("/how-we-rank"),
  // Accounts, money and forms a visitor sees.
  visitor("/sign-in"),
  visitor("/sign-up"),
  visitor("/forgot-password"),
  visitor("/pricing"),
  visitor("/affiliate"),
  visitor("/support"),
  visitor("/contact"),
  visitor("/submit-tool"),
  visitor("/insights"),
  visitor("/no-such-page"),
  // A signed-in member (Expert: every section shows its content, not a prompt).
  member("/tools/midjourney"),
  member("/dashboard"),
  member("/dashboard/profile"),
  member("/dashboard/billing"),
  member("/dashboard/lists"),
  member("/dashboard/community"),
  member("/dashboard/submissions"),
  member("/dashboard/support"),
  member("/dashboard/api-keys"),
  member("/dashboard/exports"),
  member("/dashboard/filter-sets"),
  member("/for-you"),
  member("/insights"),
  member("/reports"),
  member("/reports/{report}"),
  member("/compare/sheet?tools=chatgpt,claude"),
  member("/community/vip"),
  member("/community/stories/new"),
  member("/tools/midjourney/correct"),
  member("/referrals"),
  // The admin panel.
  admin("/admin"),
  admin("/admin/users"),
  admin("/admin/users/{adminUser}"),
  admin("/admin/payouts"),
  admin("/admin/analytics"),
  admin("/admin/audit"),
  admin("/admin/tools"),
  admin("/admin/tools/{adminTool}/edit"),
  admin("/admin/tools/new"),
  admin("/admin/categories"),
  admin("/admin/categories?move=2"),
  admin("/admin/imports"),
  admin("/admin/imports/{adminImport}"),
  admin("/admin/moderation"),
  admin("/admin/links"),
  admin("/admin/facts"),
  admin("/admin/suggestions"),
  admin("/admin/makers"),
  admin("/admin/stories"),
  admin("/admin/duplicates"),
  admin("/admin/tasks"),
  admin("/admin/community"),
  admin("/admin/reviews"),
  admin("/admin/discussions"),
  admin("/admin/deals"),
  admin("/admin/beta"),
  admin("/admin/support"),
  admin("/admin/blog"),
  admin("/admin/blog/new"),
];
