import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "../../server/platform/audit.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { buy } from "../helpers/billing.ts";
import { fetch } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

type Stats = {
  toolCount: number;
  userCount: number;
  subscriptionCount: number;
  pendingSubmissions: number;
  supportTickets: number;
  newsletterSubscribers: number;
  activeTools: number;
  featuredTools: number;
  revenue: { monthly: number; total: number };
  growth: { tools: number | null; users: number | null; revenue: number | null };
  notCollected: string[];
};

describe("admin operations: overview, users, analytics, feedback", () => {
  let server: TestServer;
  let admin: Member;
  let member: Member;
  /** a Free member: their daily tool views are kept (paid tiers' are unlimited and not counted) */
  let reader: Member;

  beforeAll(async () => {
    server = await startTestServer({ pages: true, env: { TRUST_PROXY: "1" } });
    admin = await createMember(server, { role: "admin", name: "Olga Operator" });
    member = await createMember(server, { tier: "standard", name: "Sam Suspended" });
    reader = await createMember(server, { name: "Rita Reader" });
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.services.db;
  const count = async (q: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db(), q))[0]?.n ?? -1;

  it("the dashboard's figures are the database's; revenue is 0 without payments", async () => {
    await new Client(server).json("/api/newsletter/subscribe", "POST", { email: "ops-news@example.com" });
    // Double opt-in: only a confirmed address counts as a subscriber.
    const [sub] = await queryRows<{ token: string }>(
      db(),
      sql`SELECT token FROM newsletter_subscribers WHERE email = 'ops-news@example.com'`,
    );
    expect((await server.get(`/newsletter/confirm?token=${sub?.token}`)).status).toBe(200);
    await createMember(server, { name: "Another One" });
    const res = await admin.client.fetch("/api/admin/dashboard");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const body = (await res.json()) as {
      success: boolean;
      stats: Stats;
      recentActivity: { users: { email: string }[]; submissions: unknown[]; subscriptions: unknown[] };
    };
    expect(body.success).toBe(true);
    const { stats } = body;
    expect(stats.toolCount).toBe(await count(sql`SELECT count(*)::int AS n FROM tools`));
    expect(stats.activeTools).toBe(await count(sql`SELECT count(*)::int AS n FROM tools WHERE status = 'active'`));
    expect(stats.featuredTools).toBe(
      await count(sql`SELECT count(*)::int AS n FROM tools WHERE status = 'active' AND is_featured`),
    );
    expect(stats.userCount).toBe(await count(sql`SELECT count(*)::int AS n FROM users`));
    expect(stats.userCount).toBeGreaterThanOrEqual(3);
    expect(stats.newsletterSubscribers).toBe(
      await count(
        sql`SELECT count(*)::int AS n FROM newsletter_subscribers WHERE status = 'subscribed' AND confirmed_at IS NOT NULL`,
      ),
    );
    expect(stats.newsletterSubscribers).toBeGreaterThanOrEqual(1);
    expect(stats.revenue).toEqual({ monthly: 0, total: 0 });
    expect(stats.supportTickets).toBe(0);
    expect(stats.notCollected).not.toContain("supportTickets");
    // Every member here joined this month: no base last month, so no invented percentage.
    expect(stats.growth.users).toBeNull();
    expect(body.recentActivity.users.map((u) => u.email)).toContain(admin.email);

    const only = await admin.client.fetch("/api/admin/dashboard/stats");
    expect(((await only.json()) as { stats: Stats }).stats.userCount).toBe(stats.userCount);

    const page = await admin.client.fetch("/admin");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Newsletter subscribers");
    expect(html).toContain("System alerts");
  });

  it("visitors get 401 and members 403 from every admin endpoint, with no data", async () => {
    for (const path of ["/api/admin/dashboard", "/api/admin/dashboard/stats", "/api/admin/feedback"]) {
      const visitor = await new Client(server).fetch(path);
      expect(visitor.status, path).toBe(401);
      const res = await member.client.fetch(path);
      expect(res.status, path).toBe(403);
      expect(await res.text()).not.toContain("toolCount");
    }
    for (const path of ["/admin/users", "/admin/analytics", "/admin/audit", "/admin/users.data"]) {
      const res = await member.client.fetch(path);
      expect(res.status, path).toBe(403);
      expect(await res.text()).not.toContain(admin.email);
    }
  });

  it("the admin API takes the session as a bearer token too; pages stay cookie-only", async () => {
    const signIn = async (m: Member) => {
      const res = await new Client(server).json("/api/auth/sign-in/email", "POST", {
        email: m.email,
        password: m.password,
      });
      expect(res.status).toBe(200);
      const token = res.headers.get("set-auth-token");
      expect(token).toBeTruthy();
      return token as string;
    };
    const adminToken = await signIn(admin);
    const memberToken = await signIn(member);
    const call = (path: string, token: string) =>
      fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` }, redirect: "manual" });
    expect((await call("/api/admin/dashboard", adminToken)).status).toBe(200);
    expect((await call("/api/admin/dashboard", memberToken)).status).toBe(403);
    expect((await call("/api/admin/dashboard", "not-a-token")).status).toBe(401);
    expect((await call("/api/admin/dashboard", `${adminToken.split(".")[0]}.forged`)).status).toBe(401);
    expect((await call("/admin", adminToken)).status).toBe(401);
  });

  it("suspending ends the member's sessions at once and refuses sign-in; reactivating restores it", async () => {
    expect((await member.client.fetch("/api/saved-searches")).status).toBe(200);
    const noReason = await admin.client.json(`/api/admin/users/${member.id}/suspend`, "POST", { reason: " " });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { error: string }).error).toBe("Please give a reason for the suspension");

    const res = await admin.client.json(`/api/admin/users/${member.id}/suspend`, "POST", { reason: "Spam reviews" });
    expect(res.status).toBe(200);
    // Two sessions: the test client's and the bearer sign-in above.
    expect(await res.json()).toMatchObject({ success: true, changed: true, sessionsEnded: 2 });
    // The same cookie, the very next request: signed out.
    expect((await member.client.fetch("/api/saved-searches")).status).toBe(401);
    expect(await count(sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${member.id}`)).toBe(0);

    const again = new Client(server);
    const api = await again.json("/api/auth/sign-in/email", "POST", { email: member.email, password: member.password });
    expect(api.status).toBe(403);
    expect(await api.text()).toContain("This account is suspended");
    const form = await again.form("/sign-in", { email: member.email, password: member.password });
    expect(form.status).toBe(403);
    expect(await form.text()).toContain("This account is suspended");
    expect(again.cookies.size).toBe(0);
    // A wrong password still gets the generic answer: suspension is only told to the account's owner.
    const wrong = await again.json("/api/auth/sign-in/email", "POST", { email: member.email, password: "nope-nope-1" });
    expect(wrong.status).toBe(401);

    const users = await admin.client.fetch("/admin/users?status=suspended");
    const html = await users.text();
    expect(html).toContain(member.email);
    expect(html).toContain("Spam reviews");

    const back = await admin.client.json(`/api/admin/users/${member.id}/reactivate`, "POST");
    expect(await back.json()).toMatchObject({ success: true, changed: true });
    const signIn = await again.json("/api/auth/sign-in/email", "POST", {
      email: member.email,
      password: member.password,
    });
    expect(signIn.status).toBe(200);
    expect((await again.fetch("/api/saved-searches")).status).toBe(200);

    const entries = (await listAudit(db(), { target_id: member.id })).entries;
    const actions = entries.map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(["user.reactivate", "user.suspend"]);
    const suspend = entries.find((e) => e.action === "user.suspend");
    expect(suspend).toMatchObject({
      actor_id: admin.id,
      actor_label: admin.email,
      reason: "Spam reviews",
      before: { suspended: false },
      after: { suspended: true, sessionsEnded: 2 },
    });
  });

  it("the Users tab changes tier and role and suspends through forms, each audited", async () => {
    const target = await createMember(server, { name: "Form Target" });
    const change = await admin.client.form("/admin/users", {
      intent: "change",
      userId: target.id,
      tier: "expert",
      role: "member",
    });
    expect(change.status).toBe(200);
    const suspend = await admin.client.form("/admin/users", { intent: "suspend", userId: target.id, reason: "" });
    expect(suspend.status).toBe(400);
    const ok = await admin.client.form("/admin/users", { intent: "suspend", userId: target.id, reason: "Abuse" });
    expect(ok.status).toBe(200);
    expect((await target.client.fetch("/api/saved-searches")).status).toBe(401);
    const actions = (await listAudit(db(), { target_id: target.id })).entries.map((e) => e.action);
    expect(actions).toEqual(["user.suspend", "user.tier_override"]);
    const audit = await admin.client.fetch(`/admin/audit?target_id=${target.id}`);
    const html = await audit.text();
    expect(html).toContain("user.suspend");
    // The change is listed field by field (tier: free → expert), the whole records on demand.
    expect(html.replace(/<[^>]+>/g, "")).toContain("tier: free → expert");
  });

  it("saving the Users form unchanged gives a paying member no override; a suspended member cannot be made admin", async () => {
    const payer = await createMember(server, { name: "Paying Member" });
    await buy(server, payer, "standard");
    const save = await admin.client.form("/admin/users", {
      intent: "change",
      userId: payer.id,
      tier: "standard",
      role: "member",
    });
    expect(save.status).toBe(200);
    const [profile] = await queryRows<{ tier_override: string | null }>(
      db(),
      sql`SELECT tier_override FROM user_profiles WHERE user_id = ${payer.id}`,
    );
    expect(profile?.tier_override).toBeNull();
    expect((await listAudit(db(), { target_id: payer.id })).entries.map((e) => e.action)).toEqual([]);

    await admin.client.form("/admin/users", { intent: "suspend", userId: payer.id, reason: "Abuse" });
    const promote = await admin.client.form("/admin/users", {
      intent: "change",
      userId: payer.id,
      tier: "standard",
      role: "admin",
    });
    expect(promote.status).toBe(400);
    const [user] = await queryRows<{ role: string }>(db(), sql`SELECT role FROM users WHERE id = ${payer.id}`);
    expect(user?.role).toBe("member");
  });

  it("an admin cannot demote or suspend themselves (400, nothing recorded)", async () => {
    const before = (await listAudit(db(), { target_id: admin.id })).total;
    const demote = await admin.client.json(`/api/admin/users/${admin.id}`, "PUT", { role: "member" });
    expect(demote.status).toBe(400);
    expect(((await demote.json()) as { error: string }).error).toContain("cannot remove your own administrator role");
    const suspend = await admin.client.json(`/api/admin/users/${admin.id}/suspend`, "POST", { reason: "oops" });
    expect(suspend.status).toBe(400);
    expect(((await suspend.json()) as { error: string }).error).toBe("You cannot suspend your own account.");
    const form = await admin.client.form("/admin/users", {
      intent: "change",
      userId: admin.id,
      tier: "free",
      role: "member",
    });
    expect(form.status).toBe(400);
    expect((await listAudit(db(), { target_id: admin.id })).total).toBe(before);
    expect((await admin.client.fetch("/api/admin/dashboard")).status).toBe(200);
  });

  it("searches with no results and tool views appear in analytics after a flush", async () => {
    const visitor = new Client(server);
    for (const q of ["Quantum Llama Juggler", "quantum   llama juggler"]) {
      expect((await visitor.fetch(`/api/tools?q=${encodeURIComponent(q)}`)).status).toBe(200);
    }
    expect((await visitor.fetch("/search?q=zebra%20origami%20helper")).status).toBe(200);
    const [tool] = await queryRows<{ slug: string; name: string }>(
      db(),
      sql`SELECT slug, name FROM tools WHERE status = 'active' AND tier = 'free' ORDER BY name LIMIT 1`,
    );
    // A person's browser (tests' fetch looks like a bot, and bots' views are not counted).
    const browser = { headers: { "user-agent": BROWSER } };
    expect((await visitor.fetch(`/tools/${tool?.slug}`, browser)).status).toBe(200);
    expect((await reader.client.fetch(`/tools/${tool?.slug}`, browser)).status).toBe(200);
    // A bot User-Agent from an address that is not a verified search engine counts like a visitor (issue 31).
    expect((await visitor.fetch(`/tools/${tool?.slug}`)).status).toBe(200);
    // Nothing is written on the request path...
    expect(await count(sql`SELECT count(*)::int AS n FROM search_misses`)).toBe(0);
    await server.services.tallies.flushAll();
    const misses = await queryRows<{ query: string; count: number }>(
      db(),
      sql`SELECT query, count FROM search_misses ORDER BY query`,
    );
    expect(misses).toEqual([
      { query: "quantum llama juggler", count: 2 },
      { query: "zebra origami helper", count: 1 },
    ]);
    const page = await admin.client.fetch("/admin/analytics?days=7");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("quantum llama juggler");
    expect(html).toContain("zebra origami helper");
    expect(html).toContain(tool?.name.replace(/&/g, "&amp;") ?? "?");
    const [views] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT sum(v.count)::int AS n FROM tool_view_days v JOIN tools t ON t.id = v.tool_id WHERE t.slug = ${tool?.slug}`,
    );
    expect(views?.n).toBe(3);
    const bad = await admin.client.fetch("/admin/analytics?from=2026-02-30&to=2026-03-01");
    expect(bad.status).toBe(200);
    expect(await bad.text()).toContain("That date does not exist");
  });

  it("user stats are real; achievements are empty until the community issue", async () => {
    const res = await admin.client.fetch(`/api/admin/users/${reader.id}/stats`);
    expect(res.status).toBe(200);
    const { stats } = (await res.json()) as { stats: Record<string, number> };
    expect(stats).toMatchObject({ correctionsSubmitted: 0, verifiedCorrections: 0, savedSearches: 0 });
    expect(stats.toolViewsToday).toBe(1);
    expect(stats.consecutiveDays).toBe(1);
    const ach = await admin.client.fetch(`/api/admin/users/${reader.id}/achievements`);
    expect(await ach.json()).toEqual({ success: true, achievements: [] });
    expect((await admin.client.fetch("/api/admin/users/nobody-here/stats")).status).toBe(404);
  });

  it("feedback is listed and verified once, with an audit row", async () => {
    const [row] = await queryRows<{ id: string }>(
      db(),
      sql`INSERT INTO feedback (user_id, type, message) VALUES (${member.id}, 'correction', 'Pricing is wrong') RETURNING id`,
    );
    await db().execute(sql`INSERT INTO feedback (type, message) VALUES ('general', 'Anonymous note')`);
    const list = await admin.client.fetch("/api/admin/feedback");
    const body = (await list.json()) as { feedback: { id: string; userId: string | null; status: string }[] };
    expect(body.feedback).toHaveLength(2);
    expect(body.feedback.find((f) => f.id === row?.id)).toMatchObject({ userId: member.id, status: "Pending" });
    const verify = await admin.client.json(`/api/admin/feedback/${row?.id}/verify`, "POST");
    expect(await verify.json()).toMatchObject({ success: true, changed: true });
    const twice = await admin.client.json(`/api/admin/feedback/${row?.id}/verify`, "POST");
    expect(await twice.json()).toMatchObject({ success: true, changed: false });
    expect((await listAudit(db(), { target_id: row?.id })).entries.map((e) => e.action)).toEqual(["feedback.verify"]);
    const pending = await admin.client.fetch("/api/admin/feedback?verified=false");
    expect(((await pending.json()) as { feedback: unknown[] }).feedback).toHaveLength(1);
    expect((await admin.client.fetch("/api/admin/feedback/not-a-uuid/verify", { method: "POST" })).status).toBe(400);
  });

  it("subscriptions and revenue come from billing's rows, net of refunds", async () => {
    const stats = async () =>
      ((await (await admin.client.fetch("/api/admin/dashboard")).json()) as { stats: Stats }).stats;
    const before = await stats();
    expect(before.notCollected).not.toContain("revenue");
    const standard = await createMember(server, { name: "Paying Standard" });
    const expert = await createMember(server, { name: "Paying Expert" });
    await buy(server, standard, "standard");
    await buy(server, expert, "expert");
    const paid = await stats();
    expect(paid.subscriptionCount).toBe(before.subscriptionCount + 2);
    expect(paid.revenue.total).toBeCloseTo(before.revenue.total + 2.99 + 29.99, 2);
    expect(paid.revenue.monthly).toBeCloseTo(before.revenue.monthly + 2.99 + 29.99, 2);
    const refund = await expert.client.json("/api/subscriptions/refund", "POST", {});
    expect(refund.status).toBe(200);
    const refunded = await stats();
    expect(refunded.subscriptionCount).toBe(before.subscriptionCount + 1);
    expect(refunded.revenue.total).toBeCloseTo(before.revenue.total + 2.99, 2);
    const { recentActivity } = (await (await admin.client.fetch("/api/admin/dashboard")).json()) as {
      recentActivity: { subscriptions: { email: string }[] };
    };
    expect(recentActivity.subscriptions.map((s) => s.email)).toEqual(
      expect.arrayContaining([standard.email, expert.email]),
    );
  });

  it("a mail that cannot be sent leaves a failure row and an overview alert", async () => {
    await db().execute(
      sql`INSERT INTO mail_failures (tag, recipient, subject, error) VALUES ('test', 'x@example.com', 'Hi', 'refused')`,
    );
    const res = await admin.client.fetch("/api/admin/dashboard");
    const { alerts } = (await res.json()) as { alerts: { kind: string; count: number }[] };
    expect(alerts).toContainEqual(expect.objectContaining({ kind: "mail_failures", count: 1 }));
  });
});
