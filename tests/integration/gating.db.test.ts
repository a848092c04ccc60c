import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { fakeDns } from "../../server/platform/dns.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { decode } from "../helpers/html.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Phase 2 of accounts over real HTTP: daily tool views and tool tiers on the tool page (and the
 * HTML cache around them), compare caps per tier (API and /compare), Save Search on /search, and
 * the tool page's save / favourite toggles.
 */
let server: TestServer;
let free: Member;
let standard: Member;
let expert: Member;
/** Twelve other published tools, by name. */
let others: string[];

/** A person's browser (Node's fetch says "node", which isbot — rightly — calls a robot). */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** What only the full page of the test tool shows (its own listing, set in this test's database). */
const GATED = {
  feature: "Gated feature alpha-7731",
  useCase: "Gated use case beta-8842",
  pro: "Gated pro gamma-9953",
  con: "Gated con delta-1064",
  screenshot: "https://example.com/gated-shot-5175.png",
  deal: "$77 gated deal",
};
const TOOL = "midjourney";
/** An address whose reverse name is Google's and resolves back to it (the fake DNS's records). */
const GOOGLE_IP = "66.249.66.1";
/** An address that claims a Google name in reverse DNS, but the name does not resolve back to it. */
const SPOOFED_PTR_IP = "203.0.113.9";
const dns = fakeDns();
dns.add(GOOGLE_IP, "crawl-66-249-66-1.googlebot.com");
dns.add(SPOOFED_PTR_IP, "crawl-203-0-113-9.googlebot.com", { forward: false });

beforeAll(async () => {
  server = await startTestServer({ pages: true, env: { TRUST_PROXY: "1" }, dns });
  await server.services.db.execute(sql`UPDATE tools SET features = ARRAY[${GATED.feature}],
    use_cases = ARRAY[${GATED.useCase}], pros = ARRAY[${GATED.pro}], cons = ARRAY[${GATED.con}],
    screenshots = ARRAY[${GATED.screenshot}],
    pricing = ${JSON.stringify({ original: "$99", discounted: GATED.deal, discount: "22% off" })}::jsonb
    WHERE slug = ${TOOL}`);
  others = (
    await queryRows<{ slug: string }>(
      server.services.db,
      sql`SELECT slug FROM tools WHERE status = 'active' AND slug <> ${TOOL} ORDER BY name LIMIT 12`,
    )
  ).map((r) => r.slug);
  [free, standard, expert] = await Promise.all([
    createMember(server, { name: "Fay Free" }),
    createMember(server, { tier: "standard", name: "Stan Standard" }),
    createMember(server, { tier: "expert", name: "Ex Expert" }),
  ]);
});
afterAll(async () => {
  await server?.close();
});

async function page(client: Client, path: string, userAgent = BROWSER) {
  const res = await client.fetch(path, { headers: { "user-agent": userAgent } });
  return { status: res.status, headers: res.headers, body: decode(await res.text()) };
}

const hasGatedDetails = (body: string) => Object.values(GATED).some((text) => body.includes(text));
const allGatedDetails = (body: string) => Object.values(GATED).every((text) => body.includes(text));
const isPrompted = (body: string) => body.includes('data-testid="upgrade-prompt"');

async function viewsToday(subject: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    server.services.db,
    sql`SELECT count(*)::int AS n FROM daily_tool_views WHERE subject = ${subject} AND day = current_date`,
  );
  return row?.n ?? 0;
}

/** A visitor's count as the readable cookie says (the server never trusts it; the page shows it). */
const visitorCount = (client: Client) => {
  const m = /^(\d{4}-\d{2}-\d{2})\.(\d+)\.(\d+)$/.exec(client.cookies.get("ts_views_n") ?? "");
  return m && m[1] === new Date().toISOString().slice(0, 10) ? Number(m[2]) : 0;
};

/**
 * Opens ten other tools, each in full, and checks the counter on the way: a member's is printed by
 * the server; a visitor's page is the public one (from the page cache) and the count travels in
 * the visitor's cookies (ADR 0004, addendum 3).
 */
/** The member's own parts of a shared page (GET /api/me/page-state, ADR 0032). */
async function personal(client: Client, path: string) {
  const res = await client.fetch(`/api/me/page-state?path=${encodeURIComponent(path)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as {
    tool: { views: unknown; saved: { saved: boolean; favorite: boolean } } | null;
    saveSearch: { used: number; limit: number | null; saved: boolean } | null;
  };
}

async function useTenViews(client: Client, who: "member" | "visitor" = "member") {
  for (const [i, slug] of others.slice(0, 10).entries()) {
    const res = await page(client, `/tools/${slug}`);
    expect(res.status, slug).toBe(200);
    expect(isPrompted(res.body), slug).toBe(false);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    if (who === "member") {
      // The member's shared page (ADR 0032): their count comes with the personal request.
      expect(res.body).not.toContain("Free tool views today");
      expect(res.headers.get("x-cache")).toMatch(/^(HIT|MISS)$/);
      const parts = await personal(client, `/tools/${slug}`);
      expect(parts.tool?.views).toEqual({ used: i + 1, limit: 10 });
    } else {
      expect(res.body).not.toContain("Free tool views today");
      expect(res.headers.get("x-cache")).toMatch(/^(HIT|MISS)$/);
      expect(visitorCount(client)).toBe(i + 1);
    }
  }
}

describe("daily tool views", () => {
  it("a visitor opens 10 distinct tools in full; the 11th shows the overview and the upgrade prompt", async () => {
    const visitor = new Client(server);
    const first = await page(visitor, `/tools/${TOOL}`);
    // The visitor is counted in a signed cookie set with the first view; nothing is written.
    expect(visitor.cookies.get("ts_views")).toMatch(/^\d{4}-\d{2}-\d{2}\.[0-9a-f]{12}\.[\w-]{22}$/);
    expect(visitor.cookies.has("ts_vid")).toBe(false);
    expect(allGatedDetails(first.body)).toBe(true);
    expect(visitorCount(visitor)).toBe(1);
    // Re-opening the same tool does not count again (and needs no new cookie).
    const again = await visitor.fetch(`/tools/${TOOL}`, { headers: { "user-agent": BROWSER } });
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(visitorCount(visitor)).toBe(1);

    for (const slug of others.slice(0, 9)) await page(visitor, `/tools/${slug}`);
    expect(visitorCount(visitor)).toBe(10);
    // Still open: counted today already.
    expect(allGatedDetails((await page(visitor, `/tools/${TOOL}`)).body)).toBe(true);

    const eleventh = await page(visitor, `/tools/${others[9]}`);
    expect(eleventh.status).toBe(200);
    expect(isPrompted(eleventh.body)).toBe(true);
    expect(eleventh.body).toContain("You've used your 10 free tool views today");
    expect(eleventh.body).toContain('href="/pricing"');
    expect(eleventh.body).toContain(`/sign-in?redirectTo=${encodeURIComponent(`/tools/${others[9]}`)}`);
    expect(eleventh.headers.get("cache-control")).toBe("private, no-store");
    expect(eleventh.headers.get("x-cache")).toBeNull();
    // The refused view is not counted, and no visitor row exists in the database.
    expect(visitorCount(visitor)).toBe(10);
    const [rows] = await queryRows<{ n: number }>(
      server.services.db,
      sql`SELECT count(*)::int AS n FROM daily_tool_views WHERE subject LIKE 'visitor:%'`,
    );
    expect(rows?.n).toBe(0);
    // The same rule on client-side navigations (.data): locked past the limit, open for counted tools.
    const locked = await visitor.fetch(`/tools/${others[9]}.data`, { headers: { "user-agent": BROWSER } });
    expect(hasGatedDetails(decode(await locked.text()))).toBe(false);
    const counted = await visitor.fetch(`/tools/${TOOL}.data`, { headers: { "user-agent": BROWSER } });
    expect(allGatedDetails(decode(await counted.text()))).toBe(true);
  });

  it("a forged, tampered or stale view cookie counts as no views (like clearing cookies)", async () => {
    const visitor = new Client(server);
    await useTenViews(visitor, "visitor");
    const signed = visitor.cookies.get("ts_views") as string;
    const [day, ids, sig] = signed.split(".") as [string, string, string];
    // Dropping ids from a signed list breaks the signature: the server reads no views, so the list
    // cannot be shortened to get more; the visitor just starts again at 1 (as with no cookie).
    for (const forged of [`${day}.${ids.split("_")[0]}.${sig}`, `${day}..${sig}`, `${day}.${ids}.${"A".repeat(22)}`]) {
      const c = new Client(server);
      c.cookies.set("ts_views", forged);
      const res = await page(c, `/tools/${others[10]}`);
      expect(isPrompted(res.body)).toBe(false);
      expect(visitorCount(c)).toBe(1);
      expect(c.cookies.get("ts_views")).not.toContain(ids);
    }
    // Yesterday's cookie (even validly signed) is no views today.
    const stale = new Client(server);
    stale.cookies.set("ts_views", `2000-01-01.${ids}.${sig}`);
    await page(stale, `/tools/${others[10]}`);
    expect(visitorCount(stale)).toBe(1);
    // The readable count is never trusted: lowering it changes nothing.
    visitor.cookies.set("ts_views_n", `${day}.0.10`);
    expect(isPrompted((await page(visitor, `/tools/${others[10]}`)).body)).toBe(true);
    // What a cookie cannot enforce (ADR 0004): replaying an older cookie of the same day gives back
    // the views counted since. Written down, like clearing cookies.
  });

  it("past the limit the gated sections are not in the HTML at all; the overview is", async () => {
    const visitor = new Client(server);
    await useTenViews(visitor, "visitor");
    const locked = await page(visitor, `/tools/${TOOL}`);
    expect(isPrompted(locked.body)).toBe(true);
    expect(hasGatedDetails(locked.body), "gated text in the HTML or the hydration data").toBe(false);
    expect(locked.body).not.toContain('role="tabpanel"');
    // Nor the side card's best alternatives: they are part of what the lock holds back.
    expect(locked.body).not.toContain('data-testid="side-alternatives"');
    // The overview: name, description, category, website link.
    expect(locked.body).toMatch(/<h1[^>]*>Midjourney<\/h1>/);
    // What it does: the listing's one line under its name (its long text is that same line, so no "About").
    expect(locked.body).toContain("An independent research lab exploring new mediums of thought");
    expect(locked.body).toContain('href="/tools?category=image-generation"');
    expect(locked.body).toContain(`href="/go/${TOOL}?to=website&source=detail"`);
    // The same for the client-side navigation data.
    const data = await visitor.fetch(`/tools/${TOOL}.data`, { headers: { "user-agent": BROWSER } });
    expect(hasGatedDetails(decode(await data.text()))).toBe(false);
  });

  it("a free member gets 10 a day too, counted on their profile", async () => {
    const member = await createMember(server, { name: "Daily Free" });
    await useTenViews(member.client);
    const locked = await page(member.client, `/tools/${TOOL}`);
    expect(isPrompted(locked.body)).toBe(true);
    expect(hasGatedDetails(locked.body)).toBe(false);
    // Members are not offered the sign-in link.
    expect(locked.body).not.toContain("Already a member? Sign in");
    const [profile] = await queryRows<{ daily_usage: number }>(
      server.services.db,
      sql`SELECT daily_usage FROM user_profiles WHERE user_id = ${member.id}`,
    );
    expect(profile?.daily_usage).toBe(10);
    // A tool opened today stays open.
    expect(isPrompted((await page(member.client, `/tools/${others[0]}`)).body)).toBe(false);
  });

  it("Standard and Expert members are unlimited", async () => {
    for (const member of [standard, expert]) {
      for (const slug of others) {
        const res = await page(member.client, `/tools/${slug}`);
        expect(isPrompted(res.body), slug).toBe(false);
        expect(res.body).not.toContain("Free tool views today");
      }
      const full = await page(member.client, `/tools/${TOOL}`);
      expect(allGatedDetails(full.body)).toBe(true);
      expect(full.headers.get("cache-control")).toBe("private, no-store");
      // Recorded without holding up the page: wait for the background writes.
      await expect.poll(() => viewsToday(`user:${member.id}`)).toBe(13);
    }
  });

  it("verified search engine crawlers get the whole public page and are not counted", async () => {
    const visitor = new Client(server);
    await useTenViews(visitor, "visitor");
    const counted = visitor.cookies.get("ts_views");
    // The same cookie, from Google's verified address: the crawler's answer.
    const crawler = new Client(server, GOOGLE_IP);
    crawler.cookies.set("ts_views", counted ?? "");
    const res = await page(crawler, `/tools/${TOOL}`, GOOGLEBOT);
    expect(isPrompted(res.body)).toBe(false);
    expect(allGatedDetails(res.body)).toBe(true);
    expect(res.headers.get("cache-control")).toBeNull();
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(crawler.cookies.get("ts_views")).toBe(counted);
    const bot = new Client(server, GOOGLE_IP);
    for (const slug of [...others, TOOL]) {
      const r = await page(bot, `/tools/${slug}`, GOOGLEBOT);
      expect(isPrompted(r.body), slug).toBe(false);
    }
    expect(bot.cookies.size).toBe(0);
    // Verified once per address (cached), not once per request.
    expect(dns.asked).toBeLessThanOrEqual(2);
  });

  it("a bot User-Agent alone is counted like a visitor (issue 31)", async () => {
    for (const [ua, ip] of [
      [GOOGLEBOT, undefined],
      ["curl/8.5.0", undefined],
      [GOOGLEBOT, SPOOFED_PTR_IP],
    ] as const) {
      const faker = new Client(server, ip);
      const locked: string[] = [];
      for (const slug of [...others, TOOL]) {
        const r = await page(faker, `/tools/${slug}`, ua);
        if (isPrompted(r.body)) locked.push(slug);
      }
      // 13 distinct tools, 10 a day: the last three are locked, and the cookie counts them.
      expect(locked, `${ua} ${ip ?? ""}`).toEqual([others[10], others[11], TOOL]);
      expect(visitorCount(faker), ua).toBe(10);
    }
  });
});

describe("the HTML cache and personal tool pages", () => {
  it("never serves one person's tool page to another, nor a crawler's page to a person", async () => {
    const slug = others[11] as string;
    // The public page (verified crawlers, and visitors within their daily views) is cached.
    await page(new Client(server, GOOGLE_IP), `/tools/${slug}`, GOOGLEBOT);
    const cached = await page(new Client(server, GOOGLE_IP), `/tools/${slug}`, GOOGLEBOT);
    expect(cached.headers.get("x-cache")).toBe("HIT");
    const visitorHit = new Client(server);
    const hit = await page(visitorHit, `/tools/${slug}`);
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(visitorCount(visitorHit)).toBe(1);

    // A visitor past the limit is gated on that same URL, not served the cached full page.
    const limited = new Client(server);
    await useTenViews(limited, "visitor");
    const gated = await page(limited, `/tools/${slug}`);
    expect(gated.headers.get("x-cache")).toBeNull();
    expect(isPrompted(gated.body)).toBe(true);

    // The gated answer was not stored: the next visitor gets the full page and a cookie of their own.
    const next = new Client(server);
    const fresh = await page(next, `/tools/${slug}`);
    expect(fresh.headers.get("x-cache")).toBe("HIT");
    expect(isPrompted(fresh.body)).toBe(false);
    expect(visitorCount(next)).toBe(1);
    // No visitor's numbers are in the cached HTML: it is the same bytes for both visitors.
    expect(fresh.body).not.toContain("Free tool views today");
    expect(fresh.body).toBe(hit.body);

    // A member's page (their toggles pressed: the action's answer, rendered for them) is never what
    // a visitor sees; their shared page has no pressed toggle (that comes with the personal request).
    const mine = await standard.client.form(`/tools/${slug}`, { kind: "favorite", on: "1" });
    expect(await mine.text()).toMatch(/aria-pressed="true"[^>]*data-testid="toggle-favorite"/);
    const shared = await page(standard.client, `/tools/${slug}`);
    expect(shared.body).not.toMatch(/aria-pressed="true"/);
    expect(shared.body).not.toContain("Stan Standard");
    expect((await personal(standard.client, `/tools/${slug}`)).tool?.saved.favorite).toBe(true);
    const theirs = await page(new Client(server), `/tools/${slug}`);
    expect(theirs.body).not.toMatch(/aria-pressed="true"[^>]*data-testid="toggle-favorite"/);
    expect(theirs.body).not.toContain("Stan Standard");
  });
});

describe("tool tiers", () => {
  const EXPERT_TOOL = "chatgpt";
  beforeAll(async () => {
    await server.services.db.execute(
      sql`UPDATE tools SET tier = 'expert', features = ARRAY['Expert-only feature 4411'],
          pros = ARRAY['Expert-only pro 4412'] WHERE slug = ${EXPERT_TOOL}`,
    );
  });
  afterAll(async () => {
    await server.services.db.execute(sql`UPDATE tools SET tier = 'free' WHERE slug = ${EXPERT_TOOL}`);
  });

  it("a tool above the viewer's tier shows the overview and 'Requires Expert', and is not counted", async () => {
    const visitor = new Client(server);
    for (const client of [visitor, free.client, standard.client]) {
      const res = await page(client, `/tools/${EXPERT_TOOL}`);
      expect(res.status).toBe(200);
      expect(isPrompted(res.body)).toBe(true);
      expect(res.body).toContain("Requires Expert membership");
      expect(res.body).toContain("Upgrade to access");
      expect(res.body).not.toContain("Expert-only feature 4411");
      expect(res.body).not.toContain("Expert-only pro 4412");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
    expect(visitor.cookies.has("ts_views")).toBe(false);
    // Crawlers do not see an Expert listing's gated sections either.
    expect((await page(new Client(server), `/tools/${EXPERT_TOOL}`, GOOGLEBOT)).body).not.toContain(
      "Expert-only feature 4411",
    );
    const open = await page(expert.client, `/tools/${EXPERT_TOOL}`);
    expect(isPrompted(open.body)).toBe(false);
    expect(open.body).toContain("Expert-only feature 4411");
  });

  it("cards are dimmed with 'Requires Expert' and Upgrade to access, without the gated fields", async () => {
    const visitor = await page(new Client(server), "/search?q=chatgpt");
    const card = visitor.body.match(/<article[^>]*data-locked="true"[\s\S]*?<\/article>/)?.[0] ?? "";
    expect(card).toContain(">ChatGPT<");
    expect(card).toContain("Requires Expert");
    expect(card).toContain('href="/pricing"');
    expect(card).toContain("Upgrade to access");
    expect(visitor.body).not.toContain("Expert-only feature 4411");
    const mine = await page(expert.client, "/search?q=chatgpt");
    expect(mine.body).not.toContain('data-locked="true"');
  });

  it("the API leaves the gated fields out below the tool's tier", async () => {
    const visitorApi = (await (await new Client(server).fetch(`/api/tools/${EXPERT_TOOL}`)).json()) as {
      tool: { features: string[]; pros: string[]; name: string };
      locked: { requiredTier: string };
    };
    expect(visitorApi.tool.name).toBe("ChatGPT");
    expect(visitorApi.tool.features).toEqual([]);
    expect(visitorApi.tool.pros).toEqual([]);
    expect(visitorApi.locked.requiredTier).toBe("expert");
    const expertApi = (await (await expert.client.fetch(`/api/tools/${EXPERT_TOOL}`)).json()) as {
      tool: { features: string[] };
      locked?: unknown;
    };
    expect(expertApi.tool.features).toEqual(["Expert-only feature 4411"]);
    expect(expertApi.locked).toBeUndefined();
    const list = (await (await free.client.fetch("/api/tools?q=chatgpt")).json()) as {
      tools: { slug: string; features: string[] }[];
    };
    expect(list.tools.find((t) => t.slug === EXPERT_TOOL)?.features).toEqual([]);
    const compare = (await (await free.client.fetch(`/api/tools/compare?ids=${EXPERT_TOOL}`)).json()) as {
      tools: { features: string[]; pros: string[] }[];
    };
    expect(compare.tools[0]?.features).toEqual([]);
    expect(compare.tools[0]?.pros).toEqual([]);
  });
});

describe("compare caps by tier", () => {
  const six = () => others.slice(0, 6);

  it("GET /api/tools/compare cuts at the caller's cap (2 / 2 / 5 / 10) and says so", async () => {
    const cases: [Client, number][] = [
      [new Client(server), 2],
      [free.client, 2],
      [standard.client, 5],
      [expert.client, 10],
    ];
    for (const [client, cap] of cases) {
      const res = await client.fetch(`/api/tools/compare?ids=${six().join(",")}`);
      const body = (await res.json()) as { tools: { slug: string }[]; max: number; omitted: number; message: string };
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(body.max).toBe(cap);
      expect(body.tools.map((t) => t.slug)).toEqual(six().slice(0, cap));
      expect(body.omitted).toBe(Math.max(0, 6 - cap));
      if (cap < 6) expect(body.message).toBe(`You can compare up to ${cap} tools. Remove a tool to add another.`);
      else expect(body.message).toBeNull();
    }
  });

  it("/compare shows 'N of cap' for the viewer's tier and refuses a tool beyond it with the spec's message", async () => {
    const list = six().join(",");
    const visitor = await page(new Client(server), `/compare?tools=${list}`);
    expect(visitor.body).toMatch(/2 of 2/);
    expect(visitor.body).toContain("Standard members compare up to 5 and Expert members up to 10.");
    const std = await page(standard.client, `/compare?tools=${list}`);
    expect(std.body).toMatch(/5 of 5/);
    const exp = await page(expert.client, `/compare?tools=${list}`);
    expect(exp.body).toMatch(/6 of 10/);
    expect(exp.body).not.toContain("more tool(s) than you can compare");

    // The no-JavaScript "Add a tool" form: a third tool for a free member is refused…
    const two = others.slice(0, 2).join(",");
    const refused = await page(free.client, `/compare?tools=${two}&add=${others[2]}`);
    expect(refused.status).toBe(200);
    expect(refused.body).toContain("You can compare up to 2 tools. Remove a tool to add another.");
    expect(refused.body).toContain("Upgrade to compare more");
    // …and accepted for a Standard member.
    const added = await standard.client.fetch(`/compare?tools=${two}&add=${others[2]}`, {
      headers: { "user-agent": BROWSER },
    });
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toBe(`/compare?tools=${others.slice(0, 3).join(",")}`);
  });
});

describe("Save Search (the /search page's action)", () => {
  const save = (client: Client, q: string) =>
    client.form(`/search?q=${q}`, { intent: "save-search", name: `Search ${q}`, query: `q=${q}` });
  const saved = async (member: Member) =>
    (
      await queryRows<{ query: string }>(
        server.services.db,
        sql`SELECT query FROM saved_searches WHERE user_id = ${member.id} ORDER BY created_at`,
      )
    ).map((r) => r.query);

  it("asks visitors to sign in and shows Free members the upgrade prompt", async () => {
    const visitor = await save(new Client(server), "image");
    expect(visitor.status).toBe(401);
    const visitorHtml = decode(await visitor.text());
    expect(visitorHtml).toContain("Please sign in to save searches.");
    expect(visitorHtml).toContain(`/sign-in?redirectTo=${encodeURIComponent("/search?q=image")}`);
    const gated = await save(free.client, "image");
    expect(gated.status).toBe(403);
    expect(decode(await gated.text())).toContain(
      "Saved searches are available for Standard and Expert members. Upgrade to save searches.",
    );
    expect(await saved(free)).toEqual([]);
  });

  it("keeps up to 3 for Standard (a repeat costs nothing), then says the limit", async () => {
    const member = await createMember(server, { tier: "standard", name: "Three Searches" });
    // The allowance is the member's: it comes with the personal request of the shared page.
    expect((await personal(member.client, "/search?q=image")).saveSearch).toEqual({
      signedIn: true,
      used: 0,
      limit: 3,
      saved: false,
    });
    for (const q of ["image", "video", "audio"]) {
      const res = await save(member.client, q);
      expect(res.status, q).toBe(200);
      expect(decode(await res.text())).toContain("Search saved! Find it in your dashboard.");
    }
    const again = await save(member.client, "image");
    expect(again.status).toBe(200);
    expect(decode(await again.text())).toContain("This search is already saved.");
    const fourth = await save(member.client, "writing");
    expect(fourth.status).toBe(403);
    expect(decode(await fourth.text())).toContain("You can keep up to 3 saved searches on your plan.");
    expect(await saved(member)).toEqual(["q=image", "q=video", "q=audio"]);
    expect((await personal(member.client, "/search?q=image")).saveSearch).toMatchObject({
      used: 3,
      limit: 3,
      saved: true,
    });
    // The dashboard lists them.
    const dashboard = await page(member.client, "/dashboard");
    expect(dashboard.body).toContain('href="/search?q=audio"');
  });

  it("Expert members save any number; bad input is a 400", async () => {
    for (const q of ["a1", "b2", "c3", "d4", "e5"]) expect((await save(expert.client, q)).status).toBe(200);
    expect(await saved(expert)).toHaveLength(5);
    const bad = await expert.client.form("/search?q=x", { intent: "save-search", name: "", query: "q=x" });
    expect(bad.status).toBe(400);
    const unknown = await expert.client.form("/search?q=x", { intent: "nope" });
    expect(unknown.status).toBe(400);
  });
});

describe("save and favourite toggles on the tool page", () => {
  it("persist for members (pressed from the first paint); visitors without JavaScript are asked to sign in", async () => {
    const member = await createMember(server, { name: "Toggle Member" });
    const slug = others[3] as string;
    const on = await member.client.form(`/tools/${slug}`, { kind: "favorite", on: "1" });
    expect(on.status).toBe(200);
    expect(decode(await on.text())).toContain("Added to favorites!");
    await member.client.form(`/tools/${slug}`, { kind: "saved", on: "1" });
    // Twice is the same as once.
    expect((await member.client.form(`/tools/${slug}`, { kind: "saved", on: "1" })).status).toBe(200);
    const api = (await (await member.client.fetch("/api/saved-tools")).json()) as {
      saved: { slug: string }[];
      favorites: { slug: string }[];
    };
    expect(api.saved.map((t) => t.slug)).toEqual([slug]);
    expect(api.favorites.map((t) => t.slug)).toEqual([slug]);
    // The shared page's toggles are the member's forms; whether they are pressed comes with the
    // personal request (ADR 0032). An answer rendered for the member shows them pressed.
    const html = await page(member.client, `/tools/${slug}`);
    expect(html.body).toMatch(/aria-pressed="false"[^>]*data-testid="toggle-saved"/);
    expect((await personal(member.client, `/tools/${slug}`)).tool?.saved).toEqual({ saved: true, favorite: true });
    const again = await member.client.form(`/tools/${slug}`, { kind: "saved", on: "1" });
    expect(await again.text()).toMatch(/aria-pressed="true"[^>]*data-testid="toggle-saved"/);

    const off = await member.client.form(`/tools/${slug}`, { kind: "favorite", on: "0" });
    const offBody = decode(await off.text());
    expect(offBody).toContain("Removed from favorites");
    expect(offBody).toMatch(/aria-pressed="false"[^>]*data-testid="toggle-favorite"/);
    expect((await personal(member.client, `/tools/${slug}`)).tool?.saved).toEqual({ saved: true, favorite: false });

    expect((await member.client.form(`/tools/${slug}`, { kind: "nope", on: "1" })).status).toBe(400);
    expect((await member.client.form("/tools/no-such-tool", { kind: "saved", on: "1" })).status).toBe(404);

    const visitor = await new Client(server).form(`/tools/${slug}`, { kind: "favorite", on: "1" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(`/sign-in?redirectTo=${encodeURIComponent(`/tools/${slug}`)}`);
  });
});
