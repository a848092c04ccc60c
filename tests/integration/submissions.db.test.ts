// engine: both — daily and open-submission limits under repeated requests.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measurePageWeight, PAGE_WEIGHT_TARGETS } from "../../bench/page-weight.ts";
import { countSubmissions, recentSubmissions } from "../../server/modules/submissions/index.ts";
import { listAudit } from "../../server/platform/audit.ts";
import { createTestClock, DAY_MS } from "../../server/platform/clock.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { BUILD_DIR } from "../../server/platform/paths.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/** Tool submissions and moderation (issue 10): the maker's side, the queue, decisions, mail and audit. */

type Mail = { to: string; subject: string; text: string; tag: string };
type Sub = {
  id: string;
  name: string;
  status: string;
  reason: string | null;
  revisions: number;
  tool_slug: string | null;
};

let server: TestServer;
let admin: Member;
const clock = createTestClock();
let seq = 0;

/** A tool nobody has listed: distinct name and domain. */
function tool(overrides: Record<string, unknown> = {}) {
  seq += 1;
  const word = `Quokkalyze${String.fromCharCode(97 + (seq % 26))}${seq}`;
  return {
    name: `${word} Studio`,
    description: "Turns rough sketches into tidy diagrams.",
    url: `https://www.${word.toLowerCase()}.io/start`,
    category: "image-generation",
    tags: "diagrams, sketches",
    pricing_model: "freemium",
    maker_relation: "founder",
    ...overrides,
  };
}

function outbox(): Mail[] {
  const dir = path.join(server.services.env.DATA_DIR, "mail");
  let names: string[] = [];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.map((n) => JSON.parse(readFileSync(path.join(dir, n), "utf8")));
}

async function submit(member: Member, body: Record<string, unknown>) {
  const res = await member.client.json("/api/submissions", "POST", body);
  return {
    status: res.status,
    body: (await res.json()) as { success: boolean; error?: string; submission: Sub; listed?: { slug: string } },
  };
}

async function decide(id: string, body: Record<string, unknown>, who: Client = admin.client) {
  const res = await who.json(`/api/admin/moderation/${id}/decision`, "POST", body);
  return { status: res.status, body: (await res.json()) as { success: boolean; error?: string; submission: Sub } };
}

beforeAll(async () => {
  server = await startTestServer({ pages: true, clock, env: { TRUST_PROXY: "1" } });
  admin = await createMember(server, { role: "admin", name: "Mo Derator" });
});
afterAll(async () => {
  await server?.close();
});

describe("submitting a tool", () => {
  it("validates with the spec's messages and refuses visitors", async () => {
    const maker = await createMember(server);
    expect((await submit(maker, {})).body.error).toBe("Tool name is required");
    expect((await submit(maker, tool({ url: "not a url" }))).body.error).toBe("Valid URL is required");
    expect((await submit(maker, tool({ url: "javascript:alert(1)" }))).body.error).toBe("Valid URL is required");
    expect((await submit(maker, tool({ description: "  " }))).body.error).toBe("Description is required");
    expect((await submit(maker, tool({ category: "" }))).body.error).toBe("Please choose a category");
    const unknown = await submit(maker, tool({ category: "no-such-category" }));
    expect(unknown).toMatchObject({ status: 400, body: { error: "Please choose one of the listed categories" } });
    expect((await submit(maker, tool({ pricing_model: "cheap" }))).status).toBe(400);
    expect((await submit(maker, tool({ name: "Bad\u0007Name" }))).status).toBe(400);
    const visitor = await new Client(server).json("/api/submissions", "POST", tool());
    expect(visitor.status).toBe(401);
    expect((await new Client(server).fetch("/api/submissions/mine")).status).toBe(401);
  });

  it("answers 'already listed' with the tool for a catalogued tool, and refuses a second open copy", async () => {
    const maker = await createMember(server);
    const [existing] = await queryRows<{ name: string; website_url: string; slug: string }>(
      server.services.db,
      sql`SELECT name, website_url, slug FROM tools WHERE status = 'active' ORDER BY name LIMIT 1`,
    );
    // Another spelling of the same tool: upper case, www, another path.
    const url = new URL(existing?.website_url ?? "");
    const listed = await submit(
      maker,
      tool({ name: existing?.name.toUpperCase(), url: `https://www.${url.hostname.replace(/^www\./, "")}/x` }),
    );
    expect(listed.status).toBe(409);
    expect(listed.body.listed?.slug).toBe(existing?.slug);
    expect(listed.body.error).toContain("already listed");

    const fresh = tool();
    const first = await submit(maker, fresh);
    expect(first.status).toBe(201);
    expect(first.body.submission).toMatchObject({ name: fresh.name, status: "pending", revisions: 0 });
    const other = await createMember(server);
    const copy = await submit(other, { ...fresh, url: fresh.url.replace("https://www.", "http://app.") });
    expect(copy).toMatchObject({
      status: 409,
      body: { error: "This tool has already been submitted and is waiting for review." },
    });
    const mine = await (await maker.client.fetch("/api/submissions/mine")).json();
    expect(mine.submissions.map((s: Sub) => s.id)).toEqual([first.body.submission.id]);
  });

  it("limits a member to 5 submissions a day (429) and 10 open ones (400)", async () => {
    const maker = await createMember(server);
    for (let i = 0; i < 5; i++) expect((await submit(maker, tool())).status).toBe(201);
    const sixth = await maker.client.json("/api/submissions", "POST", tool());
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("retry-after")).toBeTruthy();
    expect(((await sixth.json()) as { error: string }).error).toBe(
      "You can submit up to 5 tools a day. Please try again tomorrow.",
    );
    clock.advance(DAY_MS + 1000);
    for (let i = 0; i < 5; i++) expect((await submit(maker, tool())).status).toBe(201);
    clock.advance(DAY_MS + 1000);
    const capped = await submit(maker, tool());
    expect(capped.status).toBe(400);
    expect(capped.body.error).toContain("10 submissions waiting for review");
  });
});

describe("moderation", () => {
  it("approval creates an active, searchable tool (source recorded), audits and mails the maker", async () => {
    const maker = await createMember(server, { name: "Maya Maker" });
    const input = tool({ name: "Wombatron Diagrammer", url: "https://wombatron-diagrams.io" });
    const { body } = await submit(maker, input);
    const id = body.submission.id;

    const queue = await (await admin.client.fetch("/api/admin/moderation/queue")).json();
    const item = queue.submissions.find((s: { id: string }) => s.id === id);
    expect(item).toMatchObject({
      name: input.name,
      status: "pending",
      url: "https://wombatron-diagrams.io/" === item?.url ? item.url : input.url,
      category: "Image Generation",
    });
    expect(Object.keys(item)).toEqual(
      expect.arrayContaining(["id", "name", "description", "category", "provider", "status", "submitted_at", "url"]),
    );
    expect(queue.pagination).toMatchObject({ page: 1, limit: 20 });

    const approved = await decide(id, { decision: "approve", admin_notes: "Looks good" });
    expect(approved.status).toBe(200);
    const slug = approved.body.submission.tool_slug;
    expect(slug).toBe("wombatron-diagrammer");

    const found = await (await new Client(server).fetch("/api/tools?q=wombatron")).json();
    expect(found.tools.map((t: { slug: string }) => t.slug)).toContain(slug);
    const [row] = await queryRows<{ status: string; source: string; tags: string[] }>(
      server.services.db,
      sql`SELECT t.status::text AS status, i.source, t.tags FROM tools t JOIN catalog_imports i ON i.id = t.import_id WHERE t.slug = ${slug}`,
    );
    expect(row).toEqual({ status: "active", source: `submission:${id}`, tags: ["diagrams", "sketches"] });
    // The public tool page shows it at once (the page cache follows the content version).
    expect((await new Client(server).fetch(`/tools/${slug}`)).status).toBe(200);

    const audit = (await listAudit(server.services.db, { target_id: id })).entries;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "submission.approve",
      actor_id: admin.id,
      before: { status: "pending" },
      after: { status: "approved", tool: slug },
    });

    const again = await decide(id, { decision: "reject", reason: "changed my mind" });
    expect(again).toMatchObject({ status: 409, body: { error: "This submission was already approved." } });

    await server.services.jobs.runDue();
    // The maker's decision mail (sign-up's own 'email-confirm' mail is not this test's business).
    const mails = outbox().filter((m) => m.to === maker.email && m.tag === "submission-decision");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      tag: "submission-decision",
      subject: "Wombatron Diagrammer is now listed on Toolscape",
    });
    expect(mails[0]?.text).toContain(`/tools/${slug}`);

    const mine = await (await maker.client.fetch("/api/submissions/mine")).json();
    expect(mine.submissions[0]).toMatchObject({ status: "approved", tool_slug: slug });
  });

  it("approve → reopen → needs revision: the maker can resubmit (its own tool is not 'already in our catalogue')", async () => {
    const maker = await createMember(server);
    const first = tool();
    const sub = (await submit(maker, first)).body.submission;
    expect((await decide(sub.id, { decision: "approve" })).status).toBe(200);
    const reopened = await admin.client.form("/admin/moderation", {
      intent: "reopen",
      id: sub.id,
      reason: "Wrong category",
      confirm: "on",
    });
    expect(reopened.status).toBe(200);
    expect((await decide(sub.id, { decision: "needs_revision", reason: "Choose the right category" })).status).toBe(
      200,
    );
    const res = await maker.client.json(`/api/submissions/${sub.id}`, "PUT", {
      ...tool(),
      name: first.name,
      url: first.url,
      description: "Now in the right category, with a better description.",
    });
    expect(res.status, await res.clone().text()).toBe(200);
    // The audit log names the submission, not its id.
    const audit = (await (await admin.client.fetch(`/admin/audit?target=${sub.id}`)).text()).replaceAll("<!-- -->", "");
    expect(audit).toContain(`Submission: ${sub.name}`);
    // Someone else's new submission of the same tool is still refused.
    const other = await createMember(server);
    expect((await submit(other, { ...tool(), name: first.name, url: first.url })).status).toBe(409);
  });

  it("retired categories are not offered on the submit form", async () => {
    const [cat] = await queryRows<{ id: number; name: string }>(
      server.services.db,
      sql`SELECT id, name FROM categories WHERE retired_at IS NULL ORDER BY sort_order DESC LIMIT 1`,
    );
    const [into] = await queryRows<{ id: number }>(
      server.services.db,
      sql`SELECT id FROM categories WHERE retired_at IS NULL AND id <> ${cat?.id} ORDER BY sort_order LIMIT 1`,
    );
    await server.services.db.execute(
      sql`UPDATE categories SET retired_at = now(), replaced_by_id = ${into?.id} WHERE id = ${cat?.id}`,
    );
    const maker = await createMember(server);
    const html = (await (await maker.client.fetch("/submit-tool")).text()).replaceAll("&amp;", "&");
    expect(html).not.toContain(`<option value="${cat?.id}">`);
    expect(html).toContain(`<option value="${into?.id}">`);
  });

  it("reject needs a reason; needs_revision lets the maker edit and resubmit", async () => {
    const maker = await createMember(server);
    const a = (await submit(maker, tool())).body.submission;
    const b = (await submit(maker, tool())).body.submission;
    expect(await decide(a.id, { decision: "reject" })).toMatchObject({
      status: 400,
      body: { error: "Please provide a rejection reason" },
    });
    expect((await decide(a.id, { decision: "reject", reason: "Not an AI tool" })).status).toBe(200);
    expect((await decide(b.id, { decision: "needs_revision" })).status).toBe(400);
    expect((await decide(b.id, { decision: "needs_revision", reason: "Please add a real description" })).status).toBe(
      200,
    );

    const mine = (await (await maker.client.fetch("/api/submissions/mine")).json()).submissions as Sub[];
    expect(mine.find((s) => s.id === a.id)).toMatchObject({ status: "rejected", reason: "Not an AI tool" });
    expect(mine.find((s) => s.id === b.id)).toMatchObject({
      status: "needs_revision",
      reason: "Please add a real description",
    });

    // Only the owner may resubmit, and only from needs_revision.
    const stranger = await createMember(server);
    const edited = { ...tool(), description: "A much better description." };
    expect((await stranger.client.json(`/api/submissions/${b.id}`, "PUT", edited)).status).toBe(404);
    expect((await maker.client.json(`/api/submissions/${a.id}`, "PUT", edited)).status).toBe(409);
    const res = await maker.client.json(`/api/submissions/${b.id}`, "PUT", edited);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { submission: Sub }).submission).toMatchObject({
      status: "pending",
      revisions: 1,
      name: edited.name,
    });

    await server.services.jobs.runDue();
    const mails = outbox().filter((m) => m.to === maker.email && m.tag === "submission-decision");
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [`Your submission "${a.name}" was not accepted`, `Your submission "${b.name}" needs a few changes`].sort(),
    );
    expect(mails.find((m) => m.subject.includes("not accepted"))?.text).toContain("Not an AI tool");
    const actions = (await listAudit(server.services.db, { target_id: b.id })).entries.map((e) => e.action);
    expect(actions).toEqual(["submission.needs_revision"]);
  });

  it("bulk actions report successful and failed items; empty and reasonless requests are refused", async () => {
    const maker = await createMember(server);
    const ok = (await submit(maker, tool())).body.submission;
    const done = (await submit(maker, tool())).body.submission;
    await decide(done.id, { decision: "reject", reason: "Duplicate of another listing" });
    const dupInput = tool();
    const dup = (await submit(maker, dupInput)).body.submission;
    // Meanwhile the same tool reached the catalogue another way (an import).
    const { importRows } = await import("../../server/modules/catalog/index.ts");
    await importRows(
      server.services.db,
      [{ name: dupInput.name, url: dupInput.url, description: "x", category: "Other" }],
      { now: new Date(), source: "test" },
    );

    const post = (p: string, body: unknown) => admin.client.json(`/api/admin/moderation/${p}`, "POST", body);
    const none = await post("bulk-approve", { submissionIds: [] });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { error: string }).error).toBe("Please select submissions to process");
    const reasonless = await post("bulk-reject", { submissionIds: [ok.id] });
    expect(((await reasonless.json()) as { error: string }).error).toBe("Please provide a rejection reason");

    const res = await post("bulk-approve", {
      submissionIds: [ok.id, done.id, dup.id, "not-an-id"],
      admin_notes: "batch 1",
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as {
      success: boolean;
      summary: { successful: number; failed: number };
      results: { id: string; ok: boolean; error?: string }[];
    };
    expect(answer.summary).toEqual({ successful: 1, failed: 3 });
    const byId = new Map(answer.results.map((r) => [r.id, r]));
    expect(byId.get(ok.id)?.ok).toBe(true);
    expect(byId.get(done.id)?.error).toBe("This submission was already rejected.");
    expect(byId.get(dup.id)?.error).toContain("Already listed");
    expect(byId.get("not-an-id")?.error).toBe("Submission not found");
    // The failed approval left nothing behind: still pending, no second tool.
    const [state] = await queryRows<{ status: string }>(
      server.services.db,
      sql`SELECT status::text AS status FROM tool_submissions WHERE id = ${dup.id}`,
    );
    expect(state?.status).toBe("pending");

    const rejected = await post("bulk-reject", { submissionIds: [dup.id], rejection_reason: "Already listed" });
    expect(((await rejected.json()) as { summary: unknown }).summary).toEqual({ successful: 1, failed: 0 });
  });

  it("filters the queue by status and category, 20 a page", async () => {
    const pending = await (await admin.client.fetch("/api/admin/moderation/queue?limit=2&page=1")).json();
    expect(pending.submissions).toHaveLength(2);
    expect(pending.submissions.every((s: Sub) => s.status === "pending")).toBe(true);
    expect(pending.pagination.hasMore).toBe(true);
    const approved = await (await admin.client.fetch("/api/admin/moderation/queue?status=approved")).json();
    expect(approved.submissions.length).toBeGreaterThan(0);
    expect(approved.submissions.every((s: Sub) => s.status === "approved")).toBe(true);
    const other = await (await admin.client.fetch("/api/admin/moderation/queue?status=all&category=writing")).json();
    expect(other.submissions).toEqual([]);
    expect((await admin.client.fetch("/api/admin/moderation/queue?status=done")).status).toBe(400);
    // The overview's figures (for the admin overview tab).
    const counts = await countSubmissions(server.services.db);
    expect(counts.pending).toBe(pending.pagination.total);
    expect(counts.approved).toBe(approved.pagination.total);
    const recent = await recentSubmissions(server.services.db, 3);
    expect(recent).toHaveLength(3);
    expect((recent[0]?.submitted_at ?? "") >= (recent[2]?.submitted_at ?? "")).toBe(true);
    expect((await admin.client.fetch("/api/admin/moderation/queue?limit=500")).status).toBe(400);
  });

  it("admin endpoints: visitor 401, members 403", async () => {
    const member = await createMember(server, { tier: "expert" });
    const visitor = new Client(server);
    const id = "00000000-0000-4000-8000-000000000000";
    for (const [method, p, body] of [
      ["GET", "/api/admin/moderation/queue", undefined],
      ["POST", "/api/admin/moderation/bulk-approve", { submissionIds: [id] }],
      ["POST", "/api/admin/moderation/bulk-reject", { submissionIds: [id], rejection_reason: "x" }],
      ["POST", `/api/admin/moderation/${id}/decision`, { decision: "approve" }],
    ] as const) {
      expect((await visitor.json(p, method, body)).status, `${method} ${p}`).toBe(401);
      expect((await member.client.json(p, method, body)).status, `${method} ${p}`).toBe(403);
    }
  });
});

describe("pages", () => {
  it("/submit-tool: our messages without the browser's, visitors keep what they typed through sign-in", async () => {
    const visitor = new Client(server);
    const page = await (await visitor.fetch("/submit-tool")).text();
    expect(page.match(/<form[^>]*>/g)?.find((f) => f.includes('action="/submit-tool'))).toMatch(/novalidate/i);
    expect(page).toContain("Please sign in to submit a tool");
    const blank = await visitor.form("/submit-tool", { name: "", url: "" });
    expect(blank.status).toBe(400);
    const html = await blank.text();
    expect(html).toContain("Tool name is required");
    expect(html).toContain("Valid URL is required");

    const typed = tool();
    const res = await visitor.form("/submit-tool", typed as Record<string, string>);
    expect(res.status).toBe(302);
    const location = res.headers.get("location") ?? "";
    expect(location).toMatch(/^\/sign-in\?redirectTo=/);
    const back = decodeURIComponent(location.split("redirectTo=")[1] ?? "");
    expect(back.startsWith("/submit-tool?")).toBe(true);
    // After signing in, the member lands on the form, filled in.
    const maker = await createMember(server);
    const filled = await (await maker.client.fetch(back)).text();
    expect(filled).toContain(`value="${typed.name}"`);
    expect(filled).toContain(typed.description);

    const sent = await maker.client.form("/submit-tool", typed as Record<string, string>);
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("in the moderation queue");
    const dashboard = await (await maker.client.fetch("/dashboard/submissions")).text();
    expect(dashboard).toContain("Your tool submissions");
    expect(dashboard).toContain(typed.name);
    expect(dashboard).toContain("Pending review");
  });

  it("/submit-tool: 'already listed' links the tool, a pending copy is refused, needs_revision is edited in place", async () => {
    const maker = await createMember(server);
    const [existing] = await queryRows<{ name: string; website_url: string; slug: string }>(
      server.services.db,
      sql`SELECT name, website_url, slug FROM tools WHERE status = 'active' ORDER BY name DESC LIMIT 1`,
    );
    const listed = await maker.client.form("/submit-tool", {
      ...(tool() as Record<string, string>),
      name: existing?.name ?? "",
      url: existing?.website_url ?? "",
    });
    expect(listed.status).toBe(409);
    const listedHtml = await listed.text();
    expect(listedHtml).toContain("is already listed in the directory");
    expect(listedHtml).toContain(`href="/tools/${existing?.slug}"`);

    const typed = tool() as Record<string, string>;
    expect((await maker.client.form("/submit-tool", typed)).status).toBe(200);
    const again = await (await createMember(server)).client.form("/submit-tool", typed);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("already been submitted and is waiting for review");

    const [mine] = (await (await maker.client.fetch("/api/submissions/mine")).json()).submissions as Sub[];
    await decide(mine?.id ?? "", { decision: "needs_revision", reason: "Say what it does for whom" });
    expect((await (await createMember(server)).client.fetch(`/submit-tool?edit=${mine?.id}`)).status).toBe(404);
    const signedOut = await new Client(server).fetch(`/submit-tool?edit=${mine?.id}`);
    expect(signedOut.status).toBe(302);
    expect(decodeURIComponent(signedOut.headers.get("location") ?? "")).toBe(
      `/sign-in?redirectTo=/submit-tool?edit=${mine?.id}`,
    );
    const edit = await (await maker.client.fetch(`/submit-tool?edit=${mine?.id}`)).text();
    expect(edit).toContain("Say what it does for whom");
    expect(edit).toContain(`value="${typed.name}"`);
    const sent = await maker.client.form("/submit-tool", {
      ...typed,
      description: "Turns rough sketches into diagrams for engineers.",
      edit: mine?.id ?? "",
    });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("back in the queue");
    const [after] = (await (await maker.client.fetch("/api/submissions/mine")).json()).submissions as Sub[];
    expect(after).toMatchObject({ id: mine?.id, status: "pending", revisions: 1 });
  });

  it("/submit-tool stays within the first-load JavaScript budget", async () => {
    const w = await measurePageWeight(server.url, "/submit-tool", path.join(BUILD_DIR, "client"));
    expect(w.jsGzip, w.modules.map((m) => `${m.file} ${m.gzip}`).join("\n")).toBeLessThanOrEqual(
      PAGE_WEIGHT_TARGETS.toolPageJs,
    );
  });

  it("/admin/moderation: admins see and decide; members get 403 without data, visitors 401", async () => {
    const maker = await createMember(server);
    const s = (await submit(maker, tool())).body.submission;
    const member = await createMember(server);
    const denied = await member.client.fetch("/admin/moderation");
    expect(denied.status).toBe(403);
    expect(await denied.text()).not.toContain(s.name);
    const data = await member.client.fetch("/admin/moderation.data");
    expect(data.status).toBe(403);
    expect(await data.text()).not.toContain(s.name);
    expect((await new Client(server).fetch("/admin/moderation")).status).toBe(401);

    const page = await admin.client.fetch("/admin/moderation?limit=100");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(s.name);
    const empty = await admin.client.form("/admin/moderation", { intent: "bulk-reject" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please select submissions to process");
    const reasonless = await admin.client.form("/admin/moderation", { intent: "bulk-reject", submissionIds: s.id });
    expect(await reasonless.text()).toContain("Please provide a rejection reason");
    const decided = await admin.client.form("/admin/moderation", {
      intent: "decide",
      id: s.id,
      decision: "reject",
      reason: "Out of scope",
    });
    expect(decided.status).toBe(200);
    expect(await decided.text()).toContain("Submission rejected.");
    const refused = await member.client.form("/admin/moderation", { intent: "decide", id: s.id, decision: "approve" });
    expect(refused.status).toBe(403);
  });
});
