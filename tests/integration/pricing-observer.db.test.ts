import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runChangeAlerts } from "../../server/modules/accounts/index.ts";
import { domainKey, nameKey, setToolPlans } from "../../server/modules/catalog/index.ts";
import { createHttpFetcher, FetchError, type Fetcher } from "../../server/modules/linkcheck/index.ts";
import { type ObserverDeps, runPricingObserver } from "../../server/modules/observer/index.ts";
import { listChanges } from "../../server/modules/syndication/index.ts";
import { createTestClock } from "../../server/platform/clock.ts";
import { listOutbox } from "../../server/platform/mail.ts";
import { categories, pricingWatch, toolFactHistory, toolFacts, tools } from "../../server/tables.ts";
import { PRICING_FIXTURES } from "../fixtures/pricing/pages.ts";
import { createMember } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * The pricing observer end to end (issue 33): the 43 fixture pricing pages served over loopback,
 * each tool's homepage linking to its pricing page, robots.txt honoured, pages that change between
 * runs. Facts are written as `observed` only above the threshold; repeated runs over unchanged pages
 * must write no change (false change events < 1 %); changed pages give their typed events.
 */
const DAY = 86_400_000;
const clock = createTestClock("2026-12-01T09:00:00Z");
let server: TestServer;
let fixture: Server;
let base = "";
let deps: ObserverDeps;
const version = new Map<string, "first" | "next">();
const requests: string[] = [];
const ids = new Map<string, string>();
/** the fixtures whose plans the first run wrote (the others went to the editors' queue) */
const written = new Set<string>();

function handle(req: IncomingMessage, res: ServerResponse) {
  const path = new URL(req.url ?? "/", "http://x").pathname;
  requests.push(path);
  const send = (status: number, body: string, type = "text/html; charset=utf-8") => {
    res.writeHead(status, { "Content-Type": type, "Content-Length": String(Buffer.byteLength(body)) });
    res.end(body);
  };
  if (path === "/robots.txt") return send(200, "User-agent: *\nDisallow: /private-tool/\n", "text/plain");
  const [, slug = "", rest = ""] = /^\/([^/]+)\/(.*)$/.exec(path) ?? [];
  const f = PRICING_FIXTURES.find((x) => x.slug === slug);
  if (slug === "private-tool") return send(200, "<a href='/private-tool/pricing'>Pricing</a>");
  if (!f) return send(404, "<h1>Not found</h1>");
  if (rest === "")
    return send(200, `<html><body><h1>${slug}</h1><a href="/${slug}/plans">See plans &amp; pricing</a></body></html>`);
  // Like real pages, every response differs in bytes (a nonce, a render time) while its plans do not:
  // the page's hash changes on every run, so each run extracts and compares again.
  const nonce = `<meta name="csrf-token" content="${Math.random().toString(36).slice(2)}"><!-- rendered ${Date.now()} -->`;
  if (rest === "plans") return send(200, (version.get(slug) === "next" && f.next ? f.next.html : f.html) + nonce);
  return send(404, "<h1>Not found</h1>");
}

async function addTool(slug: string): Promise<string> {
  const [cat] = await server.services.db.select({ id: categories.id }).from(categories).limit(1);
  const url = `${base}/${slug}/`;
  const [row] = await server.services.db
    .insert(tools)
    .values({
      slug: `observed-${slug}`,
      name: `Observed ${slug}`,
      description: "A fixture tool for the pricing observer.",
      categoryId: cat?.id as number,
      websiteUrl: url,
      domainKey: `${domainKey(url)}/${slug}`,
      nameKey: nameKey(`observed ${slug}`),
    })
    .returning({ id: tools.id });
  return row?.id as string;
}

const planHistory = async () =>
  server.services.db
    .select({ toolId: toolFactHistory.toolId, note: toolFactHistory.note, kind: toolFactHistory.kind })
    .from(toolFactHistory)
    .where(eq(toolFactHistory.field, "plans"));

beforeAll(async () => {
  fixture = createServer(handle);
  await new Promise<void>((r) => fixture.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
  server = await startTestServer({ clock, env: { TRUST_PROXY: "1" } });
  // The seeded catalogue's tools were just read: the runs below reach only the fixtures (no internet).
  await server.services.db.execute(
    sql`INSERT INTO pricing_watch (tool_id, status, checked_at) SELECT id, 'ok', ${clock.now().toISOString()}::timestamptz + interval '1 year' FROM tools`,
  );
  for (const f of PRICING_FIXTURES) {
    ids.set(f.slug, await addTool(f.slug));
    version.set(f.slug, "first");
  }
  ids.set("private-tool", await addTool("private-tool"));
  deps = {
    db: server.services.db,
    clock,
    logger: server.services.logger,
    fetcher: createHttpFetcher({ allowPrivateAddresses: true }),
    userAgent: "Toolscape-PricingObserver/1.0 (+http://localhost/how-we-test)",
    hostIntervalMs: 0,
  };
}, 120_000);

afterAll(async () => {
  await server?.close();
  await new Promise((r) => fixture?.close(r));
});

describe("pricing observer over loopback", () => {
  it("reads each fixture's pricing page from its homepage and writes observed plans above the threshold", async () => {
    const run = await runPricingObserver(deps, { batchSize: 100 });
    expect(run.paused).toBe(false);
    expect(run.observed).toHaveLength(PRICING_FIXTURES.length + 1);
    const byTool = new Map(run.observed.map((o) => [o.toolId, o]));
    for (const f of PRICING_FIXTURES) {
      const o = byTool.get(ids.get(f.slug) as string);
      expect(o?.url, f.slug).toBe(`${base}/${f.slug}/plans`);
      if (o?.status !== "ok") {
        expect(o?.status, f.slug).toBe("needs_review");
        continue;
      }
      written.add(f.slug);
      const [row] = await server.services.db
        .select({ plans: tools.plans })
        .from(tools)
        .where(eq(tools.id, ids.get(f.slug) as string));
      expect(
        row?.plans?.map((p) => [p.name, p.price]),
        f.slug,
      ).toEqual(f.truth.map((t) => [t.name, t.price]));
    }
    // The page a script fills in has no prices to read, and plans read only from headings and prose
    // are below the threshold: an editor is asked, nothing is written. Every other page is written.
    const prose = PRICING_FIXTURES.filter((f) => /<div class="content"><h3>/.test(f.html)).map((f) => f.slug);
    expect(prose.length).toBeGreaterThan(0);
    expect([...PRICING_FIXTURES.map((f) => f.slug)].filter((s) => !written.has(s)).sort()).toEqual(
      [...prose, "scripted"].sort(),
    );
    const [review] = await server.services.db
      .select()
      .from(pricingWatch)
      .where(eq(pricingWatch.toolId, ids.get("scripted") as string));
    expect(review).toMatchObject({ status: "needs_review" });
    expect(review?.snapshotHash).toMatch(/^[0-9a-f]{64}$/);
    const [fact] = await server.services.db
      .select()
      .from(toolFacts)
      .where(sql`${toolFacts.toolId} = ${ids.get("voxly") as string} AND ${toolFacts.field} = 'plans'`);
    expect(fact).toMatchObject({ kind: "observed", sourceUrl: `${base}/voxly/plans`, verifiedAt: null });
    expect(fact?.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it("honours robots.txt: a disallowed page is not fetched", async () => {
    expect(requests.filter((p) => p.startsWith("/private-tool/"))).toEqual([]);
    const [row] = await server.services.db
      .select()
      .from(pricingWatch)
      .where(eq(pricingWatch.toolId, ids.get("private-tool") as string));
    expect(row?.status).toBe("blocked");
  });

  it("writes no change over repeated runs of unchanged pages (false change events < 1 %)", async () => {
    const before = (await planHistory()).length;
    let pages = 0;
    for (let run = 0; run < 3; run++) {
      clock.advance(8 * DAY);
      const r = await runPricingObserver(deps, { batchSize: 100 });
      pages += r.observed.length;
      expect(r.observed.filter((o) => o.status === "ok")).toEqual([]);
      // Read again, not skipped by the hash: the bytes changed.
      expect(r.observed.filter((o) => o.status === "unchanged").length).toBeGreaterThanOrEqual(written.size);
    }
    const falseEvents = (await planHistory()).length - before;
    console.info(`pricing observer: ${falseEvents} change events over ${pages} readings of unchanged pages`);
    expect(falseEvents / pages).toBeLessThan(0.01);
  });

  it("records typed change events for pages that changed, and only for them", async () => {
    const changing = PRICING_FIXTURES.filter((f) => f.next && written.has(f.slug));
    for (const f of PRICING_FIXTURES) if (f.next) version.set(f.slug, "next");
    const before = await planHistory();
    // A Standard member follows docufy: saved, with an immediate change alert (set up directly; the
    // alert control has its own tests).
    const follower = await createMember(server, { tier: "standard", name: "Fay Follower" });
    const docufy = ids.get("docufy") as string;
    await server.services.db.execute(
      sql`INSERT INTO saved_tools (user_id, tool_id, kind) VALUES (${follower.id}, ${docufy}::uuid, 'saved')`,
    );
    await server.services.db.execute(
      sql`INSERT INTO tool_change_alerts (user_id, tool_id, frequency, created_at)
          VALUES (${follower.id}, ${docufy}::uuid, 'immediate', ${clock.now().toISOString()}::timestamptz)`,
    );
    clock.advance(8 * DAY);
    await runPricingObserver(deps, { batchSize: 100 });
    const after = await planHistory();
    const fresh = after.slice(before.length);
    const changedIds = new Set(changing.map((f) => ids.get(f.slug)));
    expect(fresh.every((h) => changedIds.has(h.toolId))).toBe(true);
    for (const f of changing) {
      const entry = fresh.find((h) => h.toolId === ids.get(f.slug));
      expect(entry?.kind, f.slug).toBe("observed");
      const events = (entry?.note ?? "").split("; ");
      expect(events.length, `${f.slug}: ${entry?.note}`).toBe(f.next?.events.length);
      for (const want of f.next?.events ?? [])
        expect(
          events.some((e) => e.startsWith(want)),
          `${f.slug}: ${want} in ${entry?.note}`,
        ).toBe(true);
    }
    // The changes feed carries them (free-tier tools' plans are public).
    const feed = await listChanges(server.services.db, server.services.env);
    expect(feed.find((e) => e.title === "Plans change: Observed docufy")?.summary).toMatch(
      /^Pro: price down \$15\/month → \$12\/month \(source: Pricing observer/,
    );
    // The follower is e-mailed about the observed price change (issue 33's "done when").
    const { sent } = await runChangeAlerts(
      { db: server.services.db, mailer: server.services.mailer, env: server.services.env },
      "immediate",
    );
    expect(sent).toBeGreaterThanOrEqual(1);
    const mails = (await listOutbox(server.services.env.DATA_DIR, 500)).filter(
      (m) => m.to === follower.email && m.tag === "change-alert",
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Observed docufy");
    expect(mails[0]?.text).toMatch(/\$15\/month → \$12\/month/);
  });

  it("does not overwrite plans a person set: it asks an editor", async () => {
    const id = ids.get("sketchbot") as string;
    await setToolPlans(
      server.services.db,
      { actor: { id: null, label: "test" }, kind: "editor", now: clock.now() },
      id,
      {
        plans: [{ name: "Lite", price: 4, currency: "USD", period: "month" }] as never,
        source_url: "https://sketchbot.example/p",
      },
    );
    await server.services.db.update(pricingWatch).set({ snapshotHash: null }).where(eq(pricingWatch.toolId, id));
    clock.advance(8 * DAY);
    await runPricingObserver(deps, { batchSize: 100 });
    const [row] = await server.services.db.select({ plans: tools.plans }).from(tools).where(eq(tools.id, id));
    expect(row?.plans?.map((p) => p.price)).toEqual([4]);
    const [watch] = await server.services.db.select().from(pricingWatch).where(eq(pricingWatch.toolId, id));
    expect(watch).toMatchObject({ status: "needs_review" });
    expect(watch?.error).toMatch(/differs from the plans a person set/);
  });

  it("pauses when the network looks down, recording nothing", async () => {
    const down: Fetcher = {
      fetch: async () => {
        throw new FetchError("connect", "The connection failed (ECONNREFUSED)");
      },
    };
    clock.advance(8 * DAY);
    const before = await server.services.db
      .select({ id: pricingWatch.toolId, at: pricingWatch.checkedAt })
      .from(pricingWatch)
      .where(inArray(pricingWatch.toolId, [...ids.values()]));
    const r = await runPricingObserver({ ...deps, fetcher: down }, { batchSize: 100 });
    expect(r.paused).toBe(true);
    const after = await server.services.db
      .select({ id: pricingWatch.toolId, at: pricingWatch.checkedAt })
      .from(pricingWatch)
      .where(inArray(pricingWatch.toolId, [...ids.values()]));
    expect(after.map((a) => a.at?.toISOString()).sort()).toEqual(before.map((b) => b.at?.toISOString()).sort());
  });
});
