import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainKey, getFactHistory, nameKey } from "../../server/modules/catalog/index.ts";
import {
  checkToolNow,
  GONE_FAILURE_DAYS,
  LINK_CHECKER_SOURCE,
  type LinkCheckDeps,
  runLinkCheckBatch,
} from "../../server/modules/linkcheck/index.ts";
import { createTestClock } from "../../server/platform/clock.ts";
import { queryRows } from "../../server/platform/db/index.ts";
import { linkReviewItems, toolLinkStatus, tools } from "../../server/tables.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * The graveyard (issue 20 item 6, ADR 0029) against a local fixture web server and a test clock:
 * failures on 4 separate days over 14 days make a tool `gone` (not before), recorded as an observed
 * fact change by the link checker; it leaves listings and search, its page stays (200) with the date
 * and successors, /graveyard lists it; its site answering again revives it; an admin confirms a
 * parked page; a network that looks down counts nothing.
 */

const DAY = 86_400_000;
const T0 = "2026-11-02T09:00:00Z";
const clock = createTestClock(T0);

let fixture: Server;
let base = "";
/** per-path switch: 200 page or 503 */
const up = new Map<string, boolean>();

function handle(req: IncomingMessage, res: ServerResponse) {
  const path = new URL(req.url ?? "/", "http://x").pathname;
  const send = (status: number, body: string) => {
    res.writeHead(status, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(body)),
    });
    res.end(req.method === "HEAD" ? undefined : body);
  };
  if (path.startsWith("/parked")) {
    return send(
      200,
      "<html><head><title>example.com is for sale</title></head><body><h1>This domain is for sale!</h1><p>Buy this domain. Parked free, courtesy of GoDaddy.</p></body></html>",
    );
  }
  if (up.get(path))
    return send(200, `<html><head><title>Tool</title></head><body><h1>Alive at ${path}</h1></body></html>`);
  return send(503, "<h1>Service unavailable</h1>");
}

let server: TestServer;
let admin: Member;
let deps: LinkCheckDeps;
let categoryId = 0;

async function addTool(key: string, path: string): Promise<{ id: string; slug: string; name: string }> {
  const name = `Grave ${key} ${Math.random().toString(36).slice(2, 6)}`;
  const url = `${base}${path}`;
  const slug = `grave-${key}-${Math.random().toString(36).slice(2, 8)}`;
  const [row] = await server.services.db
    .insert(tools)
    .values({
      slug,
      name,
      description: "A fixture tool for the graveyard.",
      categoryId,
      websiteUrl: url,
      domainKey: domainKey(url),
      nameKey: nameKey(name),
    })
    .returning({ id: tools.id });
  if (!row) throw new Error("no tool");
  return { id: row.id, slug, name };
}
const statusOf = async (id: string) =>
  (
    await server.services.db.select({ status: tools.status, goneAt: tools.goneAt }).from(tools).where(eq(tools.id, id))
  )[0];
const anon = () => new Client(server);
const searchSlugs = async (q: string) =>
  (
    (await (await anon().fetch(`/api/tools?q=${encodeURIComponent(q)}&limit=50`)).json()) as {
      tools: { slug: string }[];
    }
  ).tools.map((t) => t.slug);

beforeAll(async () => {
  fixture = createServer(handle);
  await new Promise<void>((r) => fixture.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
  server = await startTestServer({ pages: true, clock, env: { TRUST_PROXY: "1" } });
  deps = {
    db: server.services.db,
    clock,
    logger: server.services.logger,
    publicUrl: "http://localhost:3000",
    allowPrivateAddresses: true,
  };
  admin = await createMember(server, { role: "admin", name: "Grave Digger" });
  const [cat] = await queryRows<{ id: number }>(server.services.db, sql`SELECT id FROM categories ORDER BY id LIMIT 1`);
  categoryId = Number(cat?.id);
  // The seeded catalogue points at real websites: mark it checked far ahead so no test reaches them.
  await server.services.db.execute(
    sql`INSERT INTO tool_link_status (tool_id, status, checked_at)
        SELECT id, 'blocked', ${T0}::timestamptz + interval '365 days' FROM tools`,
  );
}, 60_000);

afterAll(async () => {
  await server?.close();
  fixture?.closeAllConnections();
  await new Promise((r) => fixture?.close(r));
});

describe("the graveyard", () => {
  it("many failures on fewer than 4 days, or 4 days within 14, do not make a tool gone", async () => {
    const t = await addTool("burst", "/burst");
    // Ten failures over three days.
    for (let i = 0; i < 10; i++) {
      await checkToolNow(deps, t.id);
      clock.advance(DAY / 4);
    }
    expect((await statusOf(t.id))?.status).toBe("active");
    // A fourth day, but only 3 days since the first failure.
    clock.advance(DAY);
    await checkToolNow(deps, t.id);
    const [s] = await server.services.db.select().from(toolLinkStatus).where(eq(toolLinkStatus.toolId, t.id));
    expect(s?.failureDays).toBeGreaterThanOrEqual(GONE_FAILURE_DAYS);
    expect((await statusOf(t.id))?.status).toBe("active");
  });

  it("failures on 4 separate days over 14 days: gone — out of listings and search, its page stays with the date and successors, /graveyard lists it; back online: revived", async () => {
    clock.set(new Date("2026-11-10T09:00:00Z"));
    const t = await addTool("dead", "/dead");
    expect(await searchSlugs(t.name)).toContain(t.slug);
    const start = clock.now().getTime();
    for (const day of [0, 5, 10]) {
      clock.set(new Date(start + day * DAY));
      await checkToolNow(deps, t.id);
    }
    expect((await statusOf(t.id))?.status).toBe("active");
    clock.set(new Date(start + 14 * DAY));
    await checkToolNow(deps, t.id);
    const gone = await statusOf(t.id);
    expect(gone?.status).toBe("gone");
    expect(gone?.goneAt?.toISOString()).toBe(new Date(start + 14 * DAY).toISOString());

    // Recorded through the facts history: an observed change by the link checker; and audited.
    const history = await getFactHistory(server.services.db, t.id);
    expect(history.find((h) => h.field === "status")).toMatchObject({
      old_value: "active",
      new_value: "gone",
      kind: "observed",
      source: LINK_CHECKER_SOURCE,
    });
    const [audit] = await queryRows<{ action: string }>(
      server.services.db,
      sql`SELECT action FROM audit_log WHERE target_id = ${t.id} ORDER BY at DESC, id DESC LIMIT 1`,
    );
    expect(audit?.action).toBe("tool.gone");

    // Out of organic listings and search…
    expect(await searchSlugs(t.name)).not.toContain(t.slug);
    const all = (await (await anon().fetch("/api/tools?sort=newest&limit=100")).json()) as {
      tools: { slug: string }[];
    };
    expect(all.tools.map((x) => x.slug)).not.toContain(t.slug);
    // …but its page and API answer stay, saying since when, offering successors.
    const api = await anon().fetch(`/api/tools/${t.slug}`);
    expect(api.status).toBe(200);
    expect(((await api.json()) as { tool: { status: string; gone_at: string } }).tool).toMatchObject({
      status: "gone",
      gone_at: new Date(start + 14 * DAY).toISOString(),
    });
    const page = await anon().fetch(`/tools/${t.slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="gone-notice"');
    expect(html).toMatch(/is gone(<!-- -->)? since (<!-- -->)?24 November 2026/);
    expect(html).toContain("Successors:");

    const yard = await anon().fetch("/graveyard");
    expect(yard.status).toBe(200);
    const yardHtml = await yard.text();
    expect(yardHtml).toContain(t.name);
    expect(yardHtml).toContain("24 Nov 2026");

    // The checker still visits it; its own site answering brings it back, recorded.
    up.set("/dead", true);
    clock.advance(4 * DAY);
    const batch = await runLinkCheckBatch(deps, { batchSize: 50 });
    expect(batch.checked.map((c) => c.toolId)).toContain(t.id);
    expect(await statusOf(t.id)).toEqual({ status: "active", goneAt: null });
    const revived = await getFactHistory(server.services.db, t.id);
    expect(revived.find((h) => h.field === "status" && h.new_value === "active")).toMatchObject({
      old_value: "gone",
      kind: "observed",
    });
    expect(await searchSlugs(t.name)).toContain(t.slug);
    expect(await (await anon().fetch("/graveyard")).text()).not.toContain(t.name);
  });

  it("a parked page confirmed by an admin in /admin/links moves the tool to the graveyard", async () => {
    const t = await addTool("parked", "/parked/x");
    await checkToolNow(deps, t.id);
    const [item] = await server.services.db.select().from(linkReviewItems).where(eq(linkReviewItems.toolId, t.id));
    expect(item?.kind).toBe("parked");
    expect((await statusOf(t.id))?.status).toBe("active");
    const member = await createMember(server);
    const denied = await member.client.form("/admin/links", { intent: "decide", id: item?.id ?? "", decision: "gone" });
    expect(denied.status).toBeGreaterThanOrEqual(300);
    expect((await statusOf(t.id))?.status).toBe("active");
    const res = await admin.client.form("/admin/links", { intent: "decide", id: item?.id ?? "", decision: "gone" });
    expect(res.status).toBeLessThan(400);
    expect((await statusOf(t.id))?.status).toBe("gone");
    const history = await getFactHistory(server.services.db, t.id);
    expect(history.find((h) => h.field === "status")?.source).toContain("confirmed by an admin");
    // A parked page answering is not the tool coming back.
    clock.advance(8 * DAY);
    await checkToolNow(deps, t.id);
    expect((await statusOf(t.id))?.status).toBe("gone");
  });

  it("while the network looks down, failures count for nothing (the pause as before)", async () => {
    const t = await addTool("netdown", "/netdown");
    const before = await server.services.db.select().from(toolLinkStatus).where(eq(toolLinkStatus.toolId, t.id));
    expect(before).toHaveLength(0);
    const downFetcher = {
      async fetch() {
        const { FetchError } = await import("../../server/modules/linkcheck/index.ts");
        throw new FetchError("dns", "getaddrinfo ENOTFOUND");
      },
    };
    // Make every other candidate not due, so the batch is only the fixtures below.
    const extra = [await addTool("netdown2", "/netdown2"), await addTool("netdown3", "/netdown3")];
    const r = await runLinkCheckBatch(deps, { batchSize: 10, fetcher: downFetcher as never });
    expect(r.paused).toBe(true);
    for (const x of [t, ...extra]) {
      const s = await server.services.db.select().from(toolLinkStatus).where(eq(toolLinkStatus.toolId, x.id));
      expect(s[0]?.failureDays ?? 0).toBe(0);
    }
  });

  it("/graveyard renders for visitors (empty or not)", async () => {
    const res = await anon().fetch("/graveyard?page=abc");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("The Graveyard");
  });
});
