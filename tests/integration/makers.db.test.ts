// engine: both — a claim link works once under repeated requests.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogJobOwed, DOMAIN_REKEY_JOB, domainKey, rekeyDomains } from "../../server/modules/catalog/index.ts";
import { createTestClock } from "../../server/platform/clock.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { listOutbox } from "../../server/platform/mail.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { createRecordingLogger } from "../helpers/logger.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Makers (issue 20): claim a listing by an e-mail at the tool's own domain or a token on its site,
 * edit facts as the maker's claim (pricing through a moderator), answer reviews. Real HTTP, pages.
 */
let server: TestServer;
let site: Server;
let siteBody = "<html><head><title>Fixture</title></head><body>hello</body></html>";
const clock = createTestClock("2026-11-20T10:00:00Z");
let maker: Member;
let stranger: Member;
let reviewer: Member;
let admin: Member;
type ToolRow = { id: string; slug: string; name: string; domain_key: string };
let tool: ToolRow;
let sharedTool: ToolRow;
let siteTool: ToolRow;

const db = () => server.services.db;
const logger = createRecordingLogger();

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(db(), query);
  if (!row) throw new Error("no row");
  return row;
}

beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === "/.well-known/toolscape-verification.txt") {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/html" }).end(siteBody);
  });
  await new Promise<void>((r) => site.listen(0, "127.0.0.1", r));
  server = await startTestServer({
    pages: true,
    logger,
    clock,
    env: { TRUST_PROXY: "1", LINK_CHECK_ALLOW_PRIVATE: "1", PUBLIC_URL: "https://toolscape.example" },
  });
  [maker, stranger, reviewer, admin] = await Promise.all([
    createMember(server, { name: "Mia Maker" }),
    createMember(server, { name: "Sam Stranger" }),
    createMember(server, { name: "Rita Reviewer" }),
    createMember(server, { role: "admin", name: "Ops Admin" }),
  ]);
  tool = await one<ToolRow>(
    sql`SELECT id::text AS id, slug, name, domain_key FROM tools WHERE status = 'active' AND domain_key NOT LIKE '%/%'
          AND domain_key LIKE '%.com' AND pricing_model <> 'enterprise' ORDER BY slug LIMIT 1`,
  );
  sharedTool = await one<ToolRow>(
    sql`SELECT id::text AS id, slug, name, domain_key FROM tools WHERE status = 'active' AND domain_key LIKE 'github.com/%'
        ORDER BY slug LIMIT 1`,
  );
  siteTool = await one<ToolRow>(
    sql`SELECT id::text AS id, slug, name, domain_key FROM tools WHERE status = 'active' AND domain_key NOT LIKE '%/%'
          AND id <> ${tool.id}::uuid ORDER BY slug DESC LIMIT 1`,
  );
  const port = (site.address() as AddressInfo).port;
  await db().execute(
    sql`UPDATE tools SET website_url = ${`http://localhost:${port}/`}, domain_key = 'localhost' WHERE id = ${siteTool.id}::uuid`,
  );
  siteTool.domain_key = "localhost";
}, 120_000);

afterAll(async () => {
  await server?.close();
  await new Promise((r) => site?.close(r));
});

const claimPath = (t: ToolRow) => `/tools/${t.slug}/claim`;

async function lastMailTo(address: string) {
  const mails = await listOutbox(server.services.env.DATA_DIR, 200);
  return mails.find((m) => m.to === address) ?? null;
}

describe("claiming a listing", () => {
  it("sends visitors to sign in, and refuses addresses outside the tool's own domain", async () => {
    const visitor = new Client(server);
    const res = await visitor.fetch(claimPath(tool));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("/sign-in");

    for (const email of [
      `bob@evil-${tool.domain_key}`,
      `bob@${tool.domain_key}.evil.net`,
      "bob@gmail.com",
      "not-an-address",
    ]) {
      const r = await stranger.client.form(claimPath(tool), { intent: "email", email });
      expect(r.status, email).toBe(400);
      const html = await r.text();
      expect(html, email).toMatch(/Use an address at|Please enter a valid email address/);
    }
    const count = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM maker_claims`);
    expect(count.n).toBe(0);
  });

  it("refuses claims on a shared host", async () => {
    const r = await stranger.client.form(claimPath(sharedTool), { intent: "email", email: "me@github.com" });
    expect(r.status).toBe(400);
    expect(await r.text()).toContain("shared host");
  });

  it("refuses a mailbox at a sibling under a public suffix, and e-mail claims under a platform's suffix (issue 31)", async () => {
    const sibling = await one<ToolRow>(
      sql`SELECT id::text AS id, slug, name, domain_key FROM tools WHERE status = 'active'
            AND id NOT IN (${tool.id}::uuid, ${sharedTool.id}::uuid, ${siteTool.id}::uuid) ORDER BY slug LIMIT 1`,
    );
    // eu.org is a suffix (the list's private section): y-listing.eu.org and x-mailbox.eu.org are two owners.
    expect(domainKey("https://www.y-listing.eu.org/")).toBe("y-listing.eu.org");
    await db().execute(
      sql`UPDATE tools SET website_url = 'https://www.y-listing.eu.org/', domain_key = 'y-listing.eu.org'
          WHERE id = ${sibling.id}::uuid`,
    );
    const r = await stranger.client.form(claimPath(sibling), { intent: "email", email: "bob@x-mailbox.eu.org" });
    expect(r.status).toBe(400);
    const own = await stranger.client.form(claimPath(sibling), { intent: "email", email: "bob@y-listing.eu.org" });
    expect(own.status).toBe(400);
    const count = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM maker_claims WHERE tool_id = ${sibling.id}::uuid`,
    );
    expect(count.n).toBe(0);
  });

  it("a claim link expires after 24 hours (issue 31)", async () => {
    const late = await createMember(server, { name: "Lee Late" });
    const address = `lee@${tool.domain_key}`;
    expect((await late.client.form(claimPath(tool), { intent: "email", email: address })).status).toBe(200);
    const mail = await lastMailTo(address);
    const token = /claim\/verify\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(token).not.toBe("");
    const start = clock.now();
    clock.set(new Date(start.getTime() + 25 * 3_600_000));
    try {
      expect((await late.client.form("/claim/verify", { token })).status).toBe(400);
    } finally {
      clock.set(start);
    }
  });

  it("verifies a maker by an e-mail at the tool's domain; the link works once", async () => {
    const address = `mia@mail.${tool.domain_key}`;
    const sent = await maker.client.form(claimPath(tool), { intent: "email", email: address });
    expect(sent.status).toBe(200);
    const mail = await lastMailTo(address);
    expect(mail).not.toBeNull();
    const link = /https:\/\/toolscape\.example\/claim\/verify\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "");
    expect(link, mail?.text).not.toBeNull();
    // Not a maker until the link is confirmed.
    const early = await maker.client.fetch(`/tools/${tool.slug}/maker`);
    expect(early.status).toBe(302);
    expect(early.headers.get("location")).toBe(claimPath(tool));

    const token = link?.[1] ?? "";
    // The link is bound to the member who asked (issue 31): a visitor is sent to sign in, another member
    // (a forwarded or intercepted link) is refused, and neither confirms it.
    const anonymous = await new Client(server).form("/claim/verify", { token });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/sign-in\?redirectTo=/);
    const other = await stranger.client.form("/claim/verify", { token });
    expect(other.status).toBe(400);
    const confirm = await maker.client.form("/claim/verify", { token });
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get("location")).toBe(`/tools/${tool.slug}/maker?verified=1`);
    const again = await maker.client.form("/claim/verify", { token });
    expect(again.status).toBe(400);

    const page = await maker.client.fetch(`/tools/${tool.slug}/maker`);
    expect(page.status).toBe(200);
    const toolPage = await new Client(server).fetch(`/tools/${tool.slug}`);
    expect(await toolPage.text()).toContain("Claimed by its maker");
  });

  it("verifies a maker by a meta tag on the tool's site", async () => {
    const first = await stranger.client.form(claimPath(siteTool), { intent: "email", email: "x@localhost.dev" });
    expect(first.status).toBe(400);
    const got = await stranger.client.form(claimPath(siteTool), { intent: "site-token" });
    expect(got.status).toBe(200);
    const { site_token } = await one<{ site_token: string }>(
      sql`SELECT site_token FROM maker_claims WHERE tool_id = ${siteTool.id}::uuid AND user_id = ${stranger.id}`,
    );
    // Not published yet: refused with a message.
    const missing = await stranger.client.form(claimPath(siteTool), { intent: "site-check" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("could not find the token");
    siteBody = `<html><head><meta name="toolscape-verification" content="${site_token}"></head><body></body></html>`;
    const ok = await stranger.client.form(claimPath(siteTool), { intent: "site-check" });
    expect(ok.status).toBe(302);
    const claim = await one<{ status: string; method: string }>(
      sql`SELECT status::text, method::text FROM maker_claims WHERE tool_id = ${siteTool.id}::uuid AND user_id = ${stranger.id}`,
    );
    expect(claim).toEqual({ status: "verified", method: "meta_tag" });
  });
});

describe("the maker's edits", () => {
  const form = async () => {
    const facts = await one<{ description: string; full_description: string; pricing_model: string }>(
      sql`SELECT description, full_description, pricing_model::text FROM tools WHERE id = ${tool.id}::uuid`,
    );
    return {
      intent: "edit",
      description: facts.description.length >= 20 ? facts.description : "A tool that does a useful thing well.",
      full_description: facts.full_description,
      features: "",
      use_cases: "",
      pricing_model: facts.pricing_model,
      pricing: "",
    };
  };

  it("holds a new maker's first edits for a moderator (issue 31); once one is approved, descriptions apply at once", async () => {
    const original = await one<{ description: string }>(sql`SELECT description FROM tools WHERE id = ${tool.id}::uuid`);
    const first = await maker.client.form(`/tools/${tool.slug}/maker`, {
      ...(await form()),
      description: "A first description by a maker nobody has checked yet, held for review.",
    });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Your first changes are reviewed by a moderator");
    const held = await one<{ description: string }>(sql`SELECT description FROM tools WHERE id = ${tool.id}::uuid`);
    expect(held.description).toBe(original.description);
    const [pending] = await queryRows<{ id: string; field: string }>(
      db(),
      sql`SELECT id::text AS id, field FROM maker_edits WHERE tool_id = ${tool.id}::uuid AND status = 'pending'`,
    );
    expect(pending?.field).toBe("description");
    expect((await admin.client.form("/admin/makers", { intent: "approve", editId: pending?.id ?? "" })).status).toBe(
      200,
    );

    const base = await form();
    expect(base.description).toBe("A first description by a maker nobody has checked yet, held for review.");
    const res = await maker.client.form(`/tools/${tool.slug}/maker`, {
      ...base,
      description: "Writes, edits and explains text for teams, from the people who make it.",
      features: "Team workspaces\nAPI access",
    });
    expect(res.status, JSON.stringify(logger.entries.filter((e) => e.level === "error").slice(-1))).toBe(200);
    const row = await one<{ description: string; features: string[] }>(
      sql`SELECT description, features FROM tools WHERE id = ${tool.id}::uuid`,
    );
    expect(row.description).toBe("Writes, edits and explains text for teams, from the people who make it.");
    expect(row.features).toEqual(["Team workspaces", "API access"]);
    const prov = await one<{ kind: string; source: string }>(
      sql`SELECT kind::text, source FROM tool_facts WHERE tool_id = ${tool.id}::uuid AND field = 'description'`,
    );
    expect(prov.kind).toBe("maker");
    expect(prov.source).toContain(tool.domain_key);
    const history = await queryRows<{ field: string; kind: string; actor_user_id: string }>(
      db(),
      sql`SELECT field, kind::text, actor_user_id FROM tool_fact_history WHERE tool_id = ${tool.id}::uuid AND kind = 'maker'`,
    );
    expect(history.map((h) => h.field).sort()).toEqual(["description", "description", "features"]);
    expect(history.every((h) => h.actor_user_id === maker.id)).toBe(true);
  });

  it("holds a pricing change for a moderator, who applies it once", async () => {
    const before = await one<{ pricing_model: string }>(
      sql`SELECT pricing_model::text FROM tools WHERE id = ${tool.id}::uuid`,
    );
    const res = await maker.client.form(`/tools/${tool.slug}/maker`, {
      ...(await form()),
      pricing_model: "enterprise",
      pricing: "$99/month",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("reviewed by a moderator");
    const unchanged = await one<{ pricing_model: string }>(
      sql`SELECT pricing_model::text FROM tools WHERE id = ${tool.id}::uuid`,
    );
    expect(unchanged.pricing_model).toBe(before.pricing_model);
    const edits = await queryRows<{ id: string; field: string }>(
      db(),
      sql`SELECT id::text AS id, field FROM maker_edits WHERE tool_id = ${tool.id}::uuid AND status = 'pending' ORDER BY field`,
    );
    expect(edits.map((e) => e.field)).toEqual(["pricing", "pricing_model"]);

    // Members cannot decide; the admin can, once.
    const denied = await maker.client.form("/admin/makers", { intent: "approve", editId: edits[1]?.id ?? "" });
    expect([302, 403, 404]).toContain(denied.status);
    for (const e of edits) {
      const ok = await admin.client.form("/admin/makers", { intent: "approve", editId: e.id });
      expect(ok.status).toBe(200);
    }
    const twice = await admin.client.form("/admin/makers", { intent: "approve", editId: edits[0]?.id ?? "" });
    expect(twice.status).toBe(404);
    const after = await one<{ pricing_model: string; price: string }>(
      sql`SELECT pricing_model::text, pricing->>'original' AS price FROM tools WHERE id = ${tool.id}::uuid`,
    );
    expect(after).toEqual({ pricing_model: "enterprise", price: "$99/month" });
    const prov = await one<{ kind: string; verified_at: Date | null }>(
      sql`SELECT kind::text, verified_at FROM tool_facts WHERE tool_id = ${tool.id}::uuid AND field = 'pricing_model'`,
    );
    expect(prov.kind).toBe("maker");
    expect(prov.verified_at).not.toBeNull();
  });

  it("refuses edits from anyone who is not the verified maker", async () => {
    const res = await reviewer.client.form(`/tools/${tool.slug}/maker`, {
      ...(await form()),
      description: "Someone else's words about a tool they do not make at all.",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(claimPath(tool));
    const row = await one<{ description: string }>(sql`SELECT description FROM tools WHERE id = ${tool.id}::uuid`);
    expect(row.description).not.toContain("Someone else's words");
  });
});

describe("right of reply", () => {
  it("lets the verified maker answer a review publicly, and nobody else", async () => {
    const put = await reviewer.client.json(`/api/tools/${tool.slug}/reviews/mine`, "PUT", {
      rating: 2,
      comment: "It forgot my settings twice in one week.",
    });
    expect([200, 201]).toContain(put.status);
    const { id: reviewId } = await one<{ id: string }>(
      sql`SELECT id::text AS id FROM reviews WHERE tool_id = ${tool.id}::uuid AND user_id = ${reviewer.id}`,
    );
    const notMaker = await stranger.client.form(`/tools/${tool.slug}/maker`, {
      intent: "reply",
      reviewId,
      body: "Not my tool, but hello.",
    });
    expect(notMaker.status).toBe(302);
    const ok = await maker.client.form(`/tools/${tool.slug}/maker`, {
      intent: "reply",
      reviewId,
      body: "Sorry about that: settings now sync, since version 2.1.",
    });
    expect(ok.status).toBe(200);
    const list = await new Client(server).fetch(`/api/tools/${tool.slug}/reviews`);
    const body = (await list.json()) as {
      reviews?: { id: string; makerReply: { body: string } | null }[];
      items?: { id: string; makerReply: { body: string } | null }[];
    };
    const items = body.reviews ?? body.items ?? [];
    const mine = items.find((r) => r.id === reviewId);
    expect(mine?.makerReply?.body).toBe("Sorry about that: settings now sync, since version 2.1.");
    const page = await new Client(server).fetch(`/tools/${tool.slug}?tab=reviews`);
    expect(await page.text()).toContain("Reply from the maker");
  });
});

describe("re-keying existing rows by the Public Suffix List (issue 31)", () => {
  type KeyRow = { id: string; slug: string; name_key: string; domain_key: string };
  const keyOf = (slug: string) =>
    one<KeyRow>(sql`SELECT id::text AS id, slug, name_key, domain_key FROM tools WHERE slug = ${slug}`);

  it("moves rows keyed by the old last-two-labels rule to their registrable domain, keeping a row whose new key is taken", async () => {
    // The seeded filmforge.uwu.ai and vlog2blog.uwu.ai were both "uwu.ai" under the old rule; the list
    // splits them. Start both from a stale key and re-key.
    const film = await keyOf("filmforge");
    const vlog = await keyOf("vlog2blog");
    const filmTarget = domainKey("http://filmforge.uwu.ai");
    const vlogTarget = domainKey("https://vlog2blog.uwu.ai/");
    await db().execute(sql`UPDATE tools SET domain_key = 'stale.example' WHERE id = ${film.id}::uuid`);
    await db().execute(sql`UPDATE tools SET domain_key = 'stale-two.example' WHERE id = ${vlog.id}::uuid`);
    // Another row already holds vlog2blog's target under the same name key: the unique key forbids the move.
    const squatter = await one<KeyRow>(
      sql`SELECT id::text AS id, slug, name_key, domain_key FROM tools WHERE status = 'active'
            AND slug NOT IN ('filmforge', 'vlog2blog') ORDER BY slug DESC LIMIT 1`,
    );
    await db().execute(
      sql`UPDATE tools SET name_key = ${vlog.name_key}, website_url = 'https://vlog2blog.uwu.ai/other',
            domain_key = ${vlogTarget} WHERE id = ${squatter.id}::uuid`,
    );

    const report = await rekeyDomains(db());
    expect(report.changed).toBeGreaterThanOrEqual(1);
    expect(report.kept).toEqual(["vlog2blog"]);
    expect((await keyOf("filmforge")).domain_key).toBe(filmTarget);
    expect((await keyOf("vlog2blog")).domain_key).toBe("stale-two.example");

    // Run again: nothing left to move, nothing else changed.
    const again = await rekeyDomains(db());
    expect(again.changed).toBe(0);
    expect(again.kept).toEqual(["vlog2blog"]);
    await db().execute(
      sql`UPDATE tools SET name_key = ${squatter.name_key}, domain_key = ${squatter.domain_key} WHERE id = ${squatter.id}::uuid`,
    );
    await db().execute(sql`UPDATE tools SET domain_key = ${vlog.domain_key} WHERE id = ${vlog.id}::uuid`);
  });

  it("is owed once on a catalogue that never ran it, and not after it is queued", async () => {
    await db().execute(sql`DELETE FROM jobs WHERE type = ${DOMAIN_REKEY_JOB}`);
    expect(await catalogJobOwed(db(), DOMAIN_REKEY_JOB)).toBe(true);
    await server.services.jobs.enqueue({ type: DOMAIN_REKEY_JOB, key: "psl" });
    expect(await catalogJobOwed(db(), DOMAIN_REKEY_JOB)).toBe(false);
  });
});
