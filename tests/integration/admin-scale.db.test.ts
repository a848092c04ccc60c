import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DUPLICATES_REFRESH_JOB,
  getFactHistory,
  refreshDuplicateCandidates,
} from "../../server/modules/catalog/index.ts";
import { listAudit } from "../../server/platform/audit.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Issue 21, "an admin built to scale": the grouped navigation with pending counts and its phone menu,
 * sortable and paged tables (a whitelist: a bad sort is ignored, never a 500), bulk actions on tools
 * (one transaction, audited, facts recorded), the audit log's names and filters, and /admin/duplicates
 * reading the candidate table the refresh job fills.
 */
let server: TestServer;
let admin: Member;

beforeAll(async () => {
  // The duplicate finder runs as a job here: its page is under test.
  server = await startTestServer({ pages: true, maintenanceJobs: "run" });
  admin = await createMember(server, { role: "admin", name: "Ada Admin" });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.services.db;

async function ids(...slugs: string[]): Promise<string[]> {
  const rows = await queryRows<{ id: string; slug: string }>(
    db(),
    sql`SELECT id::text AS id, slug FROM tools WHERE slug IN (${sql.join(
      slugs.map((s) => sql`${s}`),
      sql`, `,
    )})`,
  );
  return slugs.map((s) => {
    const hit = rows.find((r) => r.slug === s);
    if (!hit) throw new Error(`seed tool ${s} missing`);
    return hit.id;
  });
}

async function toolState(id: string) {
  const [row] = await queryRows<{ status: string; is_featured: boolean; category_id: number }>(
    db(),
    sql`SELECT status::text AS status, is_featured, category_id FROM tools WHERE id = ${id}::uuid`,
  );
  return row;
}

/** Posts the bulk form as a browser does: one `ids` per checked row. */
function bulk(fields: Record<string, string>, toolIds: string[]) {
  const body = new URLSearchParams({ intent: "bulk", ...fields });
  for (const id of toolIds) body.append("ids", id);
  return admin.client.fetch("/admin/tools", { method: "POST", body });
}

describe("navigation", () => {
  it("groups the sections with pending counts, and gives phones one menu that works without JavaScript", async () => {
    const html = await (await admin.client.fetch("/admin")).text();
    for (const group of ["Catalogue", "Community", "Content", "People", "Money", "System"])
      expect(html).toContain(group);
    for (const to of ["/admin/categories", "/admin/imports", "/admin/payouts", "/admin/duplicates", "/admin/audit"])
      expect(html).toContain(`href="${to}"`);
    expect(html).toContain('data-testid="admin-menu"');
    expect(html).toMatch(/<details[^>]*data-testid="admin-menu"/);
    expect(html).toContain("Menu · ");
  });
});

describe("sortable, paged tables", () => {
  it("sorts the tools by a whitelisted column, both ways, and pages", async () => {
    const names = async (q: string) => {
      const html = await (await admin.client.fetch(`/admin/tools?${q}`)).text();
      return [...html.matchAll(/data-testid="tool-row".*?<td class="py-2 pr-3 font-medium">([^<]+)<\/td>/gs)].map(
        (m) => m[1] as string,
      );
    };
    const asc = await names("sort=name&dir=asc");
    expect(asc.length).toBeGreaterThan(5);
    expect([...asc].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))).toEqual(asc);
    const desc = await names("sort=name&dir=desc");
    expect(desc[0]?.toLowerCase().localeCompare(desc.at(-1)?.toLowerCase() ?? "")).toBeGreaterThan(0);
    const page2 = await names("sort=name&dir=asc&page=2");
    expect(page2[0]).not.toBe(asc[0]);
    expect(page2.some((n) => asc.includes(n))).toBe(false);
  });

  it("ignores a sort column or direction that is not on the list (never a 500), on every sorted table and the API", async () => {
    const odd = [
      "sort=__proto__&dir=sideways",
      "sort=t.id;DROP%20TABLE%20tools&dir=asc",
      "sort[]=name&dir[]=asc",
      "sort=name&dir=%00",
      "sort=constructor&page=-4",
    ];
    for (const q of odd) {
      for (const path of ["/admin/tools", "/admin/users", "/admin/audit", "/api/admin/tools", "/api/admin/audit"]) {
        const res = await admin.client.fetch(`${path}?${q}`);
        expect(res.status, `${path}?${q}`).toBeLessThan(500);
        expect([200, 400], `${path}?${q}`).toContain(res.status);
        await res.body?.cancel();
      }
    }
    const html = await (await admin.client.fetch("/admin/tools?sort=__proto__")).text();
    expect(html).toContain('data-testid="tool-row"');
  });

  it("sorts users, marking the sorted column with aria-sort", async () => {
    const users = await (await admin.client.fetch("/admin/users?sort=email&dir=asc")).text();
    expect(users).toMatch(/aria-sort="ascending"[^>]*>\s*<a[^>]*>E-mail/);
  });
});

describe("bulk actions on tools", () => {
  it("features, moves and deactivates the selected tools in one go, each audited, facts recorded", async () => {
    const [a, b] = await ids("notion-ai", "grammarly");
    if (!a || !b) throw new Error("seed");
    expect((await bulk({ action: "unfeature" }, [a, b])).status).toBe(200);
    const feature = await bulk({ action: "feature" }, [a, b]);
    expect(feature.status).toBe(200);
    expect(await feature.text()).toMatch(/tools? featured/);
    expect((await toolState(a))?.is_featured).toBe(true);
    expect((await toolState(b))?.is_featured).toBe(true);

    const [other] = await queryRows<{ id: number; name: string }>(
      db(),
      sql`SELECT id, name FROM categories WHERE id <> (SELECT category_id FROM tools WHERE id = ${a}::uuid) ORDER BY id LIMIT 1`,
    );
    if (!other) throw new Error("a second category");
    const moved = await bulk({ action: "category", category: String(other.id) }, [a, b]);
    expect(moved.status).toBe(200);
    expect((await toolState(a))?.category_id).toBe(other.id);
    const history = await getFactHistory(db(), a);
    expect(history.some((h) => h.field === "category")).toBe(true);

    const unfeature = await bulk({ action: "unfeature" }, [a]);
    expect(unfeature.status).toBe(200);
    expect((await toolState(a))?.is_featured).toBe(false);

    // Archiving asks first: without the ticked box nothing changes (issue 31).
    const unconfirmed = await bulk({ action: "deactivate" }, [b]);
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain("Yes, archive them");
    expect((await toolState(b))?.status).toBe("active");
    const off = await bulk({ action: "deactivate", confirm: "on" }, [b]);
    expect(off.status).toBe(200);
    expect((await toolState(b))?.status).toBe("archived");
    // …and is undone the same way: a bulk restore lists them again, audited.
    const back = await bulk({ action: "restore" }, [b]);
    expect(back.status).toBe(200);
    expect((await toolState(b))?.status).toBe("active");
    expect((await listAudit(db(), { target_id: b, limit: 50 })).entries.map((e) => e.action)).toContain("tool.restore");
    expect((await bulk({ action: "deactivate", confirm: "on" }, [b])).status).toBe(200);

    const ofA = (await listAudit(db(), { target_id: a, limit: 50 })).entries;
    expect(ofA.map((e) => e.action)).toEqual(expect.arrayContaining(["tool.feature", "tool.update"]));
    expect(ofA.filter((e) => e.action === "tool.feature").map((e) => e.after)).toEqual(
      expect.arrayContaining([{ is_featured: true }, { is_featured: false }]),
    );
    const ofB = (await listAudit(db(), { target_id: b, limit: 50 })).entries;
    expect(ofB.map((e) => e.action)).toContain("tool.archive");
    expect([...ofA, ...ofB].every((e) => e.reason?.startsWith("bulk "))).toBe(true);
  });

  it("changes nothing when one of the selection is unknown, and refuses a bad request with 400 at its field", async () => {
    const [a] = await ids("midjourney");
    if (!a) throw new Error("seed");
    const before = await toolState(a);
    const missing = await bulk({ action: "feature" }, [a, "5b0d7c4e-8f1a-4c3e-9d2b-1a2b3c4d5e6f"]);
    expect(missing.status).toBe(404);
    expect(await toolState(a)).toEqual(before);
    expect((await bulk({ action: "feature" }, [])).status).toBe(400);
    expect((await bulk({ action: "explode" }, [a])).status).toBe(400);
    expect((await bulk({ action: "feature" }, ["not-a-uuid"])).status).toBe(400);
    const noCategory = await bulk({ action: "category" }, [a]);
    expect(noCategory.status).toBe(400);
    expect(await noCategory.text()).toContain("Choose the category");
    const unknownCategory = await bulk({ action: "category", category: "Quantum Stuff" }, [a]);
    expect(unknownCategory.status).toBe(400);
    expect(await toolState(a)).toEqual(before);
  });
});

describe("audit log", () => {
  it("names and links actor and target, and filters by actor, action (a select) and target", async () => {
    const [a] = await ids("notion-ai");
    const page = await (await admin.client.fetch("/admin/audit?action=tool.feature")).text();
    expect(page).toContain("Ada Admin");
    expect(page).toContain('href="/tools/notion-ai"');
    expect(page).toMatch(/<select[^>]*name="action"/);
    expect(page).toContain('<option value="tool.archive">');
    expect(page).toContain("<details");
    const rows = (html: string) => (html.match(/data-testid="audit-row"/g) ?? []).length;
    const bySlug = await (await admin.client.fetch("/admin/audit?target=notion-ai")).text();
    const byId = await (await admin.client.fetch(`/admin/audit?target=${a}`)).text();
    expect(rows(bySlug)).toBeGreaterThan(0);
    expect(rows(bySlug)).toBe(rows(byId));
    const byActor = await (await admin.client.fetch(`/admin/audit?actor=${encodeURIComponent(admin.email)}`)).text();
    expect(rows(byActor)).toBeGreaterThan(0);
    const nobody = await (await admin.client.fetch("/admin/audit?actor=nobody-at-all")).text();
    expect(rows(nobody)).toBe(0);
    const sorted = await (await admin.client.fetch("/admin/audit?sort=action&dir=desc")).text();
    expect(sorted).toMatch(/aria-sort="descending"/);
    const bad = await admin.client.fetch("/admin/audit?action=DROP%20TABLE");
    expect(bad.status).toBe(200);
    expect(await bad.text()).toContain("action must be an action name");
  });
});

describe("duplicates from the precomputed table", () => {
  it("the page reads only the candidate table: a new duplicate shows after the refresh job, not before", async () => {
    await db().execute(sql`DELETE FROM tool_duplicate_candidates`);
    const empty = await (await admin.client.fetch("/admin/duplicates")).text();
    expect(empty).toContain("Candidates not computed yet");
    expect(empty).not.toContain("chatgpt-2");

    // The job is scheduled (every 6 hours, first run at start) and fills the table.
    expect(server.services.jobs.recurringTypes()).toContain(DUPLICATES_REFRESH_JOB);
    await server.services.jobs.runDue();
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM tool_duplicate_candidates`,
    );
    expect(n).toBeGreaterThan(0);
    const filled = await (await admin.client.fetch("/admin/duplicates")).text();
    expect(filled).toContain("/chatgpt-2");
    expect(filled).toContain("Candidates computed");

    // What the finder would propose now does not reach the page until the table is refreshed.
    await db().execute(sql`DELETE FROM tool_duplicate_candidates`);
    await db().execute(
      sql`INSERT INTO tool_duplicate_candidates (tool_a, tool_b, score, reasons, computed_at)
          SELECT a.id, b.id, 0.99, '["Planted by the test"]'::jsonb, now()
          FROM tools a, tools b WHERE a.slug = 'claude' AND b.slug = 'midjourney'`,
    );
    const planted = await (await admin.client.fetch("/admin/duplicates")).text();
    expect(planted).toContain("Planted by the test");
    expect(planted).not.toContain("/chatgpt-2");
    const nav = await (await admin.client.fetch("/admin/tools")).text();
    expect(nav).toMatch(/Duplicates<span[^>]*>1<span class="sr-only"> waiting/);

    await refreshDuplicateCandidates(db(), new Date());
    const again = await (await admin.client.fetch("/admin/duplicates")).text();
    expect(again).not.toContain("Planted by the test");
    expect(again).toContain("/chatgpt-2");
  });

  it("'Refresh now' asks the job; a merge drops the merged tool's pairs at once and asks for a refresh", async () => {
    const refresh = await admin.client.form("/admin/duplicates", { intent: "refresh" });
    expect(refresh.status).toBe(302);
    const pending = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM jobs WHERE type = ${DUPLICATES_REFRESH_JOB} AND status = 'pending'`,
    );
    expect(pending[0]?.n).toBeGreaterThan(0);
    await server.services.jobs.runDue();
    const [a, b] = await ids("chatgpt-2", "chatgpt");
    const merged = await admin.client.form("/admin/duplicates", { intent: "merge", from: a ?? "", into: b ?? "" });
    expect(merged.status).toBe(302);
    const left = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM tool_duplicate_candidates WHERE tool_a = ${a}::uuid OR tool_b = ${a}::uuid`,
    );
    expect(left[0]?.n).toBe(0);
    expect((await admin.client.form("/admin/duplicates", { intent: "merge", from: "x", into: "y" })).status).toBe(400);
    expect((await admin.client.form("/admin/duplicates", { intent: "nonsense" })).status).toBe(400);
  });
});
