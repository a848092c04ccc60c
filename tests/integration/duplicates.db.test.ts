// engine: both — trigram similarity and a merge that moves rows in one transaction.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DuplicateCandidate, MergeReport } from "../../server/modules/catalog/index.ts";
import { listAudit } from "../../server/platform/audit.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { createMember, establishMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/** Members whose reviews count at once (ADR 0029's review gate is tested in ranking-trust.db.test.ts). */
const established = async (...args: Parameters<typeof createMember>) =>
  establishMember(args[0], await createMember(...args));

/**
 * Duplicate listings (issue 13): the finder proposes the seed's real duplicates (two ChatGPT
 * listings), an admin merges A into B, every save, click, view and count moves over (counts before =
 * after), A's URL answers 301 to B, the merge is audited, and only admins may do any of it.
 */

let server: TestServer;
let admin: Member;
let member: Member;
let other: Member;

beforeAll(async () => {
  server = await startTestServer({ pages: true });
  admin = await established(server, { role: "admin", name: "Dee Dupe" });
  member = await established(server, { tier: "standard" });
  other = await established(server, { tier: "standard" });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.services.db;
type ToolFacts = { id: string; slug: string; status: string; merged_into_id: string | null; clicks: number };
async function tool(slug: string): Promise<ToolFacts> {
  const [row] = await queryRows<ToolFacts>(
    db(),
    sql`SELECT id::text AS id, slug, status::text AS status, merged_into_id::text AS merged_into_id, clicks
        FROM tools WHERE slug = ${slug}`,
  );
  if (!row) throw new Error(`no tool ${slug}`);
  return row;
}
async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db(), query);
  return Number(row?.n ?? 0);
}
const saves = (ids: string[]) =>
  count(
    sql`SELECT count(*)::int AS n FROM saved_tools WHERE tool_id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
const clickEvents = (ids: string[]) =>
  count(
    sql`SELECT count(*)::int AS n FROM tool_events WHERE kind = 'click' AND tool_id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );

async function save(m: Member, toolId: string, kind: "saved" | "favorite" = "saved") {
  const res = await m.client.fetch("/api/saved-tools", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ tool_id: toolId, kind }),
  });
  return res.status;
}
const anon = (path: string) => server.get(path, { redirect: "manual" });

describe("duplicate candidates", () => {
  it("proposes the seed's two ChatGPT listings, with reasons in words and a keeper", async () => {
    const res = await admin.client.fetch("/api/admin/duplicates?limit=200");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { candidates: DuplicateCandidate[] };
    const pair = body.candidates.find((c) => [c.a.slug, c.b.slug].sort().join() === ["chatgpt", "chatgpt-2"].join());
    expect(pair, "ChatGPT pair proposed").toBeDefined();
    expect(pair?.reasons).toContain("Same name");
    expect(pair?.score).toBeGreaterThan(0.5);
    // Every proposal names two distinct, active tools.
    for (const c of body.candidates) expect(c.a.id).not.toBe(c.b.id);
  });

  it("uses the link checker's final domain: two sites ending on one address are proposed", async () => {
    const [a, b] = await queryRows<{ id: string; slug: string }>(
      db(),
      // Two unrelated listings (different names, domains and descriptions) whose sites now end on one address.
      sql`SELECT id::text AS id, slug FROM tools WHERE status = 'active' AND slug IN ('midjourney', 'grammarly') ORDER BY slug`,
    );
    if (!a || !b) throw new Error("seed tools missing");
    for (const t of [a, b]) {
      await db().execute(sql`INSERT INTO tool_link_status (tool_id, status, final_url, final_domain_key, checked_at)
        VALUES (${t.id}::uuid, 'redirected', 'https://same-product.example/', 'same-product.example', now())`);
    }
    const body = (await (await admin.client.fetch("/api/admin/duplicates?limit=200")).json()) as {
      candidates: DuplicateCandidate[];
    };
    const pair = body.candidates.find((c) => [c.a.slug, c.b.slug].sort().join() === [a.slug, b.slug].join());
    expect(pair?.reasons).toContain("Both sites end on the same address");
    await db().execute(sql`DELETE FROM tool_link_status WHERE tool_id IN (${a.id}::uuid, ${b.id}::uuid)`);
  });

  it("forgets a pair an admin called 'not duplicates' (audited)", async () => {
    const a = await tool("chatgpt");
    const b = await tool("chatgpt-2");
    const res = await admin.client.fetch("/api/admin/duplicates/dismiss", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ a: b.id, b: a.id }),
    });
    expect(res.status).toBe(200);
    const body = (await (await admin.client.fetch("/api/admin/duplicates?limit=200")).json()) as {
      candidates: DuplicateCandidate[];
    };
    expect(
      body.candidates.some(
        (c) => [c.a.slug, c.b.slug].includes("chatgpt-2") && [c.a.slug, c.b.slug].includes("chatgpt"),
      ),
    ).toBe(false);
    const audit = await listAudit(db(), { action: "tool.duplicate_dismissed" } as never);
    expect(JSON.stringify(audit)).toContain("tool.duplicate_dismissed");
    // Undo for the merge test below.
    await db().execute(sql`DELETE FROM tool_duplicate_dismissals`);
  });

  it("is for admins only", async () => {
    expect((await member.client.fetch("/api/admin/duplicates")).status).toBe(403);
    expect((await anon("/api/admin/duplicates")).status).toBe(401);
    const a = await tool("chatgpt-2");
    const b = await tool("chatgpt");
    const res = await member.client.fetch(`/api/admin/tools/${a.id}/merge`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ into: b.id }),
    });
    expect(res.status).toBe(403);
    expect((await tool("chatgpt-2")).status).toBe("active");
  });
});

describe("merging A into B", () => {
  it("moves every save, click and view; A redirects (301) to B; counts before = after; audited", async () => {
    const a = await tool("chatgpt-2");
    const b = await tool("chatgpt");
    // Activity on both: a member saved both (one save survives per kind), another only A; clicks on A.
    expect(await save(member, a.id)).toBeLessThan(300);
    expect(await save(member, b.id)).toBeLessThan(300);
    expect(await save(member, a.id, "favorite")).toBeLessThan(300);
    expect(await save(other, a.id)).toBeLessThan(300);
    await db().execute(sql`INSERT INTO tool_events (tool_id, kind, source) VALUES
      (${a.id}::uuid, 'click', 'card'), (${a.id}::uuid, 'click', 'detail'), (${b.id}::uuid, 'click', 'card')`);
    await db().execute(sql`INSERT INTO tool_view_days (day, tool_id, count) VALUES
      ('2026-11-20', ${a.id}::uuid, 5), ('2026-11-20', ${b.id}::uuid, 7), ('2026-11-21', ${a.id}::uuid, 2)`);
    await db().execute(sql`UPDATE tools SET clicks = clicks + 2 WHERE id = ${a.id}::uuid`);

    const ids = [a.id, b.id];
    const savesBefore = await saves(ids);
    const clicksBefore = await clickEvents(ids);
    const viewsBefore = await count(
      sql`SELECT coalesce(sum(count), 0)::int AS n FROM tool_view_days WHERE tool_id IN (${a.id}::uuid, ${b.id}::uuid)`,
    );
    const counterBefore = (await tool(a.slug)).clicks + (await tool(b.slug)).clicks;

    const res = await admin.client.fetch(`/api/admin/tools/${a.slug}/merge`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ into: b.slug }),
    });
    expect(res.status).toBe(200);
    const { merge } = (await res.json()) as { merge: MergeReport };
    expect(merge.into.slug).toBe("chatgpt");
    // The member's duplicate bookmark is the one row dropped; nothing else is lost.
    expect(merge.steps.saves).toEqual({ moved: 2, dropped: 1 });
    expect(merge.steps.events?.moved).toBe(2);

    expect(await saves([b.id])).toBe(savesBefore - 1);
    expect(await saves([a.id])).toBe(0);
    expect(await clickEvents([b.id])).toBe(clicksBefore);
    expect(
      await count(sql`SELECT coalesce(sum(count), 0)::int AS n FROM tool_view_days WHERE tool_id = ${b.id}::uuid`),
    ).toBe(viewsBefore);
    expect((await tool(b.slug)).clicks).toBe(counterBefore);
    const merged = await tool(a.slug);
    expect(merged.status).toBe("archived");
    expect(merged.merged_into_id).toBe(b.id);
    // The archiving went through the one fact path (issue 37): A's history says it, with the reason.
    const history = await queryRows<{ old_value: unknown; new_value: unknown; note: string | null }>(
      db(),
      sql`SELECT old_value, new_value, note FROM tool_fact_history WHERE tool_id = ${a.id}::uuid AND field = 'status'
          ORDER BY created_at DESC LIMIT 1`,
    );
    expect(history[0]).toMatchObject({
      old_value: "active",
      new_value: "archived",
      note: `Merged into ${merge.into.name}`,
    });

    // Old addresses lead to the kept listing: the page, the category form and the API.
    const page = await anon(`/tools/${a.slug}?tab=reviews`);
    expect(page.status).toBe(301);
    expect(page.headers.get("location")).toBe(`/tools/${b.slug}?tab=reviews`);
    const api = await anon(`/api/tools/${a.id}`);
    expect(api.status).toBe(301);
    expect(api.headers.get("location")).toBe(`/api/tools/${b.id}`);
    // …and its outbound link (issue 21: it answered 404).
    const go = await anon(`/go/${a.slug}?to=website&source=card`);
    expect(go.status).toBe(301);
    expect(go.headers.get("location")).toBe(`/go/${b.slug}?to=website&source=card`);
    // Search lists one ChatGPT now.
    const search = (await (await anon("/api/tools?search=chatgpt")).json()) as {
      tools: { slug: string }[];
    };
    expect(search.tools.map((t) => t.slug)).not.toContain(a.slug);

    const audit = JSON.stringify(await listAudit(db(), {} as never));
    expect(audit).toContain("tool.merge");
    expect(await count(sql`SELECT count(*)::int AS n FROM tool_merges WHERE from_slug = ${a.slug}`)).toBe(1);
  });

  it("refuses a second merge of A, a merge into itself and a merge into an archived tool, changing nothing", async () => {
    const a = await tool("chatgpt-2");
    const b = await tool("chatgpt");
    const post = (from: string, into: string) =>
      admin.client.fetch(`/api/admin/tools/${from}/merge`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ into }),
      });
    const again = await post(a.id, b.id);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toMatch(/already merged/);
    expect((await post(b.id, b.id)).status).toBe(400);
    expect((await post(b.id, a.id)).status).toBe(409);
    expect((await post(b.id, "no-such-tool")).status).toBe(404);
    expect((await tool(b.slug)).status).toBe("active");
  });

  it("carries reviews, helpful votes, a poll and its votes, corrections and their votes, and list entries", async () => {
    const a = await tool("grammarly");
    const b = await tool("midjourney");
    const json = async <T>(res: Response, status = 200): Promise<T> => {
      if (res.status !== status && !(status === 200 && res.status === 201)) {
        throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
      }
      return (await res.json()) as T;
    };
    type Id = { id: string };
    const review = (m: Member, t: ToolFacts, rating: number) =>
      m.client
        .json(`/api/tools/${t.id}/reviews/mine`, "PUT", { rating, comment: `A considered review, ${rating} stars.` })
        .then((r) => json<{ review: Id }>(r));
    const r1 = await review(member, a, 4);
    await review(other, a, 2);
    // The same member on both listings: the newer review (on B) is the one kept.
    await review(other, b, 5);
    await json(await admin.client.json(`/api/reviews/${r1.review.id}/helpful`, "POST", {}));
    const { poll } = await json<{ poll: Id }>(
      await admin.client.json(`/api/admin/tools/${a.id}/polls`, "POST", {
        question: "Worth it?",
        options: ["Yes", "No"],
      }),
    );
    await json(await member.client.json(`/api/tools/${a.id}/poll/vote`, "POST", { pollId: poll.id, optionIndex: 0 }));
    const { correction } = await json<{ correction: Id }>(
      await member.client.json("/api/community/corrections", "POST", {
        toolId: a.id,
        field: "price",
        value: "$9/month",
      }),
    );
    await json(await other.client.json(`/api/community/corrections/${correction.id}/vote`, "POST", {}));
    const { topList } = await json<{ topList: Id }>(
      await member.client.json("/api/top-lists", "POST", { title: "Writing and images", isPublic: true }),
    );
    for (const t of [a, b])
      await json(await member.client.json(`/api/top-lists/${topList.id}/items`, "POST", { toolId: t.id }));

    const both = sql`(${a.id}::uuid, ${b.id}::uuid)`;
    const before = {
      helpful: await count(
        sql`SELECT count(*)::int AS n FROM review_votes v JOIN reviews r ON r.id = v.review_id WHERE r.tool_id IN ${both}`,
      ),
      pollVotes: await count(
        sql`SELECT count(*)::int AS n FROM poll_votes v JOIN polls p ON p.id = v.poll_id WHERE p.tool_id IN ${both}`,
      ),
      corrections: await count(sql`SELECT count(*)::int AS n FROM corrections WHERE tool_id IN ${both}`),
      correctionVotes: await count(
        sql`SELECT count(*)::int AS n FROM correction_votes v JOIN corrections c ON c.id = v.correction_id WHERE c.tool_id IN ${both}`,
      ),
    };
    expect(before).toEqual({ helpful: 1, pollVotes: 1, corrections: 1, correctionVotes: 1 });

    const res = await admin.client.json(`/api/admin/tools/${a.id}/merge`, "POST", { into: b.id });
    expect(res.status).toBe(200);

    // Reviews: three before, one member had one on each listing → two on B, the newer kept.
    const reviews = await queryRows<{ rating: number; user_id: string }>(
      db(),
      sql`SELECT rating, user_id FROM reviews WHERE tool_id = ${b.id}::uuid ORDER BY rating`,
    );
    expect(reviews.map((r) => r.rating)).toEqual([4, 5]);
    expect(await count(sql`SELECT count(*)::int AS n FROM reviews WHERE tool_id = ${a.id}::uuid`)).toBe(0);
    const [kept] = await queryRows<{ rating: number; review_count: number }>(
      db(),
      sql`SELECT rating::float8 AS rating, review_count FROM tools WHERE id = ${b.id}::uuid`,
    );
    expect(kept).toEqual({ rating: 4.5, review_count: 2 });
    // Votes, the poll, the correction and its vote now hang off B; nothing was lost.
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM review_votes v JOIN reviews r ON r.id = v.review_id WHERE r.tool_id = ${b.id}::uuid`,
      ),
    ).toBe(before.helpful);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM poll_votes v JOIN polls p ON p.id = v.poll_id WHERE p.tool_id = ${b.id}::uuid`,
      ),
    ).toBe(before.pollVotes);
    expect(await count(sql`SELECT count(*)::int AS n FROM corrections WHERE tool_id = ${b.id}::uuid`)).toBe(
      before.corrections,
    );
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM correction_votes v JOIN corrections c ON c.id = v.correction_id WHERE c.tool_id = ${b.id}::uuid`,
      ),
    ).toBe(before.correctionVotes);
    // The list held both: one entry remains, for B.
    const items = await queryRows<{ tool_id: string }>(
      db(),
      sql`SELECT tool_id::text AS tool_id FROM top_list_items WHERE list_id = ${topList.id}::uuid`,
    );
    expect(items).toEqual([{ tool_id: b.id }]);
  });
});
