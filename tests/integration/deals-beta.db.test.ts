// engine: both — 20 concurrent applications for 5 spots: exactly 5 accepted.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pickTool } from "../../server/modules/catalog/index.ts";
import { DIGEST_JOB, runDigest } from "../../server/modules/content/index.ts";
import { createTestClock, type TestClock } from "../../server/platform/clock.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Deals, beta programmes and the newsletter digest (issue 12 items 2, 3, 9), over real HTTP on a
 * real database, with a controllable clock: deals expire by it, programmes start by it.
 */
const DAY = 86_400_000;
let server: TestServer;
let clock: TestClock;
let admin: Member;
let member: Member;
let writingTool: { id: string; slug: string };
let imageTool: { id: string; slug: string };

const day = (offsetDays: number) => new Date(clock.now().getTime() + offsetDays * DAY).toISOString().slice(0, 10);
const db = () => server.services.db;
const one = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(db(), q))[0] as T;

type Mail = { to: string; subject: string; text: string; tag: string };
function outbox(tag: string): Mail[] {
  const dir = path.join(server.services.env.DATA_DIR, "mail");
  let files: string[] = [];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as Mail).filter((m) => m.tag === tag);
}

beforeAll(async () => {
  clock = createTestClock(new Date());
  server = await startTestServer({ pages: true, clock, env: { TRUST_PROXY: "1" } });
  admin = await createMember(server, { role: "admin", name: "Ops Admin" });
  member = await createMember(server, { name: "Plain Member" });
  const toolIn = (slug: string) =>
    one<{ id: string; slug: string }>(
      sql`SELECT t.id, t.slug FROM tools t JOIN categories c ON c.id = t.category_id
          WHERE c.slug = ${slug} AND t.status = 'active' ORDER BY t.slug LIMIT 1`,
    );
  writingTool = await toolIn("writing");
  imageTool = await toolIn("image-generation");
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const dealForm = (over: Record<string, string> = {}) => ({
  intent: "create",
  tool: imageTool.slug,
  dealType: "discount",
  description: "20% off the annual plan for Toolscape readers",
  originalPrice: "30",
  dealPrice: "24",
  url: "https://deals.example.com/image-offer",
  featured: "on",
  expiresOn: day(5),
  ...over,
});

describe("deals", () => {
  it("/deals and /beta are in the sitemap", async () => {
    const xml = await (await server.get("/sitemap.xml")).text();
    expect(xml).toContain(`<loc>${server.url}/deals</loc>`);
    expect(xml).toContain(`<loc>${server.url}/beta</loc>`);
  });

  it("a fresh install shows the empty state", async () => {
    const res = await server.get("/deals");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("No deals right now");
  });

  it("only admins create deals (visitor 401, member 403, nothing stored)", async () => {
    expect((await new Client(server).form("/admin/deals", dealForm())).status).toBe(401);
    expect((await member.client.form("/admin/deals", dealForm())).status).toBe(403);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM deals`)).n).toBe(0);
  });

  it("refuses inconsistent prices with a clear message", async () => {
    const res = await admin.client.form("/admin/deals", dealForm({ dealPrice: "40" }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("The deal price must be lower than the original price");
    const past = await admin.client.form("/admin/deals", dealForm({ startsOn: day(3), expiresOn: day(1) }));
    expect(past.status).toBe(400);
    expect(await past.text()).toContain("Expiry must be a date after the start date");
  });

  it("an admin's deals appear on /deals, filtered by category, with the discount computed and audited", async () => {
    expect((await admin.client.form("/admin/deals", dealForm())).status).toBe(302);
    const coupon = dealForm({
      tool: writingTool.slug,
      dealType: "coupon",
      description: "Coupon for the first month",
      originalPrice: "",
      dealPrice: "",
      discountPercent: "50",
      couponCode: "TOOLSCAPE50",
      url: "",
      featured: "",
      expiresOn: day(10),
    });
    expect((await admin.client.form("/admin/deals", coupon)).status).toBe(302);
    const stored = await queryRows<{ discount_percent: number; slug: string }>(
      db(),
      sql`SELECT d.discount_percent, t.slug FROM deals d JOIN tools t ON t.id = d.tool_id ORDER BY t.slug`,
    );
    expect(Object.fromEntries(stored.map((r) => [r.slug, r.discount_percent]))).toEqual({
      [imageTool.slug]: 20,
      [writingTool.slug]: 50,
    });
    const audit = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'deal.create'`);
    expect(audit.n).toBe(2);

    const all = await (await server.get("/deals")).text();
    expect(all).toContain("Featured deals");
    expect(all).toContain("20% off the annual plan");
    expect(all).toContain("TOOLSCAPE50");
    const writing = await (await server.get("/deals?category=writing")).text();
    expect(writing).toContain("Coupon for the first month");
    expect(writing).not.toContain("20% off the annual plan");
    const image = await (await server.get("/deals?category=image-generation")).text();
    expect(image).toContain("20% off the annual plan");
    expect(image).not.toContain("Coupon for the first month");
    const video = await (await server.get("/deals?category=video")).text();
    expect(video).toContain("No Video deals right now");
  });

  it("the tool page shows Get deal; the click goes through /go/ to the deal's link and is counted", async () => {
    const page = await (await server.get(`/tools/${imageTool.slug}`)).text();
    expect(page).toContain("Get deal");
    expect(page).toContain("20% off");
    // The coupon code is on the tool page too, with a copy button (issue 21), as on /deals.
    const couponPage = await (await server.get(`/tools/${writingTool.slug}`)).text();
    expect(couponPage).toContain('data-copy="TOOLSCAPE50"');
    expect(await (await server.get("/deals")).text()).toContain('data-copy="TOOLSCAPE50"');
    const before = await one<{ clicks: number }>(sql`SELECT clicks FROM tools WHERE id = ${imageTool.id}::uuid`);
    // A browser's click (robots are sent on but not counted).
    const res = await new Client(server).fetch(`/go/${imageTool.slug}?to=deal&source=deals`, {
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://deals.example.com/image-offer");
    const deal = await one<{ clicks: number }>(sql`SELECT clicks FROM deals WHERE tool_id = ${imageTool.id}::uuid`);
    expect(deal.clicks).toBe(1);
    const after = await one<{ clicks: number }>(sql`SELECT clicks FROM tools WHERE id = ${imageTool.id}::uuid`);
    expect(after.clicks).toBe(before.clicks + 1);
    const event = await one<{ destination: string; source: string }>(
      sql`SELECT destination, source FROM tool_events WHERE tool_id = ${imageTool.id}::uuid AND kind = 'click'
          ORDER BY id DESC LIMIT 1`,
    );
    expect(event).toEqual({ destination: "https://deals.example.com/image-offer", source: "deals" });
  });

  it("expired deals disappear on their own by the clock", async () => {
    clock.advance(6 * DAY);
    const all = await (await server.get("/deals")).text();
    expect(all).not.toContain("20% off the annual plan");
    expect(all).toContain("Coupon for the first month");
    const page = await (await server.get(`/tools/${imageTool.slug}`)).text();
    expect(page).not.toContain("deals.example.com");
    clock.advance(5 * DAY);
    expect(await (await server.get("/deals")).text()).toContain("No deals right now");
  });

  it("an admin ends and deletes a deal (audited); members cannot", async () => {
    expect((await admin.client.form("/admin/deals", dealForm({ expiresOn: day(30) }))).status).toBe(302);
    const { id } = await one<{ id: string }>(
      sql`SELECT id FROM deals WHERE ended_at IS NULL ORDER BY created_at DESC LIMIT 1`,
    );
    expect((await server.get("/deals")).status).toBe(200);
    expect((await member.client.form("/admin/deals", { intent: "end", id })).status).toBe(403);
    expect(await (await server.get("/deals")).text()).toContain("20% off the annual plan");
    expect((await admin.client.form("/admin/deals", { intent: "end", id })).status).toBe(302);
    expect(await (await server.get("/deals")).text()).not.toContain("20% off the annual plan");
    expect((await admin.client.form("/admin/deals", { intent: "delete", id })).status).toBe(302);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM deals WHERE id = ${id}::uuid`)).n).toBe(0);
    const actions = await queryRows<{ action: string }>(
      db(),
      sql`SELECT action FROM audit_log WHERE target_id = ${id} ORDER BY at, id`,
    );
    expect(actions.map((a) => a.action).sort()).toEqual(["deal.create", "deal.delete", "deal.end"]);
  });
});

const betaForm = (over: Record<string, string> = {}) => ({
  intent: "create",
  tool: imageTool.slug,
  description: "Early access to the new image model",
  category: "image-generation",
  spots: "5",
  startsOn: day(-1),
  durationWeeks: "4",
  benefits: "Free Pro plan during the beta\nDirect line to the team",
  requirements: "Weekly feedback",
  ...over,
});

async function programId(description: string): Promise<string> {
  return (
    await one<{ id: string }>(
      sql`SELECT id FROM beta_programs WHERE description = ${description} ORDER BY created_at DESC LIMIT 1`,
    )
  ).id;
}

describe("beta programmes", () => {
  it("shows 'No programs found' before any exists; only admins create programmes", async () => {
    expect(await (await server.get("/beta")).text()).toContain("No programs found");
    expect((await member.client.form("/admin/beta", betaForm())).status).toBe(403);
    expect((await new Client(server).form("/admin/beta", betaForm())).status).toBe(401);
  });

  it("20 concurrent applications for 5 spots: exactly 5 accepted, the rest see 'Program Full'", async () => {
    expect((await admin.client.form("/admin/beta", betaForm())).status).toBe(302);
    const id = await programId("Early access to the new image model");
    const page = await (await server.get("/beta?category=image-generation")).text();
    expect(page).toContain("Early access to the new image model");
    expect(page).toContain("Open");
    expect(await (await server.get("/beta?category=audio")).text()).toContain("No programs found");

    const applicants = await Promise.all(Array.from({ length: 20 }, (_, i) => createMember(server, { name: `B${i}` })));
    const results = await Promise.all(
      applicants.map(async (a) => {
        const res = await a.client.form("/beta", { programId: id, motivation: "I generate images every day." });
        return { status: res.status, body: await res.text() };
      }),
    );
    const accepted = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(accepted).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body).toContain("Program Full");
    }
    const row = await one<{ spots_taken: number; n: number }>(
      sql`SELECT b.spots_taken, (SELECT count(*)::int FROM beta_applications a WHERE a.program_id = b.id) AS n
          FROM beta_programs b WHERE b.id = ${id}::uuid`,
    );
    expect(row).toEqual({ spots_taken: 5, n: 5 });
    // The page shows it full, with the disabled button.
    const full = await (await server.get("/beta")).text();
    expect(full).toContain("Program Full");
    expect(full).toContain("0 of 5 spots left");

    // Each accepted member gets one acknowledgement and sees the application in the dashboard.
    await server.services.jobs.runDue();
    const acks = outbox("beta-application");
    expect(acks).toHaveLength(5);
    const winner = applicants.find((a) => acks.some((m) => m.to === a.email)) as Member;
    const dashboard = await (await winner.client.fetch("/dashboard/community")).text();
    expect(dashboard).toContain("Your beta programs");
    expect(dashboard).toContain("Spot reserved");
  }, 120_000);

  it("one application per member", async () => {
    expect(
      (await admin.client.form("/admin/beta", betaForm({ description: "Second programme", spots: "10" }))).status,
    ).toBe(302);
    const id = await programId("Second programme");
    const first = await member.client.form("/beta", { programId: id, motivation: "I write prompts for a living." });
    expect(first.status).toBe(200);
    const again = await member.client.form("/beta", { programId: id, motivation: "I write prompts for a living." });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("You have already applied to this program");
    const short = await new Client(server).form("/beta", { programId: id, motivation: "hi" });
    expect(short.status).toBe(401);
    const other = await createMember(server);
    const tooShort = await other.client.form("/beta", { programId: id, motivation: "hi" });
    expect(tooShort.status).toBe(400);
    const row = await one<{ spots_taken: number }>(sql`SELECT spots_taken FROM beta_programs WHERE id = ${id}::uuid`);
    expect(row.spots_taken).toBe(1);
  });

  it("Starting Soon: Experts (early_access) may apply before the start, others may not", async () => {
    expect(
      (await admin.client.form("/admin/beta", betaForm({ description: "Future programme", startsOn: day(7) }))).status,
    ).toBe(302);
    const id = await programId("Future programme");
    expect(await (await server.get("/beta")).text()).toContain("Starting Soon");
    const free = await member.client.form("/beta", { programId: id, motivation: "Let me in early, please." });
    expect(free.status).toBe(403);
    expect(await free.text()).toContain("Expert members get early access");
    const expert = await createMember(server, { tier: "expert" });
    const early = await expert.client.form("/beta", { programId: id, motivation: "Let me in early, please." });
    expect(early.status).toBe(200);
  });

  it("an admin cannot shrink spots below those taken; deactivating hides the programme (audited)", async () => {
    const id = await programId("Early access to the new image model");
    const shrink = await admin.client.form("/admin/beta", { ...betaForm({ spots: "3" }), intent: "update", id });
    expect(shrink.status).toBe(400);
    expect(await shrink.text()).toContain("Spots cannot be fewer than the 5 already taken");
    expect((await admin.client.form("/admin/beta", { intent: "deactivate", id })).status).toBe(302);
    expect(await (await server.get("/beta")).text()).not.toContain("Early access to the new image model");
    const audit = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE target_id = ${id} AND action IN ('beta.create', 'beta.deactivate')`,
    );
    expect(audit.n).toBe(2);
  });
});

describe("newsletter: double opt-in and the weekly digest", () => {
  const subscribe = (email: string) => new Client(server).json("/api/newsletter/subscribe", "POST", { email });
  const tokenOf = async (email: string) =>
    (await one<{ token: string }>(sql`SELECT token FROM newsletter_subscribers WHERE email = ${email}`)).token;

  it("the confirmation mail has a confirm link and an unsubscribe link; the link confirms", async () => {
    expect((await subscribe("digest-a@example.com")).status).toBe(200);
    expect((await subscribe("digest-b@example.com")).status).toBe(200);
    expect((await subscribe("pending@example.com")).status).toBe(200);
    const mail = outbox("newsletter-confirmation").find((m) => m.to === "digest-a@example.com") as Mail;
    const confirm = mail.text.match(/\/newsletter\/confirm\?token=[\w-]+/)?.[0] ?? "";
    expect(confirm).not.toBe("");
    expect(mail.text).toMatch(/\/newsletter\/unsubscribe\?token=[\w-]+/);
    const res = await server.get(confirm);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Subscription confirmed");
    expect((await server.get(`/newsletter/confirm?token=${await tokenOf("digest-b@example.com")}`)).status).toBe(200);
    expect((await server.get("/newsletter/confirm?token=not-a-real-token")).status).toBe(400);
  });

  it("mails confirmed subscribers once per week, even when the job runs twice; its unsubscribe link works", async () => {
    // Something worth sending: a live deal.
    const live = dealForm({ description: "Digest deal of the week", expiresOn: day(20), featured: "" });
    expect((await admin.client.form("/admin/deals", live)).status).toBe(302);
    await server.services.jobs.enqueue({ type: DIGEST_JOB, key: "digest-run-1" });
    await server.services.jobs.runDue();
    // A retry or a second run in the same week sends nothing more.
    await server.services.jobs.enqueue({ type: DIGEST_JOB, key: "digest-run-2" });
    await server.services.jobs.runDue();
    await runDigest({ db: db(), mailer: server.services.mailer, env: server.services.env }, clock.now());
    const digests = outbox("newsletter-digest");
    expect(digests.map((m) => m.to).sort()).toEqual(["digest-a@example.com", "digest-b@example.com"]);
    const mail = digests.find((m) => m.to === "digest-b@example.com") as Mail;
    expect(mail.text).toContain("LIVE DEALS");
    expect(mail.text).toContain("Digest deal of the week");
    const unsubscribe = mail.text.match(/\/newsletter\/unsubscribe\?token=[\w-]+/)?.[0] ?? "";
    // Opening the link only asks; the button (or a mail client's one-click POST) unsubscribes.
    expect((await server.get(unsubscribe)).status).toBe(200);
    const posted = await server.get(unsubscribe, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(posted.status).toBe(200);

    // Next week: only the subscriber still confirmed gets the new issue.
    clock.advance(7 * DAY);
    await server.services.jobs.enqueue({ type: DIGEST_JOB, key: "digest-run-3" });
    await server.services.jobs.runDue();
    const after = outbox("newsletter-digest");
    expect(after.filter((m) => m.to === "digest-a@example.com")).toHaveLength(2);
    expect(after.filter((m) => m.to === "digest-b@example.com")).toHaveLength(1);
    expect(after.some((m) => m.to === "pending@example.com")).toBe(false);
  });

  it("the admin count is of confirmed subscribers", async () => {
    const res = await admin.client.fetch("/api/admin/dashboard");
    const body = (await res.json()) as { stats: { newsletterSubscribers: number } };
    // digest-a is confirmed; digest-b unsubscribed; pending never confirmed.
    expect(body.stats.newsletterSubscribers).toBe(1);
  });
});

/** Issue 21's tool picker: what an admin types (id, slug or name) resolved on the server, a miss suggested. */
describe("the tool picker", () => {
  const refusal = async (typed: string) => {
    try {
      await pickTool(db(), typed);
    } catch (err) {
      return err as { status: number; message: string; details: { field: string; suggestions: unknown[] } };
    }
    throw new Error(`${typed} was picked`);
  };

  it("takes an id, a slug or a name (case, spaces and punctuation aside); only published tools", async () => {
    const mj = await one<{ id: string }>(sql`SELECT id FROM tools WHERE slug = 'midjourney'`);
    expect((await pickTool(db(), "midjourney")).id).toBe(mj.id);
    expect((await pickTool(db(), mj.id.toUpperCase())).id).toBe(mj.id);
    expect((await pickTool(db(), "  MidJourney ")).id).toBe(mj.id);
    const spaced = await one<{ id: string; name: string }>(
      sql`SELECT id, name FROM tools WHERE status = 'active' AND name LIKE '% %' AND name ~ '^[A-Za-z ]+$'
          AND (SELECT count(*) FROM tools o WHERE o.name_key = tools.name_key) = 1 ORDER BY slug LIMIT 1`,
    );
    expect((await pickTool(db(), spaced.name.toLowerCase())).id).toBe(spaced.id);
    expect((await pickTool(db(), spaced.name.replace(/ /g, ""))).id).toBe(spaced.id);
    const hidden = await one<{ slug: string } | undefined>(
      sql`SELECT slug FROM tools WHERE status <> 'active' ORDER BY slug LIMIT 1`,
    );
    if (hidden) expect((await refusal(hidden.slug)).status).toBe(400);
  });

  it("a miss is a 400 at the tool field naming the closest published tools", async () => {
    const typo = await refusal("midjurney");
    expect(typo.status).toBe(400);
    expect(typo.details.field).toBe("tool");
    expect(typo.message).toContain("No published tool is called “midjurney”.");
    expect(typo.message).toContain("Did you mean Midjourney (midjourney)");
    const nothing = await refusal("qqqqzzzzxxxx");
    expect(nothing.message).toBe("No published tool is called “qqqqzzzzxxxx”. Check the name or slug.");
    expect((await refusal("   ")).message).toBe("Choose a tool: type its name or slug");
    expect((await refusal("a\u0000b")).message).toBe("Choose a tool: type its name or slug");
  });

  it("two published tools of one name are refused with both named, so the admin picks a slug", async () => {
    const twins = await one<{ name: string; n: number } | undefined>(
      sql`SELECT min(name) AS name, count(*)::int AS n FROM tools WHERE status = 'active'
          GROUP BY name_key HAVING count(*) > 1 ORDER BY min(name) LIMIT 1`,
    );
    if (!twins) return; // a catalogue without twin names
    const refused = await refusal(twins.name);
    expect(refused.message).toContain(`More than one published tool is called “${twins.name}”.`);
    expect(refused.details.suggestions.length).toBeGreaterThan(1);
  });

  it("the deal, beta and poll forms take a name and answer a miss at the field, storing nothing", async () => {
    const before = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM deals`);
    const miss = await admin.client.form("/admin/deals", dealForm({ tool: "midjurney" }));
    expect(miss.status).toBe(400);
    const page = await miss.text();
    expect(page).toContain("Did you mean Midjourney (midjourney)");
    expect(page).toMatch(/id="deal-tool"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="deal-tool"/);
    expect(page).toContain('value="midjurney"');
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM deals`)).n).toBe(before.n);

    const byName = await admin.client.form(
      "/admin/beta",
      betaForm({ tool: "Midjourney", description: "Picked by the tool's name" }),
    );
    expect(byName.status).toBe(302);
    const stored = await one<{ slug: string }>(
      sql`SELECT t.slug FROM beta_programs b JOIN tools t ON t.id = b.tool_id
          WHERE b.description = 'Picked by the tool''s name'`,
    );
    expect(stored.slug).toBe("midjourney");

    const poll = await admin.client.fetch("/admin/reviews", {
      method: "POST",
      body: new URLSearchParams([
        ["intent", "poll-create"],
        ["tool", "midjurney"],
        ["question", "How do you use it?"],
        ["options", "At work"],
        ["options", "At home"],
      ]),
    });
    expect(poll.status).toBe(400);
    expect(await poll.text()).toContain("Did you mean Midjourney (midjourney)?");
  });
});
