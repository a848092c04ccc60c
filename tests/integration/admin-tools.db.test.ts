// engine: both — a failing import write must leave nothing half-written (transaction rollback).
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminToolRow, type EditableTool, parseCsv } from "../../server/modules/catalog/index.ts";
import { listAudit } from "../../server/platform/audit.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Operators' tool management (issue 10, H7): the admin table and API, every-field edits with
 * their audit rows, the public page changing at once, CSV export → re-import (all duplicates),
 * hostile CSV reported per row with nothing half-written, and admins only, always.
 */

type ImportAnswer = {
  success: boolean;
  error?: string;
  dryRun: boolean;
  result: { successCount: number; duplicateCount: number; errorCount: number; total: number };
  report: {
    added: { row: number; name: string; slug: string }[];
    duplicates: { row: number; existing: string }[];
    errors: { row: number; messages: string[] }[];
    warnings: { row: number; message: string }[];
  };
};

let server: TestServer;
let admin: Member;
let member: Member;

beforeAll(async () => {
  server = await startTestServer({ pages: true });
  admin = await createMember(server, { role: "admin", name: "Ada Admin" });
  member = await createMember(server, { tier: "expert" });
});
afterAll(async () => {
  await server?.close();
});

const toolCount = async () =>
  Number((await queryRows<{ n: number }>(server.services.db, sql`SELECT count(*)::int AS n FROM tools`))[0]?.n);

async function toolId(slug: string): Promise<string> {
  const res = await admin.client.fetch(`/api/admin/tools/${slug}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { tool: { id: string } }).tool.id;
}

function uploadCsv(client: Client, csv: string | Uint8Array, opts: { type?: string; dryRun?: boolean } = {}) {
  const form = new FormData();
  form.set("file", new Blob([csv as BlobPart], { type: opts.type ?? "text/csv" }), "tools.csv");
  if (opts.dryRun) form.set("dryRun", "true");
  return client.fetch("/api/admin/tools/import/csv", { method: "POST", body: form });
}

/**
 * A body over the cap, on a connection of its own: the server answers 413 and closes it while the
 * client still writes, which must not break the next request's pooled connection.
 */
function postOnOwnConnection(path: string, csv: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.url}${path}`,
      {
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/json",
          cookie: admin.client.cookieHeader,
          origin: server.url,
          "x-forwarded-for": admin.client.ip,
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify({ csv }));
  });
}

describe("the admin table", () => {
  it("lists every status with filters, paging and the stat cards", async () => {
    const res = await admin.client.fetch("/api/admin/tools?search=midjourney&limit=5");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const body = (await res.json()) as {
      tools: AdminToolRow[];
      pagination: { total: number; limit: number };
      stats: { totalTools: number; approvedTools: number; featuredTools: number; pendingTools: number };
    };
    expect(body.tools.some((t) => t.slug === "midjourney")).toBe(true);
    expect(body.pagination.limit).toBe(5);
    expect(body.stats.totalTools).toBe(await toolCount());
    expect(body.stats.approvedTools).toBeGreaterThan(2000);

    const none = (await (await admin.client.fetch("/api/admin/tools?status=pending")).json()) as {
      tools: unknown[];
    };
    expect(none.tools).toHaveLength(body.stats.pendingTools);
    const byCategory = (await (await admin.client.fetch("/api/admin/tools?category=nosuchcategory")).json()) as {
      tools: unknown[];
    };
    expect(byCategory.tools).toHaveLength(0);
    expect((await admin.client.fetch("/api/admin/tools?status=sold")).status).toBe(400);
    expect((await admin.client.fetch("/api/admin/tools?limit=1000")).status).toBe(400);
  });
});

describe("editing a tool", () => {
  it("saves every field, validated like the importer, with one audit row before → after", async () => {
    const id = await toolId("midjourney");
    const change = {
      one_line_description: "Edited by the admin test",
      full_description: "A longer text written by the admin test.",
      provider: "Midjourney Labs",
      pricing_model: "subscription",
      pricing: { original: "$10", discounted: "$8", discount: "20%", deal_ends: "2027-01-01" },
      tags: ["art", "images"],
      features: "Fast\nSharp",
      use_cases: ["Posters"],
      pros: ["Quality"],
      cons: ["No free tier"],
      alternatives: ["DALL-E"],
      screenshots: ["https://example.com/shot.png"],
      logo_url: "https://example.com/logo.png",
      demo_url: "https://example.com/demo",
      affiliate_url: "https://example.com/aff",
      source_url: "https://github.com/example/midjourney",
      preview_image_url: "https://example.com/preview.png",
      is_verified: true,
      needs_review: false,
      tier: "standard",
      meta_title: "Midjourney meta",
      meta_description: "Meta description",
      meta_keywords: "art, images",
    };
    const res = await admin.client.json(`/api/admin/tools/${id}`, "PUT", change);
    expect(res.status).toBe(200);
    const { tool } = (await res.json()) as { tool: EditableTool };
    expect(tool).toMatchObject({ ...change, features: ["Fast", "Sharp"] });

    const [entry] = (await listAudit(server.services.db, { target_id: id })).entries;
    expect(entry).toMatchObject({ actor_id: admin.id, action: "tool.update", target_type: "tool" });
    expect(entry?.after).toMatchObject({ one_line_description: "Edited by the admin test", tier: "standard" });
    expect(entry?.before).toHaveProperty("one_line_description");

    // The same values again change nothing and record nothing.
    const count = (await listAudit(server.services.db, { target_id: id })).total;
    const again = await admin.client.json(`/api/admin/tools/${id}`, "PUT", change);
    expect(((await again.json()) as { changed: string[] }).changed).toEqual([]);
    expect((await listAudit(server.services.db, { target_id: id })).total).toBe(count);
  });

  it("refuses bad fields with the spec's messages and leaves the tool and the log as they were", async () => {
    const id = await toolId("midjourney");
    const before = await (await admin.client.fetch(`/api/admin/tools/${id}`)).json();
    const count = (await listAudit(server.services.db, { target_id: id })).total;
    const cases: [unknown, number, string][] = [
      [{ name: "" }, 400, "Tool name is required"],
      [{ website_url: "javascript:alert(1)" }, 400, "Valid URL is required"],
      [{ category: "" }, 400, "Category is required"],
      [{ category: "no-such-category" }, 400, "Unknown category"],
      [{ status: "sold" }, 400, "status must be"],
      [{ tier: "gold" }, 400, "tier must be"],
      [{ one_line_description: "x".repeat(1_001) }, 400, "at most 1000"],
      [{ logo_url: "ftp://example.com/x.png" }, 400, "Logo URL must be an http(s) URL"],
      [{ name: "Bad\u0007Name" }, 400, "U+0007"],
      [{ tags: 5 }, 400, "tags"],
      [{}, 400, "at least one field"],
      // The same name and domain as another tool: the importer's de-duplication key.
      [{ name: "ChatGPT", website_url: "https://chatgpt.com" }, 409, "already listed"],
    ];
    for (const [body, status, message] of cases) {
      const res = await admin.client.json(`/api/admin/tools/${id}`, "PUT", body);
      const answer = (await res.json()) as { error: string };
      expect({ body, status: res.status }).toEqual({ body, status });
      expect(answer.error).toContain(message);
    }
    expect((await admin.client.fetch("/api/admin/tools/not-a-tool")).status).toBe(404);
    expect(await (await admin.client.fetch(`/api/admin/tools/${id}`)).json()).toEqual(before);
    expect((await listAudit(server.services.db, { target_id: id })).total).toBe(count);
  });

  it("the public tool page shows an edit at once (the page cache follows the content version)", async () => {
    const visitor = new Client(server);
    const page = async () => (await visitor.fetch("/tools/claude")).text();
    expect(await page()).not.toContain("Rewritten for the cache test");
    await page(); // now cached
    const id = await toolId("claude");
    const res = await admin.client.json(`/api/admin/tools/${id}`, "PUT", {
      one_line_description: "Rewritten for the cache test",
    });
    expect(res.status).toBe(200);
    expect(await page()).toContain("Rewritten for the cache test");
  });

  it("archive hides a tool from the public and restore brings it back; feature and tier have their own rows", async () => {
    const id = await toolId("perplexity-ai");
    const visitor = new Client(server);
    expect((await visitor.fetch("/api/tools/perplexity-ai")).status).toBe(200);
    expect((await admin.client.json(`/api/admin/tools/${id}`, "PUT", { status: "archived" })).status).toBe(200);
    expect((await visitor.fetch("/api/tools/perplexity-ai")).status).toBe(404);
    expect((await admin.client.json(`/api/admin/tools/${id}`, "PUT", { status: "active" })).status).toBe(200);
    expect((await visitor.fetch("/api/tools/perplexity-ai")).status).toBe(200);
    const featured = ((await (await admin.client.fetch(`/api/admin/tools/${id}`)).json()) as { tool: EditableTool })
      .tool.is_featured;
    expect((await admin.client.json(`/api/admin/tools/${id}`, "PUT", { is_featured: !featured })).status).toBe(200);
    const actions = (await listAudit(server.services.db, { target_id: id })).entries.map((e) => e.action);
    expect(actions).toEqual(["tool.feature", "tool.restore", "tool.archive"]);
  });

  it("creates a tool with every field; a second one with the same name and domain is a 409", async () => {
    const body = {
      name: "Admin Made Tool",
      one_line_description: "Made in the admin dialog",
      category: "Writing",
      website_url: "https://admin-made.example.com",
      tags: ["made"],
      tier: "expert",
    };
    const res = await admin.client.json("/api/admin/tools", "POST", body);
    expect(res.status).toBe(201);
    const { tool } = (await res.json()) as { tool: EditableTool & { id: string } };
    expect(tool).toMatchObject({ name: "Admin Made Tool", slug: "admin-made-tool", tier: "expert", status: "active" });
    const [entry] = (await listAudit(server.services.db, { target_id: tool.id })).entries;
    expect(entry).toMatchObject({ action: "tool.create", after: { name: "Admin Made Tool" } });
    const again = await admin.client.json("/api/admin/tools", "POST", {
      ...body,
      website_url: "http://www.admin-made.example.com/",
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toContain("/tools/admin-made-tool");
  });
});

describe("CSV export and import", () => {
  it("export → re-import of the same file adds 0 and lists every row as a duplicate", async () => {
    const res = await admin.client.fetch("/api/admin/tools/export.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const { rows } = parseCsv(Buffer.from(bytes));
    expect(rows).toHaveLength(await toolCount());
    expect(rows.find((r) => r.slug === "midjourney")).toMatchObject({
      one_line_description: "Edited by the admin test",
      tier: "standard",
      pricing_original: "$10",
    });

    const before = await toolCount();
    const imported = await uploadCsv(admin.client, bytes);
    expect(imported.status).toBe(200);
    const answer = (await imported.json()) as ImportAnswer;
    expect(answer.result).toMatchObject({ successCount: 0, errorCount: 0, duplicateCount: rows.length });
    expect(await toolCount()).toBe(before);
  });

  it("neutralises formula cells in the export, and the importer reads them back as text", async () => {
    const created = await admin.client.json("/api/admin/tools", "POST", {
      name: "Formula Probe",
      one_line_description: "-5% fees for everyone",
      category: "Writing",
      website_url: "https://formula-probe.example.com",
      pros: ["@mentions work"],
      meta_title: '=HYPERLINK("http://evil.example")',
    });
    expect(created.status).toBe(201);
    const csv = await (await admin.client.fetch("/api/admin/tools/export.csv?search=formula%20probe")).text();
    const { rows } = parseCsv(csv);
    expect(rows).toHaveLength(1);
    const row = rows[0] as Record<string, string>;
    expect(row.one_line_description).toBe("'-5% fees for everyone");
    expect(row.pros).toBe("'@mentions work");
    expect(row.meta_title).toBe('HYPERLINK("http://evil.example")');
    for (const value of Object.values(row)) expect(value).not.toMatch(/^[=+\-@\t\r]/);
    const dry = (await (await uploadCsv(admin.client, csv, { dryRun: true })).json()) as ImportAnswer;
    expect(dry.result).toMatchObject({ successCount: 0, duplicateCount: 1 });
  });

  it("a dry run reports without writing; the import then adds in one go", async () => {
    const csv =
      "name,official_url,category_name,tags\nDry Run One,https://dry-one.example.com,Writing,a;b\nDry Run Two,https://dry-two.example.com,Writing,\n";
    const before = await toolCount();
    const dry = (await (await uploadCsv(admin.client, csv, { dryRun: true })).json()) as ImportAnswer;
    expect(dry).toMatchObject({ success: true, dryRun: true, result: { successCount: 2 } });
    expect(await toolCount()).toBe(before);
    const real = (await (await uploadCsv(admin.client, csv)).json()) as ImportAnswer;
    expect(real.result.successCount).toBe(2);
    expect(await toolCount()).toBe(before + 2);
    const { entries } = await listAudit(server.services.db, { action: "catalog.import" });
    expect(entries[0]).toMatchObject({ actor_id: admin.id, after: { added: 2 } });
  });

  it("the hostile CSV is reported row by row, and a failing write leaves nothing half", async () => {
    const huge = "y".repeat(1024 * 1024);
    const lines = [
      "name,official_url,category_name,one_line_description,rating,tags",
      `=cmd|' /C calc'!A0,https://hostile-1.example.com,Writing,=1+1,abc,"x;y"`,
      `Hostile Two,https://hostile-2.example.com,Writing,${huge},5,`,
      "Hostile Three,not a url,Writing,ok,1,",
      ",https://hostile-4.example.com,Writing,no name,,",
      "Hostile Five,https://hostile-5.example.com,Writing,fine,12,[1,2",
    ];
    const bytes = Buffer.concat([
      Buffer.from(`${lines.join("\n")}\n`),
      Buffer.from("Bad \xff UTF8,https://hostile-6.example.com,Writing,x,,\n", "latin1"),
    ]);
    const before = await toolCount();
    const res = await uploadCsv(admin.client, bytes, { dryRun: true });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as ImportAnswer;
    const errorRows = answer.report.errors.map((e) => e.row).sort();
    expect(errorRows).toEqual([2, 3, 4, 5, 7]);
    const messages = Object.fromEntries(answer.report.errors.map((e) => [e.row, e.messages.join(" ")]));
    // Formula-like cells are refused, not stripped (issue 31): the DDE name and the =1+1 description.
    expect(messages[2]).toContain("looks like a spreadsheet formula");
    expect(messages[3]).toContain("Description must be at most");
    expect(messages[4]).toContain("Valid URL is required");
    expect(messages[5]).toContain("Tool name is required");
    expect(messages[7]).toContain("not valid UTF-8");
    expect(answer.report.added.map((a) => a.row)).toEqual([6]);
    expect(await toolCount()).toBe(before);

    // The real import: the valid rows, whole, in one transaction; the bad ones not at all.
    const real = (await (await uploadCsv(admin.client, bytes)).json()) as ImportAnswer;
    expect(real.result).toMatchObject({ successCount: 1, errorCount: 5 });
    expect(await toolCount()).toBe(before + 1);
    const added = await queryRows<{ name: string; description: string; tags: string[] }>(
      server.services.db,
      sql`SELECT name, description, tags FROM tools WHERE website_url LIKE 'https://hostile-%' ORDER BY name`,
    );
    expect(added.map((t) => t.name)).toEqual(["Hostile Five"]);

    // Wrong type and missing columns: one clear answer for the whole file.
    expect(
      ((await (await uploadCsv(admin.client, bytes, { type: "application/pdf" })).json()) as ImportAnswer).error,
    ).toBe("Please select a valid CSV file");
    const missing = await uploadCsv(admin.client, "title_of_thing,description\nA,B\n");
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ImportAnswer).error).toContain("header row");
    expect(await postOnOwnConnection("/api/admin/tools/import/csv", "x".repeat(6 * 1024 * 1024))).toBe(413);
    expect(await toolCount()).toBe(before + 1);
  });

  it("filePath reads only from the data/import folder", async () => {
    for (const filePath of ["../../etc/passwd", "/etc/passwd", "../auth-secret", "x.csv"]) {
      const res = await admin.client.json("/api/admin/tools/import/csv", "POST", { filePath });
      expect([400, 404]).toContain(res.status);
    }
  });

  it("bulk-import takes JSON rows; import-full-csv re-imports the bundled catalogue (all duplicates)", async () => {
    const res = await admin.client.json("/api/admin/tools/bulk-import", "POST", {
      tools: [
        { name: "Bulk One", official_url: "https://bulk-one.example.com", category: "Writing", tags: ["a", "b"] },
        { name: "", official_url: "https://bulk-two.example.com" },
      ],
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as ImportAnswer;
    expect(answer.result).toMatchObject({ successCount: 1, errorCount: 1 });
    expect((await admin.client.json("/api/admin/tools/bulk-import", "POST", { tools: "nope" })).status).toBe(400);

    const full = await admin.client.fetch("/api/admin/tools/import-full-csv", { method: "POST" });
    expect(full.status).toBe(200);
    const fullAnswer = (await full.json()) as {
      result: { successCount: number; errorCount: number; total: number };
      details: { errors: unknown[] };
    };
    expect(fullAnswer.result).toMatchObject({ successCount: 0, errorCount: 0, total: 2658 });
    expect(fullAnswer.details.errors).toEqual([]);
  });
});

describe("admins only, always", () => {
  const calls: [string, string, unknown?][] = [
    ["GET", "/api/admin/tools"],
    ["GET", "/api/admin/tools/midjourney"],
    ["GET", "/api/admin/tools/export.csv"],
    ["POST", "/api/admin/tools", { name: "X" }],
    ["PUT", "/api/admin/tools/midjourney", { name: "Hacked" }],
    ["POST", "/api/admin/tools/import/csv", { csv: "name,url\nX,https://x.example.com\n" }],
    ["POST", "/api/admin/tools/import-full-csv"],
    ["POST", "/api/admin/tools/bulk-import", { tools: [{ name: "X", url: "https://x.example.com" }] }],
  ];
  it("visitors get 401 and members 403, on the API and the pages, with no data", async () => {
    const visitor = new Client(server);
    for (const [method, path, body] of calls) {
      expect({ path, status: (await visitor.json(path, method, body)).status }).toEqual({ path, status: 401 });
      expect({ path, status: (await member.client.json(path, method, body)).status }).toEqual({ path, status: 403 });
    }
    for (const path of ["/admin/tools", "/admin/tools.data", "/admin/tools/new", "/admin/tools/export.csv"]) {
      const v = await visitor.fetch(path);
      expect({ path, status: v.status }).toEqual({ path, status: 401 });
      const m = await member.client.fetch(path);
      expect({ path, status: m.status }).toEqual({ path, status: 403 });
      const text = await m.text();
      expect(text).not.toContain("midjourney");
    }
    const id = await toolId("midjourney");
    const m = await member.client.fetch(`/admin/tools/${id}/edit`);
    expect(m.status).toBe(403);
    expect((await admin.client.fetch(`/api/admin/tools/${id}`)).status).toBe(200);
  });
});

describe("the admin tools pages (forms without JavaScript)", () => {
  /** The edit page's form as a browser would send it: every field, lists one per line. */
  function formOf(tool: EditableTool): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(tool)) {
      if (k === "id") continue;
      if (k === "pricing") {
        for (const [pk, pv] of Object.entries(v as Record<string, string>)) out[`pricing_${pk}`] = pv;
      } else if (Array.isArray(v)) out[k] = v.join("\n");
      else if (typeof v === "boolean") {
        if (v) out[k] = "on";
      } else out[k] = String(v);
    }
    return out;
  }

  it("the table, the edit page and its save: the public page shows the change at once", async () => {
    const page = await admin.client.fetch("/admin/tools?search=notion");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Total tools");
    expect(html).toContain("Export CSV");

    const id = await toolId("notion-ai");
    const edit = await admin.client.fetch(`/admin/tools/${id}/edit`);
    expect(edit.status).toBe(200);
    expect(await edit.text()).toContain('name="meta_keywords"');

    const visitor = new Client(server);
    expect(await (await visitor.fetch("/tools/notion-ai")).text()).not.toContain("Saved from the edit page");
    const { tool } = (await (await admin.client.fetch(`/api/admin/tools/${id}`)).json()) as { tool: EditableTool };
    const saved = await admin.client.form(`/admin/tools/${id}/edit?back=search%3Dnotion`, {
      ...formOf(tool),
      one_line_description: "Saved from the edit page",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toMatch(/^\/admin\/tools\?search=notion&notice=Saved/);
    expect(await (await visitor.fetch("/tools/notion-ai")).text()).toContain("Saved from the edit page");
    const [entry] = (await listAudit(server.services.db, { target_id: id })).entries;
    expect(entry).toMatchObject({ action: "tool.update", after: { one_line_description: "Saved from the edit page" } });
    // Only the field that changed is recorded.
    expect(Object.keys(entry?.after ?? {})).toEqual(["one_line_description"]);

    const bad = await admin.client.form(`/admin/tools/${id}/edit`, { ...formOf(tool), website_url: "not a url" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Valid URL is required");
  });

  it("archive, restore, feature and tier from the table", async () => {
    const id = await toolId("notion-ai");
    const post = (fields: Record<string, string>) => admin.client.form("/admin/tools", { id, ...fields });
    expect((await post({ intent: "archive" })).status).toBe(200);
    expect((await new Client(server).fetch("/tools/notion-ai")).status).toBe(404);
    expect((await post({ intent: "restore" })).status).toBe(200);
    // Restore is for archived tools only: it does not publish a draft or a rejected tool.
    expect((await admin.client.json(`/api/admin/tools/${id}`, "PUT", { status: "draft" })).status).toBe(200);
    const restoreDraft = await post({ intent: "restore" });
    expect(restoreDraft.status).toBe(400);
    expect((await admin.client.json(`/api/admin/tools/${id}`, "PUT", { status: "active" })).status).toBe(200);
    expect((await post({ intent: "tier", tier: "expert" })).status).toBe(200);
    expect((await post({ intent: "tier", tier: "gold" })).status).toBe(400);
    expect((await post({ intent: "feature", featured: "on" })).status).toBe(200);
    const { tool } = (await (await admin.client.fetch(`/api/admin/tools/${id}`)).json()) as { tool: EditableTool };
    expect(tool).toMatchObject({ status: "active", tier: "expert", is_featured: true });
    expect((await post({ intent: "nonsense" })).status).toBe(400);
  });

  it("CSV import on the page: only text/csv, a dry run shows the report, export downloads", async () => {
    const upload = (body: string, type: string, intent: string) => {
      const form = new FormData();
      form.set("intent", intent);
      form.set("file", new Blob([body], { type }), "tools.csv");
      return admin.client.fetch("/admin/tools", { method: "POST", body: form });
    };
    const wrong = await upload("name,official_url\nX,https://x.example.com\n", "application/pdf", "dry-run");
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Please select a valid CSV file");
    const before = await toolCount();
    const dry = await upload(
      "name,official_url,category_name\nPage Import,https://page-import.example.com,Writing\n,https://x.example.com,Writing\n",
      "text/csv",
      "dry-run",
    );
    expect(dry.status).toBe(200);
    const html = await dry.text();
    expect(html).toContain("Dry run: nothing was written");
    expect(html).toContain("Row 3: Tool name is required");
    expect(await toolCount()).toBe(before);
    const real = await upload(
      "name,official_url,category_name\nPage Import,https://page-import.example.com,Writing\n",
      "text/csv",
      "import",
    );
    expect(real.status).toBe(200);
    expect(await toolCount()).toBe(before + 1);

    const csv = await admin.client.fetch("/admin/tools/export.csv?search=page%20import");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toContain("attachment");
    const { rows } = parseCsv(Buffer.from(await csv.arrayBuffer()));
    expect(rows.map((r) => r.name)).toEqual(["Page Import"]);
  });
});

describe("hostile input from an admin", () => {
  it("every admin tools endpoint and page answers odd bodies and queries below 500", async () => {
    const id = await toolId("midjourney");
    const bodies: [string | undefined, string | Uint8Array][] = [
      ["application/json", '{"name": "x", '],
      ["application/json", '[1, "two", {"three": 3}]'],
      [
        "application/json",
        '{"__proto__": {"admin": true}, "constructor": {"prototype": 1}, "name": {"toString": 1}, "tags": [{}], "pricing": "x", "tools": [{"__proto__": "x"}], "csv": 5, "filePath": ["x"], "dryRun": "maybe"}',
      ],
      [
        "application/json",
        '{"tools": [{"name": null, "official_url": [1, 2], "__proto__": {"x": 1}}], "csv": "\\u0000"}',
      ],
      ["application/json", JSON.stringify({ csv: 'name,official_url\n"unterminated,https://x.example.com\n' })],
      ["multipart/form-data; boundary=XyZ", '--XyZ\r\nContent-Disposition: form-data; name="file"\r\n\r\na'],
      ["multipart/form-data", "file=a"],
      [
        "application/x-www-form-urlencoded",
        "__proto__[x]=1&intent=__proto__&intent=toString&id=constructor&tier=__proto__&name=%E0%A4%A",
      ],
      ["application/octet-stream", new Uint8Array([0xff, 0xfe, 0x00, 0x80])],
      [undefined, ""],
    ];
    const targets: [string, string][] = [
      ["POST", "/api/admin/tools"],
      ["PUT", `/api/admin/tools/${id}`],
      ["PUT", "/api/admin/tools/%E0%A4%A"],
      ["POST", "/api/admin/tools/import/csv"],
      ["POST", "/api/admin/tools/bulk-import"],
      ["POST", "/admin/tools"],
      ["POST", "/admin/tools/new"],
      ["POST", `/admin/tools/${id}/edit`],
      ["POST", "/admin/tools/not-a-uuid/edit"],
    ];
    const failures: string[] = [];
    const before = await toolCount();
    for (const [method, path] of targets) {
      for (const [type, body] of bodies) {
        const res = await admin.client.fetch(path, {
          method,
          headers: type ? { "content-type": type } : {},
          body: body as BodyInit,
        });
        if (res.status >= 500) failures.push(`${method} ${path} ${type}: ${res.status}`);
        await res.body?.cancel();
      }
    }
    for (const q of [
      "?page=-1&limit=abc",
      "?status=__proto__&category=constructor",
      "?search=%25%5C_%27",
      "?category=99999999999999",
      "?search[]=x&status[]=y",
      "?search=%00&category=%00",
      "?search=a%00b",
      "?category=%E0%A4%A",
    ]) {
      for (const path of [
        "/api/admin/tools",
        "/api/admin/tools/export.csv",
        "/admin/tools",
        "/admin/tools/export.csv",
      ]) {
        const res = await admin.client.fetch(`${path}${q}`);
        if (res.status >= 500) failures.push(`GET ${path}${q}: ${res.status}`);
        await res.body?.cancel();
      }
    }
    for (const path of ["/admin/tools/not-a-uuid/edit", "/api/admin/tools/%00"]) {
      const res = await admin.client.fetch(path);
      if (res.status >= 500 || res.status === 200) failures.push(`GET ${path}: ${res.status}`);
      await res.body?.cancel();
    }
    expect(failures).toEqual([]);
    expect(await toolCount()).toBe(before);
  });
});
