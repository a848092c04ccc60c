import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../server/api/index.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { BUILD_DIR } from "../../server/platform/paths.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * THE ACCESS MATRIX: every page route and API endpoint that exists × {visitor, free, standard,
 * expert, admin} → the expected status. A coverage check reads the route manifest of the build and
 * the API's route table, so a new route without a row here fails this test. A separate member (the
 * "victim") owns data that the others try to read or change; afterwards it must be untouched.
 */
type Who = "visitor" | "free" | "standard" | "expert" | "admin";
const WHO: Who[] = ["visitor", "free", "standard", "expert", "admin"];
type Expect = number | (Partial<Record<Who, number>> & { members?: number; others?: number });

type Ctx = {
  self: Record<Who, string>;
  victim: Member;
  victimSearchId: string;
  victimToolId: string;
  toolSlugs: string[];
  unsubscribeToken: string;
  victimSubmissionId: string;
  /** the victim's private top list (one tool) and a public one */
  victimList: { id: string; slug: string; toolId: string };
  /** the private share link's token of the victim's private list (custom collections, ADR 0082) */
  victimShareToken: string;
  victimPublicList: { id: string; slug: string };
  victimCorrectionId: string;
  /** community (issue 11): the victim's review and a tool with a poll */
  victimReviewId: string;
  pollId: string;
  victimTicketId: string;
};
type Row = {
  /** the route pattern this row covers (with `method`, matched against the route tables) */
  covers: string;
  method?: "GET" | "POST" | "PUT" | "DELETE";
  path: (c: Ctx, who: Who) => string;
  json?: (c: Ctx, who: Who) => unknown;
  form?: (c: Ctx, who: Who) => Record<string, string>;
  expect: Expect;
  note?: string;
};

const ADMIN_ONLY: Expect = { visitor: 401, members: 403, admin: 200 };
const NO_THREAD = "00000000-0000-4000-8000-000000000000";

const ROWS: Row[] = [
  // ---- pages (GET) ----
  { covers: "/", path: () => "/", expect: 200 },
  { covers: "/tools", path: () => "/tools", expect: 200 },
  { covers: "/tools/:idOrSlug", path: () => "/tools/midjourney", expect: 200 },
  { covers: "/cookies", path: () => "/cookies", expect: 200 },
  { covers: "/tools/premium-tool-id", path: () => "/tools/premium-tool-id", expect: 200 },
  { covers: "/compare", path: () => "/compare?tools=chatgpt,claude", expect: 200 },
  {
    covers: "/compare/sheet",
    path: () => "/compare/sheet?tools=chatgpt,claude&seats=2&usage=100",
    expect: { visitor: 401, members: 403, standard: 200, expert: 200 },
    note: "detailed comparisons are Standard and Expert (the admin here is on the free tier)",
  },
  { covers: "/category/:categoryId/:toolId", path: () => "/category/vision/midjourney", expect: 301 },
  { covers: "/go/:slug", path: () => "/go/midjourney?to=website&source=detail", expect: 302 },
  { covers: "/search", path: () => "/search?q=image", expect: 200 },
  { covers: "/categories", path: () => "/categories", expect: 200 },
  { covers: "/category/:categoryId", path: () => "/category/vision", expect: 200 },
  // Issue 32: tasks as pages.
  { covers: "/tasks", path: () => "/tasks?q=summarise", expect: 200 },
  { covers: "/tasks/:slug", path: () => "/tasks/summarise-a-video?price=free", expect: 200 },
  { covers: "/tasks/:slug", path: () => "/tasks/no-such-task", expect: 404, note: "an unknown task" },
  {
    covers: "/newsletter/unsubscribe",
    path: (c) => `/newsletter/unsubscribe?token=${c.unsubscribeToken}`,
    expect: 200,
    note: "asks; the button posts",
  },
  {
    covers: "/newsletter/unsubscribe",
    method: "POST",
    path: (c) => `/newsletter/unsubscribe?token=${c.unsubscribeToken}`,
    form: (c) => ({ token: c.unsubscribeToken }),
    expect: 200,
    note: "the token is the authority (the button, or a mail client's RFC 8058 one-click POST)",
  },
  { covers: "/preferences", path: () => "/preferences", expect: 302 },
  {
    covers: "/newsletter/confirm",
    path: () => "/newsletter/confirm?token=not-a-real-token",
    expect: 400,
    note: "anyone with the link; an unknown token is refused",
  },
  { covers: "/deals", path: () => "/deals?category=writing", expect: 200 },
  { covers: "/beta", path: () => "/beta?category=audio", expect: 200 },
  {
    covers: "/beta",
    method: "POST",
    path: () => "/beta",
    form: () => ({ programId: "00000000-0000-4000-8000-000000000000", motivation: "I would like to join." }),
    expect: { visitor: 401, members: 404, admin: 404 },
    note: "members may apply; no such programme here",
  },
  { covers: "/admin/deals", path: () => "/admin/deals", expect: ADMIN_ONLY },
  {
    covers: "/admin/deals",
    method: "POST",
    path: () => "/admin/deals",
    form: () => ({ intent: "create", tool: "", description: "" }),
    expect: { visitor: 401, members: 403, admin: 400 },
    note: "the admin hears what is missing",
  },
  // Issue 34 item 6 (ADR 0083): editors' exclusive listings and early access.
  { covers: "/admin/exclusive", path: () => "/admin/exclusive", expect: ADMIN_ONLY },
  {
    covers: "/admin/exclusive",
    method: "POST",
    path: () => "/admin/exclusive",
    form: () => ({ intent: "mark-tool", tool: "", kind: "early_access", publicOn: "" }),
    expect: { visitor: 401, members: 403, admin: 400 },
    note: "the admin hears what is missing",
  },
  // Issue 21: categories as managed data, import runs and their reports.
  { covers: "/admin/categories", path: () => "/admin/categories", expect: ADMIN_ONLY },
  {
    covers: "/admin/categories",
    method: "POST",
    path: () => "/admin/categories",
    form: () => ({ intent: "create", name: "" }),
    expect: { visitor: 401, members: 403, admin: 400 },
    note: "the admin hears the name is missing",
  },
  { covers: "/admin/imports", path: () => "/admin/imports", expect: ADMIN_ONLY },
  {
    covers: "/admin/imports",
    method: "POST",
    path: () => "/admin/imports",
    form: () => ({ intent: "dry-run" }),
    expect: { visitor: 401, members: 403, admin: 400 },
    note: "no file: refused",
  },
  { covers: "/admin/imports/:id", path: () => "/admin/imports/1", expect: ADMIN_ONLY, note: "the seed's run" },
  {
    covers: "/admin/imports/:id",
    method: "POST",
    path: () => "/admin/imports/1",
    form: () => ({ intent: "confirm" }),
    expect: { visitor: 401, members: 403, admin: 409 },
    note: "the seed's run is no dry run to carry out",
  },
  { covers: "/admin/beta", path: () => "/admin/beta", expect: ADMIN_ONLY },
  {
    covers: "/admin/beta",
    method: "POST",
    path: () => "/admin/beta",
    form: () => ({ intent: "create", tool: "" }),
    expect: { visitor: 401, members: 403, admin: 400 },
  },

  { covers: "/sitemap.xml", path: () => "/sitemap.xml", expect: 200 },
  { covers: "/admin", path: () => "/admin", expect: { visitor: 401, members: 403, admin: 200 } },
  { covers: "/admin/users", path: () => "/admin/users?q=member", expect: { visitor: 401, members: 403, admin: 200 } },
  {
    covers: "/admin/analytics",
    path: () => "/admin/analytics?days=7",
    expect: { visitor: 401, members: 403, admin: 200 },
  },
  { covers: "/admin/audit", path: () => "/admin/audit", expect: { visitor: 401, members: 403, admin: 200 } },
  { covers: "/admin/tools", path: () => "/admin/tools?search=mid", expect: ADMIN_ONLY },
  { covers: "/admin/tools/new", path: () => "/admin/tools/new", expect: ADMIN_ONLY },
  { covers: "/admin/tools/:id/edit", path: (c) => `/admin/tools/${c.victimToolId}/edit`, expect: ADMIN_ONLY },
  { covers: "/admin/tools/export.csv", path: () => "/admin/tools/export.csv?search=midjourney", expect: ADMIN_ONLY },
  {
    covers: "/admin/moderation",
    path: () => "/admin/moderation",
    expect: { visitor: 401, members: 403, admin: 200 },
  },
  { covers: "/admin/links", path: () => "/admin/links", expect: ADMIN_ONLY },
  // Issue 33 item 6: the fact queue (fact-queue.db.test.ts writes through it).
  { covers: "/admin/facts", path: () => "/admin/facts", expect: ADMIN_ONLY },
  {
    covers: "/admin/facts",
    method: "POST",
    path: () => "/admin/facts",
    form: (c) => ({ intent: "enter", tool: c.victimToolId, field: "pricing_model", value: "Paid", source_url: "" }),
    expect: { visitor: 401, members: 403, admin: 400 },
    note: "a fact without its source URL is refused",
  },
  // Issue 33 item 3: the maker manifest's JSON Schema, public (maker-manifest.db.test.ts reads it).
  { covers: "/schemas/ai-tool.json", path: () => "/schemas/ai-tool.json", expect: 200 },
  { covers: "/admin/suggestions", path: () => "/admin/suggestions", expect: ADMIN_ONLY },
  {
    covers: "/media/:folder/:file",
    path: () => "/media/logos/00000000-0000-4000-8000-000000000000-64.webp",
    expect: 404,
    note: "stored logos are public (link-check.db.test.ts serves one); an unknown tool has none",
  },
  { covers: "/admin/duplicates", path: () => "/admin/duplicates", expect: ADMIN_ONLY },
  { covers: "/admin/tasks", path: () => "/admin/tasks?task=summarise-a-video", expect: ADMIN_ONLY },
  {
    covers: "/admin/tasks",
    method: "POST",
    path: () => "/admin/tasks",
    form: () => ({ intent: "decide", task: "summarise-a-video", tool: "", decision: "accepted" }),
    expect: { visitor: 401, members: 403, admin: 400 },
    note: "the admin hears the tool is missing",
  },
  { covers: "/submit-tool", path: () => "/submit-tool", expect: 200 },
  // support, contact and API keys (issue 12)
  { covers: "/support", path: () => "/support?q=password", expect: 200 },
  { covers: "/contact", path: () => "/contact", expect: 200 },
  {
    covers: "/dashboard/support/:id",
    path: (c) => `/dashboard/support/${c.victimTicketId}`,
    expect: { visitor: 401, members: 404, admin: 200 },
    note: "the requester's own (and admins'); others learn nothing",
  },
  { covers: "/dashboard/api-keys", path: () => "/dashboard/api-keys", expect: { visitor: 401, members: 200 } },
  // Issue 34: what a plan may download (below it, the section names the plan instead of a link).
  { covers: "/dashboard/exports", path: () => "/dashboard/exports", expect: { visitor: 401, members: 200 } },
  { covers: "/dashboard/filter-sets", path: () => "/dashboard/filter-sets", expect: { visitor: 401, members: 200 } },
  { covers: "/reports", path: () => "/reports", expect: { visitor: 401, members: 403, expert: 200 } },
  {
    covers: "/reports/:scope/:slug",
    path: () => "/reports/task/summarise-a-video?days=30",
    expect: { visitor: 401, members: 403, expert: 200 },
  },
  // Issue 34 items 4 and 9: recommendations (Standard+; the weekly e-mail setting Expert) and trends (Expert).
  {
    covers: "/for-you",
    path: () => "/for-you",
    expect: { visitor: 401, members: 403, standard: 200, expert: 200 },
    note: "admin accounts are Free: the plan decides",
  },
  {
    covers: "/for-you",
    method: "POST",
    path: () => "/for-you",
    form: () => ({ weekly: "off" }),
    expect: { visitor: 401, members: 403, expert: 303 },
    note: "the weekly e-mail is Expert's (advanced_ai_recommendations)",
  },
  { covers: "/insights", path: () => "/insights", expect: { visitor: 401, members: 403, expert: 200 } },
  { covers: "/documentation/api", path: () => "/documentation/api", expect: 200 },
  { covers: "/admin/support", path: () => "/admin/support?status=all", expect: ADMIN_ONLY },
  { covers: "/admin/support/:id", path: (c) => `/admin/support/${c.victimTicketId}`, expect: ADMIN_ONLY },
  { covers: "/robots.txt", path: () => "/robots.txt", expect: 200 },
  { covers: "/sign-in", path: () => "/sign-in", expect: { visitor: 200, members: 302 } },
  { covers: "/sign-up", path: () => "/sign-up", expect: { visitor: 200, members: 302 } },
  { covers: "/login", path: () => "/login", expect: 301 },
  { covers: "/signup", path: () => "/signup", expect: 301 },
  { covers: "/forgot-password", path: () => "/forgot-password", expect: 200 },
  { covers: "/reset-password", path: () => "/reset-password?token=not-a-real-token", expect: 200 },
  { covers: "/sign-out", path: () => "/sign-out", expect: { visitor: 302, members: 200 } },
  { covers: "/dashboard", path: () => "/dashboard", expect: { visitor: 401, members: 200 } },
  // The dashboard's sections (ADR 0050): the member's own, each behind the same sign-in.
  { covers: "/dashboard/profile", path: () => "/dashboard/profile", expect: { visitor: 401, members: 200 } },
  { covers: "/dashboard/billing", path: () => "/dashboard/billing", expect: { visitor: 401, members: 200 } },
  { covers: "/dashboard/community", path: () => "/dashboard/community", expect: { visitor: 401, members: 200 } },
  { covers: "/dashboard/submissions", path: () => "/dashboard/submissions", expect: { visitor: 401, members: 200 } },
  { covers: "/dashboard/support", path: () => "/dashboard/support", expect: { visitor: 401, members: 200 } },
  {
    covers: "/dashboard",
    path: () => "/dashboard?confirm=refund",
    expect: 302,
    note: "the single-page dashboard's refund link: to the billing section",
  },
  {
    covers: "/dashboard/profile",
    method: "POST",
    path: () => "/dashboard/profile",
    form: (_c, who) => ({ intent: "profile", name: `Renamed ${who}` }),
    expect: { visitor: 401, members: 200 },
  },
  {
    covers: "/dashboard/profile",
    method: "POST",
    path: () => "/dashboard/profile",
    form: () => ({ intent: "dark-mode", darkMode: "on" }),
    expect: { visitor: 401, members: 400 },
    note: "another section's intent is not this section's",
  },
  {
    covers: "/dashboard/billing",
    method: "POST",
    path: () => "/dashboard/billing",
    form: () => ({ intent: "billing-resume" }),
    expect: { visitor: 401, members: 400 },
    note: "nothing to resume: no one here has a cancelled plan",
  },
  {
    covers: "/dashboard",
    method: "POST",
    path: () => "/dashboard?index",
    form: (c) => ({ intent: "delete-search", id: c.victimSearchId }),
    expect: { visitor: 401, members: 404 },
    note: "the overview's own action: someone else's saved search",
  },
  {
    covers: "/dashboard",
    method: "POST",
    path: () => "/dashboard?index",
    form: (c) => ({ intent: "remove-tool", toolId: c.victimToolId, kind: "saved" }),
    expect: { visitor: 401, members: 404 },
    note: "the overview's own action: someone else's saved tool",
  },
  { covers: "/user/:userId", path: (c) => `/user/${c.victim.id}`, expect: 200 },
  { covers: "/user/:userId", path: () => "/user/nobody-at-all", expect: 404 },
  { covers: "/pricing", path: () => "/pricing", expect: 200 },
  { covers: "/upgrade", path: () => "/upgrade", expect: 200 },
  // money pages (issue 9): checkout asks visitors to sign in; a test order is its owner's only
  {
    covers: "/checkout/:tier",
    path: () => "/checkout/standard",
    expect: { visitor: 302, members: 200 },
    note: "visitors are sent to /sign-in with the spec's message and a way back (issue 18)",
  },
  { covers: "/checkout/:tier", path: () => "/checkout/platinum", expect: 404, note: "Invalid Plan" },
  {
    covers: "/checkout",
    path: () => "/checkout?tier=expert&amount=0.01&currency=USD",
    expect: { visitor: 302, members: 200 },
    note: "the query's amount is ignored",
  },
  { covers: "/payment", path: () => "/payment?tier=expert", expect: 200 },
  {
    covers: "/payment/test/:providerOrderId",
    path: () => "/payment/test/no-such-order",
    expect: { visitor: 302, members: 404 },
  },
  {
    covers: "/payment/success",
    path: () => "/payment/success?order=no-such-order",
    expect: { visitor: 302, members: 404 },
  },
  { covers: "/payment/cancel", path: () => "/payment/cancel?reason=declined&tier=standard", expect: 200 },
  { covers: "/dev/mail", path: () => "/dev/mail", expect: 404, note: "off without MAIL_OUTBOX_PAGE" },
  {
    covers: "/r/:code",
    path: () => "/r/NOSUCHCODE",
    expect: 302,
    note: "referral link → /sign-up (cookie only for a real code)",
  },
  {
    covers: "/a/:code",
    path: () => "/a/NOSUCHCODE?to=/pricing",
    expect: 302,
    note: "affiliate link → same-site target",
  },
  { covers: "/referrals", path: () => "/referrals", expect: 200, note: "visitors: the programme explained" },
  { covers: "/affiliate", path: () => "/affiliate", expect: 200 },
  {
    covers: "/affiliate/dashboard",
    path: () => "/affiliate/dashboard",
    expect: 302,
    note: "affiliates only (nobody has joined yet): others are sent to /affiliate",
  },
  { covers: "/affiliate/payments", path: () => "/affiliate/payments", expect: 302, note: "affiliates only" },
  { covers: "/affiliate/resources", path: () => "/affiliate/resources?path=/tools/midjourney", expect: 200 },
  { covers: "/affiliate-disclosure", path: () => "/affiliate-disclosure", expect: 200 },
  { covers: "*", path: () => "/no/such/page", expect: 404 },
  {
    covers: "/metrics",
    path: () => "/metrics",
    expect: 404,
    note: "off without METRICS_TOKEN; with it, the bearer token only, whatever the role (metrics.db.test.ts)",
  },

  // ---- page actions (POST forms) ----
  {
    covers: "/admin/tools",
    method: "POST",
    path: () => "/admin/tools",
    form: (c) => ({ intent: "tier", id: c.victimToolId, tier: "free" }),
    expect: ADMIN_ONLY,
    note: "inline tier change (the tool's tier stays what it was)",
  },
  {
    covers: "/admin/tools/new",
    method: "POST",
    path: () => "/admin/tools/new",
    form: () => ({ name: "" }),
    expect: { visitor: 401, members: 403, admin: 400 },
    note: "the admin hears 'Tool name is required'",
  },
  {
    covers: "/admin/tools/:id/edit",
    method: "POST",
    path: (c) => `/admin/tools/${c.victimToolId}/edit`,
    form: () => ({ name: "" }),
    expect: { visitor: 401, members: 403, admin: 400 },
  },
  { covers: "/", method: "POST", path: () => "/?index", form: () => ({ email: "matrix@example.com" }), expect: 200 },
  {
    covers: "/preferences",
    method: "POST",
    path: () => "/preferences",
    form: () => ({ intent: "theme", theme: "dark" }),
    expect: 302,
  },
  {
    covers: "/sign-in",
    method: "POST",
    path: () => "/sign-in",
    form: () => ({ email: "nobody@example.com", password: "wrong-password" }),
    expect: { visitor: 401, members: 302 },
    note: "members are sent on to their dashboard",
  },
  {
    covers: "/sign-up",
    method: "POST",
    path: () => "/sign-up",
    form: () => ({ name: "X", email: "x@example.com", password: "secret1", confirmPassword: "other1" }),
    expect: { visitor: 400, members: 302 },
  },
  { covers: "/login", method: "POST", path: () => "/login", form: () => ({}), expect: 307 },
  { covers: "/signup", method: "POST", path: () => "/signup", form: () => ({}), expect: 307 },
  {
    covers: "/forgot-password",
    method: "POST",
    path: () => "/forgot-password",
    form: () => ({ email: "nobody@example.com" }),
    expect: 200,
  },
  {
    covers: "/reset-password",
    method: "POST",
    path: () => "/reset-password",
    form: () => ({ token: "not-a-real-token", password: "secret12", confirmPassword: "secret12" }),
    expect: 400,
  },
  {
    covers: "/dashboard",
    method: "POST",
    path: () => "/dashboard",
    form: (_c, who) => ({ intent: "profile", name: `Renamed ${who}` }),
    expect: { visitor: 401, members: 200 },
  },
  {
    covers: "/dashboard",
    method: "POST",
    path: () => "/dashboard",
    form: (c) => ({ intent: "delete-search", id: c.victimSearchId }),
    expect: { visitor: 401, members: 404 },
    note: "someone else's saved search",
  },
  {
    covers: "/dashboard",
    method: "POST",
    path: () => "/dashboard",
    form: (c) => ({ intent: "remove-tool", toolId: c.victimToolId, kind: "saved" }),
    expect: { visitor: 401, members: 404 },
    note: "someone else's saved tool",
  },
  {
    covers: "/dashboard",
    method: "POST",
    path: () => "/dashboard",
    form: () => ({ intent: "dark-mode", darkMode: "on" }),
    expect: { visitor: 401, free: 403, standard: 200, expert: 200, admin: 403 },
    note: "a Standard/Expert perk (the admin here is on the free tier)",
  },
  {
    covers: "/admin/users",
    method: "POST",
    path: () => "/admin/users",
    form: (c) => ({ intent: "reactivate", userId: c.victim.id }),
    expect: { visitor: 401, members: 403, admin: 200 },
    note: "the victim is not suspended: nothing changes",
  },
  // Issue 21: the page of one person and the payouts screen.
  { covers: "/admin/users/:id", path: (c) => `/admin/users/${c.victim.id}`, expect: ADMIN_ONLY },
  {
    covers: "/admin/users/:id",
    method: "POST",
    path: (c) => `/admin/users/${c.victim.id}`,
    form: () => ({ intent: "refund", paymentId: "00000000-0000-4000-8000-000000000000", reason: "Matrix" }),
    expect: { visitor: 401, members: 403, admin: 404 },
    note: "no such payment of this member: nothing is refunded",
  },
  { covers: "/admin/payouts", path: () => "/admin/payouts", expect: ADMIN_ONLY },
  {
    covers: "/admin/payouts",
    method: "POST",
    path: () => "/admin/payouts",
    form: () => ({ intent: "approve", affiliateId: "00000000-0000-4000-8000-000000000000" }),
    expect: { visitor: 401, members: 403, admin: 404 },
    note: "an unknown affiliate",
  },
  {
    covers: "/submit-tool",
    method: "POST",
    path: () => "/submit-tool",
    form: (_c, who) => matrixTool(`page-${who}`),
    expect: { visitor: 302, members: 200 },
    note: "visitors are sent to sign in with what they typed; members submit",
  },
  // ---- blog, documentation and info pages (issue 12) ----
  { covers: "/blog", path: () => "/blog?category=Guides&q=test", expect: 200 },
  { covers: "/blog/:slug", path: () => "/blog/how-we-test-ai-tools", expect: 200 },
  { covers: "/blog/feed.xml", path: () => "/blog/feed.xml", expect: 200 },
  // Issue 22: public, read-only, for agents and other sites.
  { covers: "/llms.txt", path: () => "/llms.txt", expect: 200 },
  { covers: "/llms-full.txt", path: () => "/llms-full.txt", expect: 200 },
  { covers: "/changes", path: () => "/changes", expect: 200 },
  { covers: "/changes.xml", path: () => "/changes.xml", expect: 200 },
  { covers: "/open-data", path: () => "/open-data", expect: 200 },
  {
    covers: "/open-data/:file",
    path: () => "/open-data/not-a-dump.zip",
    expect: 404,
    note: "the dump files are public (syndication.db.test.ts downloads them); other names do not exist",
  },
  { covers: "/embed/tools/:slug/badge.svg", path: () => "/embed/tools/midjourney/badge.svg", expect: 200 },
  { covers: "/embed/tools/:slug", path: () => "/embed/tools/midjourney", expect: 200 },
  { covers: "/embed/compare", path: () => "/embed/compare?tools=chatgpt,claude", expect: 200 },
  {
    covers: "/mcp",
    path: () => "/mcp",
    expect: 405,
    note: "MCP is POST only (stateless); syndication.db.test.ts drives it with the SDK's client",
  },
  { covers: "/documentation", path: () => "/documentation?q=api", expect: 200 },
  { covers: "/documentation/:slug", path: () => "/documentation/public-api", expect: 200 },
  { covers: "/about", path: () => "/about", expect: 200 },
  { covers: "/how-we-test", path: () => "/how-we-test", expect: 200 },
  { covers: "/how-we-rank", path: () => "/how-we-rank", expect: 200 },
  { covers: "/graveyard", path: () => "/graveyard", expect: 200 },
  { covers: "/accessibility", path: () => "/accessibility", expect: 200 },
  { covers: "/privacy", path: () => "/privacy", expect: 200 },
  { covers: "/terms", path: () => "/terms", expect: 200 },
  { covers: "/admin/blog", path: () => "/admin/blog", expect: ADMIN_ONLY },
  { covers: "/admin/blog/new", path: () => "/admin/blog/new", expect: ADMIN_ONLY },
  {
    covers: "/admin/blog/:id/edit",
    path: () => "/admin/blog/00000000-0000-4000-8000-000000000000/edit",
    expect: { visitor: 401, members: 403, admin: 404 },
    note: "an unknown post",
  },
  {
    covers: "/admin/blog",
    method: "POST",
    path: () => "/admin/blog",
    form: () => ({ intent: "publish", id: "00000000-0000-4000-8000-000000000000" }),
    expect: { visitor: 401, members: 403, admin: 404 },
    note: "an unknown post: nothing changes",
  },
  {
    covers: "/admin/blog/new",
    method: "POST",
    path: () => "/admin/blog/new",
    form: () => ({ intent: "preview", body: "# Preview only" }),
    expect: ADMIN_ONLY,
    note: "a preview stores nothing",
  },
  {
    covers: "/admin/blog/:id/edit",
    method: "POST",
    path: () => "/admin/blog/00000000-0000-4000-8000-000000000000/edit",
    form: () => ({ intent: "preview", body: "x" }),
    expect: { visitor: 401, members: 403, admin: 404 },
    note: "the page of an unknown post is a 404",
  },
  {
    covers: "/support",
    method: "POST",
    path: () => "/support",
    form: (_c, who) => ({ name: who, email: `${who}@example.com`, subject: "Matrix", message: "Matrix ticket" }),
    expect: 302,
  },
  {
    covers: "/contact",
    method: "POST",
    path: () => "/contact",
    form: (_c, who) => ({ name: who, email: `${who}@example.com`, message: "Matrix message" }),
    expect: 302,
  },
  {
    covers: "/dashboard/support/:id",
    method: "POST",
    path: (c) => `/dashboard/support/${c.victimTicketId}`,
    form: () => ({ message: "not yours" }),
    expect: { visitor: 401, members: 404 },
  },
  {
    covers: "/tools",
    method: "POST",
    path: () => "/tools",
    form: (_c, who) => ({ intent: "save-filter-set", name: `matrix ${who}`, back: "exclude=open_source" }),
    expect: { visitor: 401, members: 403, standard: 302, expert: 302 },
    note: "saved filter sets are advanced filters, Standard and Expert (the admin here is on the free tier)",
  },
  {
    covers: "/dashboard/filter-sets",
    method: "POST",
    path: () => "/dashboard/filter-sets",
    form: () => ({ intent: "delete-filter-set", id: "00000000-0000-0000-0000-000000000000" }),
    expect: { visitor: 401, members: 404 },
    note: "a member deletes only their own filter sets: a foreign or unknown id is not found",
  },
  {
    covers: "/dashboard/api-keys",
    method: "POST",
    path: () => "/dashboard/api-keys",
    form: () => ({ name: "matrix" }),
    expect: { visitor: 401, members: 403, expert: 200 },
    note: "api_access is Expert only (the admin here is on the free tier)",
  },
  {
    covers: "/admin/support/:id",
    method: "POST",
    path: (c) => `/admin/support/${c.victimTicketId}`,
    form: () => ({ intent: "status", status: "open" }),
    expect: ADMIN_ONLY,
    note: "the status it already has: nothing changes",
  },
  {
    covers: "/admin/moderation",
    method: "POST",
    path: () => "/admin/moderation",
    form: () => ({ intent: "bulk-approve", submissionIds: "00000000-0000-4000-8000-000000000000" }),
    expect: { visitor: 401, members: 403, admin: 200 },
    note: "an unknown id is reported as a failed item",
  },

  {
    covers: "/admin/links",
    method: "POST",
    path: () => "/admin/links",
    form: () => ({ intent: "decide", id: "00000000-0000-4000-8000-000000000000", decision: "dismiss" }),
    expect: { visitor: 401, members: 403, admin: 404 },
    note: "an unknown review item; Check now and the decisions are in link-check.db.test.ts",
  },
  {
    covers: "/admin/suggestions",
    method: "POST",
    path: () => "/admin/suggestions",
    form: () => ({ id: "00000000-0000-4000-8000-000000000000", decision: "dismiss" }),
    expect: { visitor: 401, members: 403, admin: 404 },
    note: "an unknown suggestion",
  },
  {
    covers: "/checkout/:tier",
    method: "POST",
    path: () => "/checkout/platinum",
    form: () => ({ provider: "test", idempotencyKey: "matrix-invalid-plan" }),
    expect: 404,
  },
  {
    covers: "/checkout/:tier",
    method: "POST",
    path: () => "/checkout/expert",
    form: () => ({ provider: "paypal", idempotencyKey: "matrix-no-paypal" }),
    expect: { visitor: 302, members: 400 },
    note: "PayPal is not configured in tests",
  },
  {
    covers: "/checkout",
    method: "POST",
    path: () => "/checkout?tier=standard",
    form: () => ({ provider: "cashfree", idempotencyKey: "matrix-no-cashfree" }),
    expect: { visitor: 302, members: 400 },
  },
  {
    covers: "/payment",
    method: "POST",
    path: () => "/payment",
    form: () => ({ email: "not-an-email", tier: "standard", provider: "test", idempotencyKey: "matrix-payment" }),
    expect: { visitor: 401, members: 400 },
  },
  {
    covers: "/payment/test/:providerOrderId",
    method: "POST",
    path: () => "/payment/test/no-such-order",
    form: () => ({ decision: "approve" }),
    expect: { visitor: 302, members: 404 },
    note: "visitors are sent to sign in",
  },
  {
    covers: "/tools/:idOrSlug",
    method: "POST",
    path: (c) => `/tools/${c.toolSlugs[2]}`,
    form: () => ({ kind: "favorite", on: "1" }),
    expect: { visitor: 302, members: 200 },
    note: "save / favourite toggle: members' own list; visitors (no JavaScript) are sent to sign in",
  },
  {
    covers: "/tools/:idOrSlug",
    method: "POST",
    path: (c) => `/tools/${c.toolSlugs[2]}`,
    form: () => ({ kind: "favorite", on: "0" }),
    expect: { visitor: 302, members: 200 },
  },
  {
    covers: "/search",
    method: "POST",
    path: () => "/search?q=matrix",
    form: () => ({ intent: "save-search", name: "Matrix page", query: "q=matrix-page" }),
    expect: { visitor: 401, free: 403, standard: 200, expert: 200, admin: 403 },
    note: "Save Search: sign in first; a Standard/Expert feature (the admin here is on the free tier)",
  },

  {
    covers: "/referrals",
    method: "POST",
    path: () => "/referrals",
    form: (_c, who) => ({ email: `page-invite-${who}@example.com` }),
    expect: { visitor: 401, members: 200 },
    note: "sends an invitation e-mail as the member",
  },
  {
    covers: "/affiliate",
    method: "POST",
    path: () => "/affiliate",
    form: (_c, who) => ({ payout_email: `paypal-${who}@example.com`, accept_terms: "on" }),
    expect: { visitor: 401, members: 302 },
    note: "joins the affiliate programme (members are affiliates from here on)",
  },

  // ---- API ----
  { covers: "/api/health", path: () => "/api/health", expect: 200 },
  {
    covers: "/api/community/referrals",
    path: () => "/api/community/referrals",
    expect: { visitor: 401, members: 200 },
    note: "the member's own referrals only",
  },
  {
    covers: "/api/referrals/invite",
    method: "POST",
    path: () => "/api/referrals/invite",
    json: (_c, who) => ({ email: `api-invite-${who}@example.com` }),
    expect: { visitor: 401, members: 200 },
  },
  {
    covers: "/api/affiliate/join",
    method: "POST",
    path: () => "/api/affiliate/join",
    json: (_c, who) => ({ payout_email: `paypal-${who}@example.com`, accept_terms: true }),
    expect: { visitor: 401, members: 200 },
  },
  {
    covers: "/api/affiliate/dashboard",
    path: () => "/api/affiliate/dashboard",
    expect: { visitor: 401, members: 200 },
    note: "the caller's own affiliate figures",
  },
  {
    covers: "/api/admin/affiliates/payouts.csv",
    path: () => "/api/admin/affiliates/payouts.csv?period=2026-11",
    expect: { visitor: 401, members: 403, admin: 200 },
  },
  {
    covers: "/api/admin/affiliates/payouts",
    method: "POST",
    path: () => "/api/admin/affiliates/payouts",
    json: () => ({ period: "2000-01" }),
    expect: { visitor: 401, members: 403, admin: 200 },
    note: "marks approved commissions paid (none in 2000-01)",
  },
  { covers: "/api/health/ready", path: () => "/api/health/ready", expect: 200 },
  { covers: "/api/tools", path: () => "/api/tools?q=image", expect: 200 },
  { covers: "/api/tools/tool-of-the-day", path: () => "/api/tools/tool-of-the-day", expect: 200 },
  { covers: "/api/tools/:idOrSlug", path: () => "/api/tools/midjourney", expect: 200 },
  { covers: "/api/tools/:idOrSlug/history", path: () => "/api/tools/midjourney/history", expect: 200 },
  { covers: "/api/tools/:idOrSlug/cost", path: () => "/api/tools/midjourney/cost?seats=2&usage=100", expect: 200 },
  { covers: "/api/categories", path: () => "/api/categories", expect: 200 },
  { covers: "/api/tools/compare", path: () => "/api/tools/compare?ids=chatgpt,claude", expect: 200 },
  {
    covers: "/api/analytics/tool-click",
    method: "POST",
    path: () => "/api/analytics/tool-click",
    json: () => ({ toolId: "midjourney", source: "tool-of-the-day" }),
    expect: 200,
  },
  {
    covers: "/api/newsletter/subscribe",
    method: "POST",
    path: () => "/api/newsletter/subscribe",
    json: () => ({ email: "matrix-api@example.com" }),
    expect: 200,
  },
  { covers: "/api/errors", method: "POST", path: () => "/api/errors", json: () => ({ error: "x" }), expect: 200 },
  {
    covers: "/api/subscriptions/check-access",
    method: "POST",
    path: () => "/api/subscriptions/check-access",
    json: (c, who) => ({ user_id: c.self[who], feature: "advanced_filters" }),
    expect: 200,
    note: "about oneself (visitors: always no access)",
  },
  {
    covers: "/api/subscriptions/check-access",
    method: "POST",
    path: () => "/api/subscriptions/check-access",
    json: (c) => ({ user_id: c.victim.id, feature: "advanced_filters" }),
    expect: { visitor: 200, members: 403, admin: 200 },
    note: "about someone else",
  },
  {
    covers: "/api/subscriptions/user/:userId",
    path: (c, who) => `/api/subscriptions/user/${c.self[who]}`,
    expect: { visitor: 401, members: 200 },
  },
  {
    covers: "/api/subscriptions/user/:userId",
    path: (c) => `/api/subscriptions/user/${c.victim.id}`,
    expect: { visitor: 401, members: 403, admin: 200 },
  },
  { covers: "/api/users/:userId", path: (c) => `/api/users/${c.victim.id}`, expect: 200 },
  {
    covers: "/api/admin/users/:id",
    method: "PUT",
    path: (c) => `/api/admin/users/${c.victim.id}`,
    json: () => ({ tier: "expert" }),
    expect: { visitor: 401, members: 403, admin: 200 },
  },
  {
    covers: "/api/admin/audit",
    path: (c) => `/api/admin/audit?target_id=${c.victim.id}`,
    expect: { visitor: 401, members: 403, admin: 200 },
  },
  {
    covers: "/api/admin/dashboard",
    path: () => "/api/admin/dashboard",
    expect: { visitor: 401, members: 403, admin: 200 },
  },
  {
    covers: "/api/admin/dashboard/stats",
    path: () => "/api/admin/dashboard/stats",
    expect: { visitor: 401, members: 403, admin: 200 },
  },
  {
    covers: "/api/admin/users/:id/stats",
    path: (c) => `/api/admin/users/${c.victim.id}/stats`,
    expect: { visitor: 401, members: 403, admin: 200 },
  },
  {
    covers: "/api/admin/users/:id/achievements",
    path: (c) => `/api/admin/users/${c.victim.id}/achievements`,
    expect: { visitor: 401, members: 403, admin: 200 },
  },
  {
    covers: "/api/admin/users/:id/suspend",
    method: "POST",
    path: (c) => `/api/admin/users/${c.victim.id}/suspend`,
    json: () => ({}),
    expect: { visitor: 401, members: 403, admin: 400 },
    note: "no reason: refused, nothing changes",
  },
  {
    covers: "/api/admin/users/:id/reactivate",
    method: "POST",
    path: (c) => `/api/admin/users/${c.victim.id}/reactivate`,
    expect: { visitor: 401, members: 403, admin: 200 },
  },
  {
    covers: "/api/admin/feedback",
    path: () => "/api/admin/feedback",
    expect: { visitor: 401, members: 403, admin: 200 },
  },
  {
    covers: "/api/admin/feedback/:id/verify",
    method: "POST",
    path: () => "/api/admin/feedback/00000000-0000-4000-8000-000000000000/verify",
    expect: { visitor: 401, members: 403, admin: 404 },
  },
  { covers: "/api/admin/tools", path: () => "/api/admin/tools?search=mid&status=active", expect: ADMIN_ONLY },
  { covers: "/api/admin/tools/export.csv", path: () => "/api/admin/tools/export.csv?search=mid", expect: ADMIN_ONLY },
  { covers: "/api/admin/tools/:id", path: (c) => `/api/admin/tools/${c.victimToolId}`, expect: ADMIN_ONLY },
  {
    covers: "/api/admin/tools/:id",
    method: "PUT",
    path: (c) => `/api/admin/tools/${c.victimToolId}`,
    json: () => ({ needs_review: false }),
    expect: ADMIN_ONLY,
  },
  {
    covers: "/api/admin/tools/:id/plans",
    method: "PUT",
    path: (c) => `/api/admin/tools/${c.victimToolId}/plans`,
    json: () => ({ plans: [] }),
    expect: { visitor: 401, members: 403, admin: 400 },
    note: "plans without their source URL are refused",
  },
  {
    covers: "/api/admin/tools/:id/decision-facts",
    method: "PUT",
    path: (c) => `/api/admin/tools/${c.victimToolId}/decision-facts`,
    json: () => ({ has_api: { value: true } }),
    expect: { visitor: 401, members: 403, admin: 400 },
    note: "a decision fact without its quote, URL and date is refused",
  },
  {
    covers: "/api/admin/tools",
    method: "POST",
    path: () => "/api/admin/tools",
    json: () => ({ name: "" }),
    expect: { visitor: 401, members: 403, admin: 400 },
  },
  {
    covers: "/api/admin/tools/import/csv",
    method: "POST",
    path: () => "/api/admin/tools/import/csv",
    json: () => ({ csv: "name,official_url\nMatrix Tool,https://matrix-tool.example.com\n", dryRun: true }),
    expect: ADMIN_ONLY,
  },
  {
    covers: "/api/admin/tools/bulk-import",
    method: "POST",
    path: () => "/api/admin/tools/bulk-import",
    json: () => ({ tools: [{ name: "Matrix Tool", official_url: "https://matrix-tool.example.com" }], dryRun: true }),
    expect: ADMIN_ONLY,
  },
  {
    covers: "/api/admin/tools/import-full-csv",
    method: "POST",
    path: () => "/api/admin/tools/import-full-csv",
    expect: ADMIN_ONLY,
    note: "the bundled catalogue again: every row a duplicate, nothing added",
  },
  {
    covers: "/api/submissions",
    method: "POST",
    path: () => "/api/submissions",
    json: (_c, who) => matrixTool(`api-${who}`),
    expect: { visitor: 401, members: 201 },
  },
  { covers: "/api/submissions/mine", path: () => "/api/submissions/mine", expect: { visitor: 401, members: 200 } },
  { covers: "/api/admin/duplicates", path: () => "/api/admin/duplicates?limit=5", expect: ADMIN_ONLY },
  {
    covers: "/api/admin/duplicates/dismiss",
    method: "POST",
    path: () => "/api/admin/duplicates/dismiss",
    json: (c) => ({ a: c.victimToolId, b: c.victimToolId }),
    expect: { visitor: 401, members: 403, admin: 400 },
    note: "a tool is not a duplicate of itself",
  },
  { covers: "/api/admin/quality-flags", path: () => "/api/admin/quality-flags?limit=5", expect: ADMIN_ONLY },
  {
    covers: "/api/admin/quality-flags/:id",
    method: "POST",
    path: () => "/api/admin/quality-flags/999999999",
    json: () => ({ decision: "dismiss" }),
    expect: { visitor: 401, members: 403, admin: 404 },
    note: "an unknown proposal: nothing is decided",
  },
  {
    covers: "/api/admin/tools/:id/merge",
    method: "POST",
    path: (c) => `/api/admin/tools/${c.victimToolId}/merge`,
    json: () => ({ into: "no-such-tool" }),
    expect: { visitor: 401, members: 403, admin: 404 },
    note: "merging into an unknown tool changes nothing",
  },
  {
    covers: "/admin/duplicates",
    method: "POST",
    path: () => "/admin/duplicates",
    form: () => ({ intent: "dismiss", a: "x", b: "y" }),
    expect: { visitor: 401, members: 403, admin: 400 },
  },
  { covers: "/api/openapi.json", path: () => "/api/openapi.json", expect: 200 },
  { covers: "/api/community/trending", path: () => "/api/community/trending?limit=5", expect: 200 },
  { covers: "/api/top-lists", path: () => "/api/top-lists", expect: 200 },
  {
    covers: "/api/contact",
    method: "POST",
    path: () => "/api/contact",
    json: (_c, who) => ({ name: who, email: `${who}@example.com`, message: "Matrix message" }),
    expect: 200,
  },
  {
    covers: "/api/support/tickets",
    method: "POST",
    path: () => "/api/support/tickets",
    json: (_c, who) => ({ name: who, email: `${who}@example.com`, subject: "Matrix", message: "Matrix ticket" }),
    expect: 201,
  },
  { covers: "/api/support/tickets", path: () => "/api/support/tickets", expect: { visitor: 401, members: 200 } },
  {
    covers: "/api/support/tickets/:id",
    path: (c) => `/api/support/tickets/${c.victimTicketId}`,
    expect: { visitor: 401, members: 404, admin: 200 },
  },
  {
    covers: "/api/support/tickets/:id/replies",
    method: "POST",
    path: (c) => `/api/support/tickets/${c.victimTicketId}/replies`,
    json: () => ({ message: "not yours" }),
    expect: { visitor: 401, members: 404 },
  },
  { covers: "/api/admin/support/tickets", path: () => "/api/admin/support/tickets?status=all", expect: ADMIN_ONLY },
  {
    covers: "/api/admin/support/tickets/:id",
    path: (c) => `/api/admin/support/tickets/${c.victimTicketId}`,
    expect: ADMIN_ONLY,
  },
  {
    covers: "/api/admin/support/tickets/:id/reply",
    method: "POST",
    path: (c) => `/api/admin/support/tickets/${c.victimTicketId}/reply`,
    json: () => ({ message: "Matrix answer", status: "open" }),
    expect: ADMIN_ONLY,
  },
  { covers: "/api/admin/contact-messages", path: () => "/api/admin/contact-messages", expect: ADMIN_ONLY },
  { covers: "/api/account/api-keys", path: () => "/api/account/api-keys", expect: { visitor: 401, members: 200 } },
  {
    covers: "/api/account/api-keys",
    method: "POST",
    path: () => "/api/account/api-keys",
    json: () => ({ name: "matrix" }),
    expect: { visitor: 401, members: 403, expert: 201 },
  },
  // Issue 34: Standard's CSV of the member's own data; Expert's bulk catalogue (the admin is on Free).
  {
    covers: "/api/exports/:what",
    path: () => "/api/exports/lists",
    expect: { visitor: 401, members: 403, standard: 200, expert: 200 },
  },
  {
    covers: "/api/exports/:what",
    path: () => "/api/exports/search?q=image",
    expect: { visitor: 401, members: 403, standard: 200, expert: 200 },
  },
  {
    covers: "/api/reports/:scope/:slug",
    path: () => "/api/reports/category/writing",
    expect: { visitor: 401, members: 403, expert: 200 },
  },
  {
    covers: "/api/exports/catalogue",
    path: () => "/api/exports/catalogue?format=csv",
    expect: { visitor: 401, members: 403, expert: 200 },
  },
  {
    covers: "/api/account/api-keys/:id",
    method: "DELETE",
    path: () => "/api/account/api-keys/00000000-0000-4000-8000-000000000000",
    expect: { visitor: 401, members: 404 },
  },
  {
    covers: "/api/admin/moderation/queue",
    path: () => "/api/admin/moderation/queue",
    expect: { visitor: 401, members: 403, admin: 200 },
  },
  {
    covers: "/api/admin/moderation/bulk-approve",
    method: "POST",
    path: () => "/api/admin/moderation/bulk-approve",
    json: () => ({ submissionIds: ["00000000-0000-4000-8000-000000000000"] }),
    expect: { visitor: 401, members: 403, admin: 200 },
  },
  {
    covers: "/api/admin/moderation/bulk-reject",
    method: "POST",
    path: () => "/api/admin/moderation/bulk-reject",
    json: () => ({ submissionIds: ["00000000-0000-4000-8000-000000000000"], rejection_reason: "matrix" }),
    expect: { visitor: 401, members: 403, admin: 200 },
  },
  {
    covers: "/api/admin/moderation/:id/decision",
    method: "POST",
    path: (c) => `/api/admin/moderation/${c.victimSubmissionId}/decision`,
    json: () => ({ decision: "needs_revision", reason: "matrix: please revise" }),
    expect: { visitor: 401, members: 403, admin: 200 },
  },
  {
    covers: "/api/submissions/:id",
    method: "PUT",
    path: (c) => `/api/submissions/${c.victimSubmissionId}`,
    json: () => matrixTool("victim-edit"),
    expect: { visitor: 401, members: 404 },
    note: "someone else's submission (even for an admin: makers edit their own)",
  },
  { covers: "/api/saved-searches", path: () => "/api/saved-searches", expect: { visitor: 401, members: 200 } },
  {
    covers: "/api/saved-searches",
    method: "POST",
    path: () => "/api/saved-searches",
    json: () => ({ name: "Matrix", query: "q=matrix" }),
    expect: { visitor: 401, free: 403, standard: 201, expert: 201, admin: 403 },
  },
  {
    covers: "/api/saved-searches/:id",
    method: "DELETE",
    path: (c) => `/api/saved-searches/${c.victimSearchId}`,
    expect: { visitor: 401, members: 404 },
  },
  // A member's own parts of a shared page (ADR 0032).
  {
    covers: "/api/me/page-state",
    path: () => "/api/me/page-state?path=%2Ftools%2Fmidjourney",
    expect: { visitor: 401, members: 200 },
  },
  { covers: "/api/saved-tools", path: () => "/api/saved-tools", expect: { visitor: 401, members: 200 } },
  {
    covers: "/api/saved-tools",
    method: "POST",
    path: () => "/api/saved-tools",
    json: (c) => ({ tool_id: c.toolSlugs[1], kind: "favorite" }),
    expect: { visitor: 401, members: 201 },
  },
  {
    covers: "/api/saved-tools/:toolId",
    method: "DELETE",
    path: (c) => `/api/saved-tools/${c.victimToolId}?kind=saved`,
    expect: { visitor: 401, members: 404 },
  },
  {
    covers: "/api/saved-tools/merge",
    method: "POST",
    path: () => "/api/saved-tools/merge",
    json: (c) => ({ saved: [c.toolSlugs[2]], favorites: [] }),
    expect: { visitor: 401, members: 200 },
  },
  // ---- top lists and trending (issue 11) ----
  { covers: "/top-lists", path: () => "/top-lists", expect: 200 },
  { covers: "/top-lists/:slug", path: (c) => `/top-lists/${c.victimPublicList.slug}`, expect: 200 },
  { covers: "/top-lists/:slug", path: (c) => `/top-lists/${c.victimList.slug}`, expect: 404, note: "private" },
  {
    covers: "/top-lists/:slug",
    method: "POST",
    path: (c) => `/top-lists/${c.victimPublicList.slug}`,
    form: () => ({ editorial: "true" }),
    expect: { visitor: 401, members: 403, admin: 200 },
  },
  { covers: "/trending", path: () => "/trending", expect: 200 },
  { covers: "/dashboard/lists", path: () => "/dashboard/lists", expect: { visitor: 401, members: 200 } },
  {
    covers: "/dashboard/lists",
    method: "POST",
    path: () => "/dashboard/lists",
    form: (c) => ({ intent: "add", listId: c.victimList.id, toolId: c.toolSlugs[1] ?? "" }),
    expect: { visitor: 302, members: 404 },
    note: "someone else's list; visitors are sent to sign in",
  },
  // ---- custom collections (issue 34 item 8, ADR 0082) ----
  { covers: "/lists/shared/:token", path: (c) => `/lists/shared/${c.victimShareToken}`, expect: 200 },
  { covers: "/lists/shared/:token", path: () => `/lists/shared/${"x".repeat(32)}`, expect: 404, note: "no such link" },
  {
    covers: "/dashboard/lists",
    method: "POST",
    path: () => "/dashboard/lists",
    form: (c) => ({ intent: "share", listId: c.victimList.id }),
    expect: { visitor: 302, free: 403, standard: 403, expert: 404, admin: 403 },
    note: "sharing someone else's list: below Expert the plan answers first",
  },
  {
    covers: "/dashboard/lists",
    method: "POST",
    path: () => "/dashboard/lists",
    form: (c) => ({ intent: "invite", listId: c.victimList.id, who: "someone@example.com" }),
    expect: { visitor: 302, free: 403, standard: 403, expert: 404, admin: 403 },
  },
  {
    covers: "/dashboard/lists",
    method: "POST",
    path: () => "/dashboard/lists",
    form: (c) => ({ intent: "leave", listId: c.victimList.id }),
    expect: { visitor: 302, members: 404 },
    note: "not a collaborator",
  },
  {
    covers: "/dashboard/lists",
    method: "POST",
    path: () => "/dashboard/lists",
    form: (c) => ({ intent: "note", listId: c.victimList.id, toolId: c.victimList.toolId, note: "mine" }),
    expect: { visitor: 302, members: 404 },
  },
  { covers: "/api/top-lists", path: () => "/api/top-lists?page=1&limit=5", expect: 200 },
  { covers: "/api/top-lists/mine", path: () => "/api/top-lists/mine", expect: { visitor: 401, members: 200 } },
  { covers: "/api/top-lists/:id", path: (c) => `/api/top-lists/${c.victimPublicList.slug}`, expect: 200 },
  { covers: "/api/top-lists/:id", path: (c) => `/api/top-lists/${c.victimList.slug}`, expect: 404 },
  {
    covers: "/api/top-lists",
    method: "POST",
    path: () => "/api/top-lists",
    json: () => ({ title: "Matrix list" }),
    expect: { visitor: 401, free: 403, standard: 201, expert: 201, admin: 403 },
    note: "saved_collections: free 0 (the admin account is free)",
  },
  {
    covers: "/api/top-lists/:id",
    method: "PUT",
    path: (c) => `/api/top-lists/${c.victimList.id}`,
    json: () => ({ title: "Hijacked", isPublic: true }),
    expect: { visitor: 401, members: 404 },
  },
  {
    covers: "/api/top-lists/:id",
    method: "DELETE",
    path: (c) => `/api/top-lists/${c.victimList.id}`,
    expect: { visitor: 401, members: 404 },
  },
  {
    covers: "/api/top-lists/:id/items",
    method: "POST",
    path: (c) => `/api/top-lists/${c.victimList.id}/items`,
    json: (c) => ({ toolId: c.toolSlugs[2] }),
    expect: { visitor: 401, members: 404 },
  },
  {
    covers: "/api/top-lists/:id/items/:toolId",
    method: "DELETE",
    path: (c) => `/api/top-lists/${c.victimList.id}/items/${c.victimList.toolId}`,
    expect: { visitor: 401, members: 404 },
  },
  {
    covers: "/api/top-lists/:id/items/:toolId/move",
    method: "POST",
    path: (c) => `/api/top-lists/${c.victimList.id}/items/${c.victimList.toolId}/move`,
    json: () => ({ direction: "down" }),
    expect: { visitor: 401, members: 404 },
  },
  {
    covers: "/api/admin/top-lists/:id/editorial",
    method: "POST",
    path: (c) => `/api/admin/top-lists/${c.victimPublicList.id}/editorial`,
    json: () => ({ editorial: true }),
    expect: ADMIN_ONLY,
  },
  { covers: "/api/community/trending", path: () => "/api/community/trending", expect: 200 },
  { covers: "/api/admin/trending", path: () => "/api/admin/trending", expect: ADMIN_ONLY },
  // ---- billing (issue 9) ----
  {
    covers: "/api/payments/pricing-for-checkout",
    method: "POST",
    path: () => "/api/payments/pricing-for-checkout",
    json: () => ({ tier: "standard", currency: "USD" }),
    expect: 200,
  },
  {
    covers: "/api/payments/create-order",
    method: "POST",
    path: () => "/api/payments/create-order",
    json: () => ({ tier: "expert" }),
    expect: { visitor: 401, members: 201 },
    note: "an order for oneself only (a pending order changes no tier)",
  },
  {
    covers: "/api/payments/verify",
    method: "POST",
    path: () => "/api/payments/verify",
    json: () => ({ order_id: "00000000-0000-4000-8000-000000000000" }),
    expect: { visitor: 401, members: 404 },
  },
  {
    covers: "/api/subscriptions/create",
    method: "POST",
    path: () => "/api/subscriptions/create",
    json: (c, who) => ({ user_id: c.self[who], tier: "free" }),
    expect: { visitor: 401, members: 200 },
  },
  {
    covers: "/api/subscriptions/create",
    method: "POST",
    path: () => "/api/subscriptions/create",
    json: (c) => ({ user_id: c.victim.id, tier: "free" }),
    expect: { visitor: 401, members: 403 },
    note: "someone else's plan",
  },
  {
    covers: "/api/subscriptions/cancel",
    method: "POST",
    path: () => "/api/subscriptions/cancel",
    json: () => ({}),
    expect: { visitor: 401, members: 400 },
    note: "no paid plan (tiers here are operator overrides)",
  },
  {
    covers: "/api/subscriptions/resume",
    method: "POST",
    path: () => "/api/subscriptions/resume",
    json: () => ({}),
    expect: { visitor: 401, members: 400 },
  },
  {
    covers: "/api/subscriptions/refund",
    method: "POST",
    path: () => "/api/subscriptions/refund",
    json: () => ({}),
    expect: { visitor: 401, members: 400 },
  },
  { covers: "/api/membership/comparison", path: () => "/api/membership/comparison", expect: 200 },
  {
    covers: "/api/webhooks/:provider",
    method: "POST",
    path: () => "/api/webhooks/test",
    json: () => ({ id: "forged" }),
    expect: 400,
    note: "unsigned: refused before anything is read",
  },
  {
    covers: "/api/webhooks/:provider",
    method: "POST",
    path: () => "/api/webhooks/nope",
    json: () => ({}),
    expect: 404,
  },
  { covers: "/api/auth/*", path: () => "/api/auth/get-session", expect: 200 },
  {
    covers: "/api/auth/*",
    method: "POST",
    path: () => "/api/auth/sign-in/email",
    json: () => ({ email: "nobody@example.com", password: "wrong-password" }),
    expect: 401,
  },
  { covers: "/api (no such endpoint)", path: () => "/api/no-such-endpoint", expect: 404 },

  // ---- change alerts on saved tools (issue 20) ----
  { covers: "/tools/:idOrSlug/alert", path: () => "/tools/midjourney/alert", expect: 302 },
  {
    covers: "/tools/:idOrSlug/alert",
    method: "POST",
    path: () => "/tools/midjourney/alert",
    form: () => ({ frequency: "off" }),
    expect: { visitor: 302, free: 403, standard: 303, expert: 303, admin: 403 },
    note: "visitors sign in; the plan decides (entitlement change_alerts): Free and admin accounts (free tier) are refused",
  },

  // ---- community: corrections, feedback, badges (issue 11) ----
  { covers: "/tools/:idOrSlug/correct", path: (c) => `/tools/${c.toolSlugs[1]}/correct`, expect: 200 },
  {
    covers: "/tools/:idOrSlug/correct",
    method: "POST",
    path: (c) => `/tools/${c.toolSlugs[1]}/correct`,
    form: (_c, who) => ({ field: "description", value: `A description the access matrix proposes for ${who}.` }),
    expect: 302,
    note: "visitors are sent to sign in; members are sent to /corrections after proposing",
  },
  { covers: "/corrections", path: () => "/corrections", expect: 200 },
  // Issue 35 item 1, issue 34 item 7 (ADR 0076): discussions; the VIP space by vip_community (Expert).
  { covers: "/community/discussions", path: () => "/community/discussions?q=export", expect: 200 },
  {
    covers: "/community/discussions",
    method: "POST",
    path: () => "/community/discussions",
    form: () => ({ intent: "create", title: "", body: "" }),
    expect: { visitor: 302, members: 400 },
    note: "visitors are sent to sign in; members hear what is missing",
  },
  {
    covers: "/community/discussions/:threadId",
    path: () => `/community/discussions/${NO_THREAD}`,
    expect: 404,
    note: "an unknown thread",
  },
  {
    covers: "/community/discussions/:threadId",
    method: "POST",
    path: () => `/community/discussions/${NO_THREAD}`,
    form: () => ({ intent: "follow" }),
    expect: { visitor: 302, members: 404 },
  },
  {
    covers: "/community/vip",
    path: () => "/community/vip",
    expect: { visitor: 401, free: 403, standard: 403, expert: 200, admin: 200 },
    note: "Expert's space (vip_community); admins moderate it",
  },
  {
    covers: "/community/vip",
    method: "POST",
    path: () => "/community/vip",
    form: () => ({ intent: "create", title: "", body: "" }),
    expect: { visitor: 401, free: 403, standard: 403, expert: 400, admin: 400 },
  },
  { covers: "/tools/:idOrSlug/discussions", path: (c) => `/tools/${c.toolSlugs[1]}/discussions`, expect: 200 },
  {
    covers: "/tools/:idOrSlug/discussions",
    method: "POST",
    path: (c) => `/tools/${c.toolSlugs[1]}/discussions`,
    form: () => ({ intent: "create", title: "", body: "" }),
    expect: { visitor: 302, members: 400 },
  },
  { covers: "/admin/discussions", path: () => "/admin/discussions", expect: ADMIN_ONLY },
  {
    covers: "/admin/discussions",
    method: "POST",
    path: () => "/admin/discussions",
    form: () => ({ intent: "moderate", target: "thread", targetId: NO_THREAD, decision: "keep" }),
    expect: { visitor: 401, members: 403, admin: 404 },
  },
  // ---- makers: claims, maker edits, right of reply (issue 20) ----
  {
    covers: "/tools/:idOrSlug/claim",
    path: (c) => `/tools/${c.toolSlugs[1]}/claim`,
    expect: { visitor: 302, members: 200, admin: 200 },
    note: "visitors are sent to sign in",
  },
  {
    covers: "/tools/:idOrSlug/claim",
    method: "POST",
    path: (c) => `/tools/${c.toolSlugs[1]}/claim`,
    form: () => ({ intent: "email", email: "someone@gmail.com" }),
    expect: { visitor: 302, members: 400, admin: 400 },
    note: "an address outside the tool's own domain is refused",
  },
  {
    covers: "/tools/:idOrSlug/maker",
    path: (c) => `/tools/${c.toolSlugs[1]}/maker`,
    expect: 302,
    note: "only the verified maker sees it: visitors go to sign in, others to the claim page",
  },
  {
    covers: "/tools/:idOrSlug/maker",
    method: "POST",
    path: (c) => `/tools/${c.toolSlugs[1]}/maker`,
    form: () => ({ intent: "edit", description: "Words from someone who does not make this tool." }),
    expect: 302,
  },
  {
    covers: "/claim/verify",
    path: () => "/claim/verify?token=nope",
    expect: { visitor: 302, members: 200, admin: 200 },
    note: "the link is the claimant's: visitors sign in first (issue 31)",
  },
  {
    covers: "/claim/verify",
    method: "POST",
    path: () => "/claim/verify",
    form: () => ({ token: "nope" }),
    expect: { visitor: 302, members: 400, admin: 400 },
  },
  { covers: "/admin/makers", path: () => "/admin/makers", expect: ADMIN_ONLY },
  {
    covers: "/admin/makers",
    method: "POST",
    path: () => "/admin/makers",
    form: () => ({ intent: "approve", editId: "00000000-0000-4000-8000-000000000000" }),
    expect: { visitor: 401, members: 403, admin: 404 },
    note: "an unknown maker edit",
  },
  {
    covers: "/corrections",
    method: "POST",
    path: () => "/corrections",
    form: () => ({ id: "00000000-0000-4000-8000-000000000000" }),
    expect: { visitor: 401, members: 404 },
    note: "an unknown correction",
  },
  { covers: "/achievements", path: () => "/achievements", expect: 200 },
  { covers: "/community-verified", path: () => "/community-verified", expect: 200 },
  { covers: "/community", path: () => "/community", expect: 200 },
  // ---- community: maker AMAs and success stories (issue 35 items 2 and 3) ----
  { covers: "/community/amas", path: () => "/community/amas", expect: 200 },
  {
    covers: "/community/amas/new",
    path: () => "/community/amas/new",
    expect: { visitor: 302, members: 200 },
    note: "visitors are sent to sign in",
  },
  {
    covers: "/community/amas/new",
    method: "POST",
    path: () => "/community/amas/new",
    form: (c) => ({
      tool: c.toolSlugs[1] ?? "",
      title: "Access matrix AMA",
      startsAt: "2020-01-01T10:00",
      endsAt: "2020-01-01T11:00",
    }),
    expect: { visitor: 302, members: 403, admin: 400 },
    note: "only the tool's verified maker or an editor hosts; the editor's start is in the past",
  },
  {
    covers: "/community/amas/:id",
    path: () => "/community/amas/00000000-0000-4000-8000-000000000000",
    expect: 404,
    note: "an unknown AMA",
  },
  {
    covers: "/community/amas/:id",
    method: "POST",
    path: () => "/community/amas/00000000-0000-4000-8000-000000000000",
    form: () => ({ intent: "ask", body: "A question from the access matrix" }),
    expect: { visitor: 401, members: 404 },
    note: "an unknown AMA",
  },
  { covers: "/community/stories", path: () => "/community/stories", expect: 200 },
  {
    covers: "/community/stories/new",
    path: () => "/community/stories/new",
    expect: { visitor: 302, members: 200 },
    note: "visitors are sent to sign in",
  },
  {
    covers: "/community/stories/new",
    method: "POST",
    path: () => "/community/stories/new",
    form: () => ({ title: "Access matrix story", problem: "short", outcome: "short" }),
    expect: { visitor: 302, members: 400 },
    note: "no tool named, texts too short",
  },
  {
    covers: "/community/stories/:id",
    path: () => "/community/stories/00000000-0000-4000-8000-000000000000",
    expect: 404,
    note: "an unknown or unpublished story",
  },
  {
    covers: "/community/stories/:id",
    method: "POST",
    path: () => "/community/stories/00000000-0000-4000-8000-000000000000",
    form: () => ({ body: "A reply from the access matrix" }),
    expect: { visitor: 401, members: 404 },
    note: "an unknown story",
  },
  { covers: "/admin/stories", path: () => "/admin/stories", expect: ADMIN_ONLY },
  {
    covers: "/admin/stories",
    method: "POST",
    path: () => "/admin/stories",
    form: () => ({ intent: "approve", id: "00000000-0000-4000-8000-000000000000" }),
    expect: { visitor: 401, members: 403, admin: 404 },
    note: "an unknown story",
  },
  { covers: "/feedback", path: () => "/feedback", expect: 200 },
  {
    covers: "/feedback",
    method: "POST",
    path: () => "/feedback",
    form: (_c, who) => ({ type: "general", message: `Feedback from the access matrix (${who})` }),
    expect: 200,
  },
  // ---- community: reviews, polls, verification (issue 11) ----
  { covers: "/polls", path: () => "/polls", expect: 200 },
  { covers: "/verify-company", path: () => "/verify-company", expect: { visitor: 302, members: 200 } },
  {
    covers: "/verify-company",
    method: "POST",
    path: () => "/verify-company",
    form: () => ({ intent: "start", email: "me@gmail.com" }),
    expect: { visitor: 302, members: 400 },
    note: "free-mail refused; visitors are sent to sign in",
  },
  { covers: "/admin/community", path: () => "/admin/community", expect: ADMIN_ONLY },
  {
    covers: "/admin/community",
    method: "POST",
    path: () => "/admin/community",
    form: () => ({ intent: "verify-correction", id: "00000000-0000-4000-8000-000000000000" }),
    expect: { visitor: 401, members: 403, admin: 404 },
    note: "an unknown correction",
  },
  { covers: "/api/community/badges", path: () => "/api/community/badges", expect: 200 },
  { covers: "/api/community/leaderboard", path: () => "/api/community/leaderboard", expect: 200 },
  {
    covers: "/api/community/achievements",
    path: () => "/api/community/achievements",
    expect: { visitor: 401, members: 200 },
  },
  { covers: "/api/community/corrections", path: () => "/api/community/corrections", expect: 200 },
  {
    covers: "/api/community/corrections",
    method: "POST",
    path: () => "/api/community/corrections",
    json: (c, who) => ({
      toolId: c.toolSlugs[2],
      field: "description",
      value: `A description the access matrix proposes over the API for ${who}.`,
    }),
    expect: { visitor: 401, members: 201 },
  },
  {
    covers: "/api/community/corrections/:id/vote",
    method: "POST",
    path: (c) => `/api/community/corrections/${c.victimCorrectionId}/vote`,
    expect: { visitor: 401, members: 200 },
  },
  { covers: "/api/community/community-verified", path: () => "/api/community/community-verified", expect: 200 },
  { covers: "/api/community/trending", path: () => "/api/community/trending", expect: 200 },
  {
    covers: "/api/community/feedback",
    method: "POST",
    path: () => "/api/community/feedback",
    json: (_c, who) => ({ type: "bug", message: `API feedback from the access matrix (${who})` }),
    expect: 201,
  },
  { covers: "/api/admin/corrections", path: () => "/api/admin/corrections", expect: ADMIN_ONLY },
  {
    covers: "/api/admin/corrections/:id/verify",
    method: "POST",
    path: () => "/api/admin/corrections/00000000-0000-4000-8000-000000000000/verify",
    expect: { visitor: 401, members: 403, admin: 404 },
  },
  {
    // Spec §7's path for a vote: admins only, the community vote's rule (a correction that is not there: 404).
    covers: "/api/admin/corrections/:id/vote",
    method: "POST",
    path: () => "/api/admin/corrections/00000000-0000-4000-8000-000000000000/vote",
    expect: { visitor: 401, members: 403, admin: 404 },
  },
  {
    covers: "/api/admin/corrections/:id/reject",
    method: "POST",
    path: () => "/api/admin/corrections/00000000-0000-4000-8000-000000000000/reject",
    json: () => ({ reason: "matrix" }),
    expect: { visitor: 401, members: 403, admin: 404 },
  },
  { covers: "/api/admin/badges", path: () => "/api/admin/badges", expect: ADMIN_ONLY },
  { covers: "/api/admin/leaderboard", path: () => "/api/admin/leaderboard", expect: ADMIN_ONLY },
  { covers: "/admin/reviews", path: () => "/admin/reviews", expect: ADMIN_ONLY },
  {
    covers: "/admin/reviews",
    method: "POST",
    path: () => "/admin/reviews",
    form: (c) => ({ intent: "moderate", reviewId: c.victimReviewId, decision: "keep" }),
    expect: ADMIN_ONLY,
  },
  {
    covers: "/tools/:idOrSlug",
    method: "POST",
    path: (c) => `/tools/${c.toolSlugs[2]}?tab=reviews`,
    form: (c) => ({ intent: "review-report", reviewId: c.victimReviewId, reason: "Matrix probe report" }),
    expect: { visitor: 401, members: 200 },
    note: "one report per member (the API row below is then refused)",
  },
  { covers: "/api/tools/:toolId/poll", path: (c) => `/api/tools/${c.toolSlugs[1]}/poll`, expect: 200 },
  { covers: "/api/tools/:toolId/poll", path: (c) => `/api/tools/${c.toolSlugs[0]}/poll`, expect: 404, note: "no poll" },
  {
    covers: "/api/tools/:toolId/poll/vote-status",
    path: (c) => `/api/tools/${c.toolSlugs[1]}/poll/vote-status?pollId=${c.pollId}`,
    expect: 200,
  },
  {
    covers: "/api/tools/:toolId/poll/vote",
    method: "POST",
    path: (c) => `/api/tools/${c.toolSlugs[1]}/poll/vote`,
    json: (c) => ({ pollId: c.pollId, optionIndex: 0 }),
    expect: 200,
    note: "members by account, visitors by cookie",
  },
  { covers: "/api/tools/:toolId/reviews", path: (c) => `/api/tools/${c.toolSlugs[2]}/reviews`, expect: 200 },
  {
    covers: "/api/tools/:toolId/reviews/mine",
    path: (c) => `/api/tools/${c.toolSlugs[2]}/reviews/mine`,
    expect: { visitor: 401, members: 200 },
  },
  {
    covers: "/api/tools/:toolId/reviews/mine",
    method: "PUT",
    path: (c) => `/api/tools/${c.toolSlugs[2]}/reviews/mine`,
    json: () => ({ rating: 3, comment: "A review the access matrix writes." }),
    expect: { visitor: 401, members: 201 },
  },
  {
    covers: "/api/reviews/:id",
    method: "DELETE",
    path: (c) => `/api/reviews/${c.victimReviewId}`,
    expect: { visitor: 401, members: 404 },
    note: "someone else's review",
  },
  {
    covers: "/api/reviews/:id/helpful",
    method: "POST",
    path: (c) => `/api/reviews/${c.victimReviewId}/helpful`,
    expect: { visitor: 401, members: 200 },
  },
  {
    covers: "/api/reviews/:id/report",
    method: "POST",
    path: (c) => `/api/reviews/${c.victimReviewId}/report`,
    json: () => ({ reason: "Matrix probe report" }),
    expect: { visitor: 401, members: 409 },
  },
  {
    covers: "/api/community/verification",
    path: () => "/api/community/verification",
    expect: { visitor: 401, members: 200 },
  },
  {
    covers: "/api/community/verification/company",
    method: "POST",
    path: () => "/api/community/verification/company",
    json: () => ({ email: "me@gmail.com" }),
    expect: { visitor: 401, members: 400 },
  },
  { covers: "/api/admin/reviews/reported", path: () => "/api/admin/reviews/reported", expect: ADMIN_ONLY },
  {
    covers: "/api/admin/reviews/:id/moderate",
    method: "POST",
    path: (c) => `/api/admin/reviews/${c.victimReviewId}/moderate`,
    json: () => ({ decision: "keep" }),
    expect: ADMIN_ONLY,
  },
  { covers: "/api/admin/polls", path: () => "/api/admin/polls", expect: ADMIN_ONLY },
  {
    covers: "/api/admin/community-verified",
    path: () => "/api/admin/community-verified",
    expect: ADMIN_ONLY,
    note: "spec §7's admin path; the public list is /api/community/community-verified",
  },
  {
    covers: "/api/admin/referrals",
    path: () => "/api/admin/referrals",
    expect: ADMIN_ONLY,
    note: "every rewarded referral, and the admin's own invite link",
  },
  {
    covers: "/api/admin/tools/:toolId/polls",
    method: "POST",
    path: (c) => `/api/admin/tools/${c.toolSlugs[1]}/polls`,
    json: () => ({ question: "", options: [] }),
    expect: { visitor: 401, members: 403, admin: 400 },
  },
  {
    covers: "/api/admin/polls/:id/status",
    method: "POST",
    path: (c) => `/api/admin/polls/${c.pollId}/status`,
    json: () => ({ status: "active" }),
    expect: ADMIN_ONLY,
  },

  // Last: ends every session.
  { covers: "/sign-out", method: "POST", path: () => "/sign-out", form: () => ({}), expect: 302 },
];

/** A tool submission nobody else sends (the pending-duplicate rule would refuse a second copy). */
function matrixTool(tag: string): Record<string, string> {
  return {
    name: `Matrix Probe ${tag}`,
    description: "A tool the access matrix submits.",
    url: `https://matrix-probe-${tag}.io`,
    category: "writing",
  };
}

function expected(e: Expect, who: Who): number {
  if (typeof e === "number") return e;
  const specific = e[who];
  if (specific !== undefined) return specific;
  if (who !== "visitor" && e.members !== undefined) return e.members;
  if (e.others !== undefined) return e.others;
  throw new Error(`no expectation for ${who}`);
}

let server: TestServer;
let clients: Record<Who, Client>;
let members: Record<Exclude<Who, "visitor">, Member>;
let ctx: Ctx;

beforeAll(async () => {
  server = await startTestServer({ pages: true, env: { TRUST_PROXY: "1" } });
  const [free, standard, expert, admin, victim] = await Promise.all([
    createMember(server, { name: "Free Member" }),
    createMember(server, { tier: "standard", name: "Standard Member" }),
    createMember(server, { tier: "expert", name: "Expert Member" }),
    createMember(server, { role: "admin", name: "Admin Member" }),
    createMember(server, { tier: "expert", name: "Victim Member" }),
  ]);
  members = { free, standard, expert, admin };
  clients = {
    visitor: new Client(server),
    free: free.client,
    standard: standard.client,
    expert: expert.client,
    admin: admin.client,
  };
  const toolSlugs = (
    await queryRows<{ slug: string }>(server.services.db, sql`SELECT slug FROM tools ORDER BY name LIMIT 3`)
  ).map((r) => r.slug);
  const search = await victim.client.json("/api/saved-searches", "POST", { name: "Private", query: "q=private" });
  const victimSearchId = ((await search.json()) as { savedSearch: { id: string } }).savedSearch.id;
  const saved = await victim.client.json("/api/saved-tools", "POST", { tool_id: toolSlugs[0] });
  const victimToolId = ((await saved.json()) as { tool_id: string }).tool_id;
  await clients.visitor.json("/api/newsletter/subscribe", "POST", { email: "unsub-matrix@example.com" });
  const [sub] = await queryRows<{ token: string }>(
    server.services.db,
    sql`SELECT token FROM newsletter_subscribers WHERE email = 'unsub-matrix@example.com'`,
  );
  const submitted = await victim.client.json("/api/submissions", "POST", matrixTool("victim"));
  const victimSubmissionId = ((await submitted.json()) as { submission: { id: string } }).submission.id;
  const listJson = async (res: Response) => ((await res.json()) as { topList: { id: string; slug: string } }).topList;
  const victimPrivate = await listJson(await victim.client.json("/api/top-lists", "POST", { title: "Victim private" }));
  const added = await victim.client.json(`/api/top-lists/${victimPrivate.id}/items`, "POST", { toolId: toolSlugs[0] });
  if (added.status !== 201) throw new Error(`victim list item: ${added.status}`);
  const shared = await victim.client.form("/dashboard/lists", { intent: "share", listId: victimPrivate.id });
  if (shared.status !== 200) throw new Error(`victim share link: ${shared.status}`);
  const [shareRow] = await queryRows<{ share_token: string }>(
    server.services.db,
    sql`SELECT share_token FROM top_lists WHERE id = ${victimPrivate.id}::uuid`,
  );
  const victimPublic = await listJson(
    await victim.client.json("/api/top-lists", "POST", { title: "Victim public", isPublic: true }),
  );
  const proposed = await victim.client.json("/api/community/corrections", "POST", {
    toolId: toolSlugs[0],
    field: "price",
    value: "$12/month",
  });
  const victimCorrectionId = ((await proposed.json()) as { correction: { id: string } }).correction.id;
  const review = await victim.client.json(`/api/tools/${toolSlugs[2]}/reviews/mine`, "PUT", {
    rating: 4,
    comment: "The victim's own careful review.",
  });
  const victimReviewId = ((await review.json()) as { review: { id: string } }).review.id;
  const poll = await admin.client.json(`/api/admin/tools/${toolSlugs[1]}/polls`, "POST", {
    question: "Would you recommend it?",
    options: ["Yes", "No"],
  });
  const pollId = ((await poll.json()) as { poll: { id: string } }).poll.id;
  const ticket = await victim.client.json("/api/support/tickets", "POST", {
    name: "Victim",
    email: victim.email,
    subject: "Private ticket",
    message: "Only mine",
  });
  const victimTicketId = ((await ticket.json()) as { ticket: { id: string } }).ticket.id;
  ctx = {
    victimList: { ...victimPrivate, toolId: victimToolId },
    victimShareToken: shareRow?.share_token ?? "",
    victimPublicList: victimPublic,
    victimReviewId,
    pollId,
    victimSubmissionId,
    victimCorrectionId,
    victimTicketId,
    self: { visitor: victim.id, free: free.id, standard: standard.id, expert: expert.id, admin: admin.id },
    victim,
    victimSearchId,
    victimToolId,
    toolSlugs,
    unsubscribeToken: sub?.token ?? "",
  };
});
afterAll(async () => {
  await server?.close();
});

describe("access matrix", () => {
  it("covers every page route (and every page action) and every API endpoint", async () => {
    const file = path.join(BUILD_DIR, "server/index.js");
    expect(existsSync(file), "run `npm run build` first").toBe(true);
    const build = (await import(pathToFileURL(file).href)) as ServerBuild;
    const fullPath = (id: string): string => {
      const r = build.routes[id];
      if (!r) return "";
      const parent = r.parentId ? fullPath(r.parentId) : "";
      return r.path ? `${parent.replace(/\/$/, "")}/${r.path}`.replace(/^\/\*$/, "*") : parent || "/";
    };
    const covered = new Set(ROWS.map((r) => `${r.method ?? "GET"} ${r.covers}`));
    const missing: string[] = [];
    for (const [id, r] of Object.entries(build.routes)) {
      if (!r || (!r.path && !r.index)) continue; // root and layouts
      const p = fullPath(id);
      if (!covered.has(`GET ${p}`)) missing.push(`GET ${p}`);
      if (r.module.action && !covered.has(`POST ${p}`)) missing.push(`POST ${p}`);
    }
    for (const r of createApi().routes) {
      if (r.method === "ALL") continue; // middleware and the 404 fallback
      const key = `${r.method} /api${r.path}`;
      if (!covered.has(key)) missing.push(key);
    }
    expect(missing, "routes without a row in the access matrix").toEqual([]);
  });

  // Hundreds of requests one after another: allow for a busy machine.
  it("answers each role with the expected status", { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    for (const row of ROWS) {
      for (const who of WHO) {
        const client = clients[who];
        const method = row.method ?? "GET";
        const url = row.path(ctx, who);
        let res: Response;
        if (row.json) res = await client.json(url, method, row.json(ctx, who));
        else if (row.form) res = await client.form(url, row.form(ctx, who));
        else res = await client.fetch(url, { method });
        const want = expected(row.expect, who);
        if (res.status !== want) failures.push(`${method} ${url} as ${who}: ${res.status}, expected ${want}`);
        await res.body?.cancel();
      }
    }
    expect(failures).toEqual([]);
  });

  it("left the victim's data and everyone's tier and role as they were", async () => {
    const db = server.services.db;
    const [victim] = await queryRows<{ name: string; tier: string; searches: number; tools: number }>(
      db,
      sql`SELECT u.name, p.tier::text AS tier,
            (SELECT count(*)::int FROM saved_searches s WHERE s.user_id = u.id) AS searches,
            (SELECT count(*)::int FROM saved_tools t WHERE t.user_id = u.id) AS tools
          FROM users u JOIN user_profiles p ON p.user_id = u.id WHERE u.id = ${ctx.victim.id}`,
    );
    expect(victim).toEqual({ name: "Victim Member", tier: "expert", searches: 1, tools: 1 });
    const rows = await queryRows<{ id: string; name: string; tier: string; role: string }>(
      db,
      sql`SELECT u.id, u.name, p.tier::text AS tier, u.role::text AS role FROM users u JOIN user_profiles p ON p.user_id = u.id`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(members.free.id)).toMatchObject({ tier: "free", role: "member", name: "Renamed free" });
    expect(byId.get(members.standard.id)).toMatchObject({ tier: "standard", role: "member" });
    expect(byId.get(members.expert.id)).toMatchObject({ tier: "expert", role: "member" });
    expect(byId.get(members.admin.id)).toMatchObject({ tier: "free", role: "admin" });
    const lists = await queryRows<{ title: string; is_public: boolean; items: number }>(
      db,
      sql`SELECT l.title, l.is_public, (SELECT count(*)::int FROM top_list_items i WHERE i.list_id = l.id) AS items
          FROM top_lists l WHERE l.user_id = ${ctx.victim.id} ORDER BY l.title`,
    );
    expect(lists).toEqual([
      { title: "Victim private", is_public: false, items: 1 },
      { title: "Victim public", is_public: true, items: 0 },
    ]);
  });
});
