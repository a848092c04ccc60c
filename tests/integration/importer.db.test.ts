// engine: both — an import writes nothing when any insert fails (transaction).
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countTools, getTool, importCsv, SEED_CSV, seedCatalog } from "../../server/modules/catalog/index.ts";
import { systemClock } from "../../server/platform/clock.ts";
import { type Database, queryRows } from "../../server/platform/db/index.ts";
import { ROOT_DIR } from "../../server/platform/paths.ts";
import { createTestDatabase } from "../helpers/db.ts";

/** In the repository (CC BY 4.0, see tests/fixtures/README.md): a clone alone runs this file. */
const SAMPLE = path.join(ROOT_DIR, "tests/fixtures/import-sample.csv");
const HEADER =
  "name,slug,one_line_description,full_description,category_name,official_url,provider_name,pricing_model,tags,features,use_cases";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("the seed", () => {
  it("holds all 2,658 real tools, and a second run adds nothing", async () => {
    expect(await countTools(database.db)).toBe(2658);
    const again = await seedCatalog(database.db, systemClock);
    expect(again.seeded).toBe(false);
    expect(await countTools(database.db)).toBe(2658);
  });

  it("re-importing the seed file reports every row as a duplicate", async () => {
    const report = await importCsv(database.db, readFileSync(SEED_CSV), {
      now: new Date(),
      source: "test",
      dryRun: true,
    });
    expect(report.added).toHaveLength(0);
    expect(report.duplicates).toHaveLength(2658);
  });

  it("keeps the dataset's own slugs and wraps list cells into lists", async () => {
    const tool = await getTool(database.db, "chatgpt-2");
    expect(tool?.name).toBe("ChatGPT");
    const first = await getTool(database.db, "008");
    expect(first?.tags).toEqual(["Sales and CRM", "Web", "API", "Free Trial"]);
    expect(first?.features).toEqual(["API available"]);
  });
});

describe("importing import-sample.csv on top of the seed", () => {
  it("adds only the new tools and lists the duplicates it skipped", async () => {
    const rows = readFileSync(SAMPLE, "utf8");
    const report = await importCsv(database.db, rows, { now: new Date(), source: "import-sample.csv" });
    expect(report.totalRows).toBe(437);
    expect(report.errors).toEqual([]);
    expect(report.added.length + report.duplicates.length).toBe(437);
    // 80 rows share a normalised name + registrable domain with a seeded tool (http/https, www,
    // sub-domains and trailing slashes differ); the other 357 are new.
    expect(report.duplicates).toHaveLength(80);
    expect(report.added).toHaveLength(357);
    expect(report.duplicates.map((d) => d.name)).toEqual(expect.arrayContaining(["Adalo", "Adobe Firefly"]));
    expect(report.added.map((a) => a.name)).toEqual(expect.arrayContaining(["Activepieces"]));
    for (const d of report.duplicates) expect(d.existing).toBeTruthy();
    expect(await countTools(database.db)).toBe(2658 + report.added.length);
    // the same file again: everything is now a duplicate
    const again = await importCsv(database.db, rows, { now: new Date(), source: "import-sample.csv" });
    expect(again.added).toHaveLength(0);
    expect(again.duplicates).toHaveLength(437);
  });
});

describe("row validation", () => {
  it("reports each bad row and imports the good ones", async () => {
    const csv = [
      HEADER,
      `,no-name,Missing name,,Writing,https://no-name.example,,Free,,,`,
      `Bad Url Tool,,Has a bad URL,,Writing,ftp://files.example,,Free,,,`,
      `No Url Tool,,Has no URL,,Writing,,,Free,,,`,
      `${"L".repeat(121)},,Too long a name,,Writing,https://long.example,,Free,,,`,
      `"=HYPERLINK(""http://evil.example"")",,Formula name,,Writing,https://formula-tool.example,,Free,,,`,
      `Good Import Tool,,A fine tool,,Writing,https://good-import.example/,Acme AI,Free trial,one; two; one,,`,
      `Good Import Tool,,Same again in the file,,Writing,http://www.good-import.example,,Free,,,`,
      `Odd Pricing Tool,,Pricing label unknown,,Writing,https://odd-pricing.example,,Pay what you want,,,`,
    ].join("\n");
    const report = await importCsv(database.db, csv, { now: new Date(), source: "validation" });
    const errorRows = Object.fromEntries(report.errors.map((e) => [e.row, e.messages.join("; ")]));
    expect(errorRows[2]).toContain("Tool name is required");
    expect(errorRows[3]).toContain("Valid URL is required");
    expect(errorRows[4]).toContain("Valid URL is required");
    expect(errorRows[5]).toContain("at most 120 characters");
    // A formula-like cell is refused (issue 31): stripping its = would leave HYPERLINK(…) live.
    expect(errorRows[6]).toContain("looks like a spreadsheet formula");
    expect(report.added.map((a) => a.name)).toEqual(["Good Import Tool", "Odd Pricing Tool"]);
    expect(report.duplicates).toEqual([expect.objectContaining({ row: 8, reason: expect.stringContaining("row 7") })]);
    expect(report.warnings.map((w) => w.row)).toEqual(expect.arrayContaining([9]));
    expect(report.unknownCategories).toEqual([]);
    const good = await getTool(database.db, "good-import-tool");
    expect(good?.category).toBe("Writing");
    expect(good?.company_name).toBe("Acme AI");
    expect(good?.pricing_model).toBe("Freemium");
    expect(good?.tags).toEqual(["one", "two"]);
  });

  it("accepts the spec's field aliases and JSON lists", async () => {
    const csv = [
      "Name,Description,Category,Website_URL,Company_Name,Pricing,Tags,Key_Features",
      `Alias Tool,Uses other headers,nlp,https://alias-tool.example,Alias Inc,Paid,"[""a"",""b""]",single feature`,
    ].join("\n");
    const report = await importCsv(database.db, csv, { now: new Date(), source: "aliases" });
    expect(report.errors).toEqual([]);
    const tool = await getTool(database.db, "alias-tool");
    expect(tool).toMatchObject({
      description: "Uses other headers",
      category: "Chatbots & Assistants",
      website_url: "https://alias-tool.example/",
      company_name: "Alias Inc",
      pricing_model: "Paid",
      tags: ["a", "b"],
      features: ["single feature"],
    });
  });

  it("removes bidi overrides and zero-width characters from text and refuses control characters", async () => {
    const csv = [
      HEADER,
      `Chat\u202eTPG\u200b,,Reads \u2066backwards\u2069 no more\ufeff,,Writing,https://chat-tpg.example,Evil\u200d Corp,Free,tag\u200bone,,`,
      `Bell\u0007 Tool,,Rings,,Writing,https://bell-tool.example,,Free,,,`,
      `Escape Tool,,Has an \u001b[31m escape,,Writing,https://escape-tool.example,,Free,,,`,
    ].join("\n");
    const report = await importCsv(database.db, csv, { now: new Date(), source: "hostile-text" });
    expect(report.added.map((a) => a.name)).toEqual(["ChatTPG"]);
    const errorRows = Object.fromEntries(report.errors.map((e) => [e.row, e.messages.join("; ")]));
    expect(errorRows[3]).toContain("Name cannot contain control characters (found U+0007)");
    expect(errorRows[4]).toContain("Description cannot contain control characters (found U+001B)");
    const tool = await getTool(database.db, report.added[0]?.slug ?? "");
    expect(tool).toMatchObject({
      name: "ChatTPG",
      description: "Reads backwards no more",
      company_name: "Evil Corp",
      tags: ["tagone"],
    });
  });

  it("makes unique slugs when names collide", async () => {
    const csv = [
      HEADER,
      `Midjourney,,Another product with the same name,,Other,https://another-midjourney.example,,Free,,,`,
    ].join("\n");
    const report = await importCsv(database.db, csv, { now: new Date(), source: "slugs" });
    expect(report.added[0]?.slug).toBe("midjourney-2");
  });

  it("reports invalid UTF-8 per row", async () => {
    const bytes = Buffer.concat([
      Buffer.from(`${HEADER}\nBroken Bytes,,`),
      Buffer.from([0xc3, 0x28]),
      Buffer.from(
        ` text,,Other,https://broken-bytes.example,,Free,,,\nFine Bytes,,ok,,Other,https://fine-bytes.example,,Free,,,\n`,
      ),
    ]);
    const report = await importCsv(database.db, bytes, { now: new Date(), source: "utf8" });
    expect(report.errors).toEqual([expect.objectContaining({ row: 2, messages: [expect.stringContaining("UTF-8")] })]);
    expect(report.added.map((a) => a.name)).toEqual(["Fine Bytes"]);
  });

  it("rejects a file without name and URL columns as a whole", async () => {
    const report = await importCsv(database.db, "foo,bar\n1,2\n", { now: new Date(), source: "bad-header" });
    expect(report.added).toEqual([]);
    expect(report.errors[0]?.messages[0]).toContain("header row");
  });
});

describe("transactions", () => {
  it("writes nothing when any insert fails", async () => {
    // A trigger that fails one specific row stands in for any database failure mid-import.
    await database.db.execute(sql`CREATE FUNCTION fail_on_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = 'Boom Tool' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$`);
    await database.db.execute(
      sql`CREATE TRIGGER fail_on_boom BEFORE INSERT ON tools FOR EACH ROW EXECUTE FUNCTION fail_on_boom()`,
    );
    try {
      const before = await countTools(database.db);
      const csv = [
        HEADER,
        `Safe Tool One,,fine,,Other,https://safe-one.example,New Provider Co,Free,,,`,
        `Boom Tool,,fails,,Writing,https://boom.example,,Free,,,`,
      ].join("\n");
      await expect(importCsv(database.db, csv, { now: new Date(), source: "boom" })).rejects.toThrow();
      expect(await countTools(database.db)).toBe(before);
      const leftovers = await queryRows<{ n: number }>(
        database.db,
        sql`SELECT (SELECT count(*) FROM providers WHERE name = 'New Provider Co')::int
             + (SELECT count(*) FROM catalog_imports WHERE source = 'boom')::int AS n`,
      );
      expect(leftovers[0]?.n).toBe(0);
    } finally {
      await database.db.execute(sql`DROP TRIGGER fail_on_boom ON tools`);
      await database.db.execute(sql`DROP FUNCTION fail_on_boom()`);
    }
  });
});
