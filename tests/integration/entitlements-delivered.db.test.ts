import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELIVERED_FEATURES, loadEntitlements, TIERS, type Tier } from "../../server/modules/accounts/index.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Issue 34: every entitlement on /pricing works, or is not sold. For each feature the code delivers
 * (server/modules/accounts/delivered.ts) a journey over real HTTP shows it working for the lowest tier
 * that has it and refused, with the plan to get, for the tier below; every feature it does not deliver
 * is absent from /pricing, the plan cards, the dashboard and the API's comparison. A feature added to
 * the registry without a journey here fails the suite.
 */
let server: TestServer;
const members = {} as Record<Tier, Member>;
let admin: Member;
let tool: { id: string; slug: string };

beforeAll(async () => {
  server = await startTestServer({ pages: true });
  for (const tier of TIERS) members[tier] = await createMember(server, { tier, name: `${tier} member` });
  admin = await createMember(server, { role: "admin" });
  const [row] = await queryRows<{ id: string; slug: string }>(
    server.services.db,
    sql`SELECT id::text AS id, slug FROM tools WHERE status = 'active' AND tier = 'free' ORDER BY slug LIMIT 1`,
  );
  if (!row) throw new Error("no tool");
  tool = row;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** A page's text with React's separators between adjacent strings taken out. */
const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
const below = (tier: Tier): Tier | null => (tier === "expert" ? "standard" : tier === "standard" ? "free" : null);
const upgradeWords = (tier: Tier) => (tier === "expert" ? /Expert/ : /Standard/);

/** What the lowest tier with the feature does, and what the tier below hears. */
type Journey = {
  works: (m: Member) => Promise<void>;
  /** the refusal below the feature's tier (absent for features every tier has) */
  refused?: (m: Member, tier: Tier) => Promise<void>;
};

async function expectRefusal(res: Response, tier: Tier) {
  expect(res.status).toBe(403);
  expect(await text(res)).toMatch(upgradeWords(tier));
}

const JOURNEYS: Record<string, Journey> = {
  basic_tools: { works: async (m) => expect((await m.client.fetch("/tools")).status).toBe(200) },
  basic_search: {
    works: async (m) => {
      const res = await m.client.fetch("/search?q=image");
      expect(res.status).toBe(200);
      expect(await text(res)).toContain("/tools/");
    },
  },
  tool_viewing: { works: async (m) => expect((await m.client.fetch(`/tools/${tool.slug}`)).status).toBe(200) },
  daily_tool_views: { works: async (m) => expect((await m.client.fetch(`/tools/${tool.slug}`)).status).toBe(200) },
  compare_limit: {
    works: async (m) => expect((await m.client.fetch("/compare?tools=chatgpt,claude")).status).toBe(200),
  },
  saved_searches: {
    works: async (m) => {
      const res = await m.client.json("/api/saved-searches", "POST", { name: "Images", query: "q=image" });
      expect(res.status).toBeLessThan(300);
    },
    refused: async (m, tier) =>
      expectRefusal(await m.client.json("/api/saved-searches", "POST", { name: "Images", query: "q=image" }), tier),
  },
  saved_collections: {
    works: async (m) => {
      const res = await m.client.json("/api/top-lists", "POST", { title: "My picks" });
      expect(res.status).toBeLessThan(300);
      const list = ((await res.json()) as { topList: { id: string } }).topList;
      const add = await m.client.json(`/api/top-lists/${list.id}/items`, "POST", { toolId: tool.id, note: "fast" });
      expect(add.status).toBeLessThan(300);
    },
    refused: async (m, tier) => expectRefusal(await m.client.json("/api/top-lists", "POST", { title: "Mine" }), tier),
  },
  dark_mode: {
    works: async (m) => {
      const res = await m.client.form("/dashboard", { intent: "dark-mode", darkMode: "on" });
      expect(res.status).toBeLessThan(400);
    },
    refused: async (m, tier) =>
      expectRefusal(await m.client.form("/dashboard", { intent: "dark-mode", darkMode: "on" }), tier),
  },
  change_alerts: {
    works: async (m) => {
      expect((await m.client.json("/api/saved-tools", "POST", { tool_id: tool.id })).status).toBeLessThan(300);
      const res = await m.client.form(`/tools/${tool.slug}/alert`, { frequency: "weekly" });
      expect(res.status).toBe(303);
    },
    refused: async (m, tier) => {
      expect((await m.client.json("/api/saved-tools", "POST", { tool_id: tool.id })).status).toBeLessThan(300);
      await expectRefusal(await m.client.form(`/tools/${tool.slug}/alert`, { frequency: "weekly" }), tier);
    },
  },
  early_access: {
    // A programme that starts in three days: Expert may apply now, Standard hears when and who may.
    works: async (m) => {
      const res = await m.client.form("/beta", { programId: await soonProgramme(), motivation: "I test models." });
      expect(res.status).toBe(200);
      expect(await text(res)).toContain("Application sent");
    },
    refused: async (m, tier) =>
      expectRefusal(
        await m.client.form("/beta", { programId: await soonProgramme(), motivation: "I test models." }),
        tier,
      ),
  },
  exclusive_listings: {
    // Issue 34 item 6 (ADR 0083): a tool an editor marked Expert-only opens in full for Expert; below,
    // its page is the overview with the plan named and none of the gated sections.
    works: async (m) => {
      const slug = await exclusiveTool();
      const page = await text(await m.client.fetch(`/tools/${slug}`));
      expect(page).not.toContain('data-testid="upgrade-prompt"');
      expect(page).toContain("Expert-only listing, chosen by Toolscape");
    },
    refused: async (m) => {
      const slug = await exclusiveTool();
      const res = await m.client.fetch(`/tools/${slug}`);
      expect(res.status).toBe(200);
      const page = await text(res);
      expect(page).toContain('data-testid="upgrade-prompt"');
      expect(page).toContain("for Expert members only");
    },
  },
  api_access: {
    works: async (m) => {
      const res = await m.client.json("/api/account/api-keys", "POST", { name: "script" });
      expect(res.status).toBe(201);
      const { key } = (await res.json()) as { key: string };
      const read = await new Client(server).fetch("/api/tools?limit=1", {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(read.status).toBe(200);
      expect(read.headers.get("ratelimit-limit")).toBe("60");
    },
    refused: async (m, tier) =>
      expectRefusal(await m.client.json("/api/account/api-keys", "POST", { name: "script" }), tier),
  },
  priority_support: {
    // Exactly what /pricing says: the ticket is marked priority (and the staff inbox puts it first).
    works: async (m) => expect(await ticketPriority(m)).toBe(true),
    refused: async (m) => expect(await ticketPriority(m)).toBe(false),
  },
  support_level: {
    works: async (m) => expect((await m.client.fetch("/support")).status).toBe(200),
  },
  export_basic_reports: {
    works: async (m) => {
      for (const what of ["lists", "saved-searches", "search?q=image"]) {
        const res = await m.client.fetch(`/api/exports/${what}`);
        expect(res.status, what).toBe(200);
        expect(res.headers.get("content-type")).toContain("text/csv");
        expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="toolscape-/);
      }
    },
    refused: async (m, tier) => {
      for (const what of ["lists", "saved-searches", "search?q=image"]) {
        await expectRefusal(await m.client.fetch(`/api/exports/${what}`), tier);
      }
    },
  },
  bulk_export: {
    works: async (m) => {
      const res = await m.client.fetch("/api/exports/catalogue?format=jsonl");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/x-ndjson");
      const lines = (await text(res)).trim().split("\n");
      expect(lines.length).toBeGreaterThan(100);
    },
    refused: async (m, tier) => expectRefusal(await m.client.fetch("/api/exports/catalogue?format=csv"), tier),
  },
  downloadable_reports: {
    works: async (m) => {
      const page = await m.client.fetch("/reports/category/writing?days=365");
      expect(page.status).toBe(200);
      const html = await text(page);
      expect(html).toContain("Tools, plans and prices");
      expect(html).toContain('href="/api/reports/category/writing?days=365"');
      const csv = await m.client.fetch("/api/reports/category/writing?days=365");
      expect(csv.status).toBe(200);
      expect(await csv.text()).toContain("section,date,tool,tool_url");
    },
    refused: async (m, tier) => {
      const page = await m.client.fetch("/reports/category/writing");
      expect(page.status).toBe(403);
      expect(await text(page)).toContain("Downloadable reports are available for Expert members.");
      await expectRefusal(await m.client.fetch("/api/reports/category/writing"), tier);
    },
  },
  advanced_filters: {
    // Exclusions and saved filter sets; below Standard the API refuses and the page shows the basic results.
    works: async (m) => {
      expect((await m.client.fetch("/api/tools?exclude=open_source&limit=1")).status).toBe(200);
      const res = await m.client.form("/tools", {
        intent: "save-filter-set",
        name: "Closed",
        back: "exclude=open_source",
      });
      expect(res.status).toBe(302);
    },
    refused: async (m, tier) => {
      await expectRefusal(await m.client.fetch("/api/tools?exclude=open_source&limit=1"), tier);
      await expectRefusal(
        await m.client.form("/tools", { intent: "save-filter-set", name: "Closed", back: "exclude=open_source" }),
        tier,
      );
      const page = await text(await m.client.fetch("/tools?exclude=open_source"));
      expect(page).toContain("are available for Standard and Expert members.");
    },
  },
  detailed_comparisons: {
    works: async (m) => {
      const res = await m.client.fetch("/compare/sheet?tools=chatgpt,claude&seats=1&usage=0");
      expect(res.status).toBe(200);
      expect(await text(res)).toContain("Facts, sources and dates");
    },
    refused: async (m, tier) => expectRefusal(await m.client.fetch("/compare/sheet?tools=chatgpt,claude"), tier),
  },
  basic_ai_recommendations: {
    works: async (m) => {
      expect((await m.client.json("/api/saved-tools", "POST", { tool_id: tool.id })).status).toBeLessThan(300);
      const res = await m.client.fetch("/for-you");
      expect(res.status).toBe(200);
      const html = await text(res);
      expect(html).toContain('data-testid="recommendation"');
      expect(html).toContain("Why: Because you saved");
    },
    refused: async (m, tier) => expectRefusal(await m.client.fetch("/for-you"), tier),
  },
  advanced_ai_recommendations: {
    works: async (m) => {
      const res = await m.client.fetch("/for-you?tasks=write-a-blog-post&budget=20");
      expect(res.status).toBe(200);
      expect(await text(res)).toContain('data-testid="stack"');
      expect((await m.client.form("/for-you", { weekly: "on" })).status).toBe(303);
    },
    refused: async (m, tier) => {
      const page = await text(await m.client.fetch("/for-you?tasks=write-a-blog-post&budget=20"));
      expect(page).not.toContain('data-testid="stack"');
      expect(page).toContain("are available for Expert members.");
      await expectRefusal(await m.client.form("/for-you", { weekly: "on" }), tier);
    },
  },
  advanced_analytics: {
    works: async (m) => {
      const res = await m.client.fetch("/insights");
      expect(res.status).toBe(200);
      expect(await text(res)).toContain("What members like you save");
    },
    refused: async (m, tier) => expectRefusal(await m.client.fetch("/insights"), tier),
  },
  custom_collections: {
    // Issue 34 item 8: an Expert owner shares a list by link; below Expert, the plan is named.
    works: async (m) => {
      const res = await m.client.json("/api/top-lists", "POST", { title: "Shared picks" });
      const list = ((await res.json()) as { topList: { id: string } }).topList;
      const shared = await m.client.form("/dashboard/lists", { intent: "share", listId: list.id });
      expect(shared.status).toBe(200);
      const token = /\/lists\/shared\/([A-Za-z0-9_-]{32})/.exec(
        await text(await m.client.fetch("/dashboard/lists")),
      )?.[1];
      expect((await new Client(server).fetch(`/lists/shared/${token}`)).status).toBe(200);
    },
    refused: async (m, tier) => {
      const res = await m.client.json("/api/top-lists", "POST", { title: "Not shared" });
      const list = ((await res.json()) as { topList: { id: string } }).topList;
      await expectRefusal(await m.client.form("/dashboard/lists", { intent: "share", listId: list.id }), tier);
    },
  },
  vip_community: {
    // Issue 34 item 7: the Expert members' discussion space; below Expert, the page says which plan has it.
    works: async (m) => {
      const asked = await m.client.form("/community/vip", {
        intent: "create",
        title: "How do you budget for model APIs?",
        body: "We pay per token and the bill surprises us every month.",
      });
      expect(asked.status).toBe(302);
      expect(await text(await m.client.fetch("/community/vip"))).toContain("How do you budget for model APIs?");
    },
    refused: async (m, tier) => {
      const page = await m.client.fetch("/community/vip");
      await expectRefusal(page, tier);
      const asked = await m.client.form("/community/vip", {
        intent: "create",
        title: "Can I post here too?",
        body: "Trying the VIP space from a lower plan.",
      });
      expect(asked.status).toBe(403);
    },
  },
};

let exclusive: string | null = null;
/** A second free tool, marked Expert-only by the admin through /admin/exclusive. */
async function exclusiveTool(): Promise<string> {
  if (exclusive) return exclusive;
  const [row] = await queryRows<{ slug: string }>(
    server.services.db,
    sql`SELECT slug FROM tools WHERE status = 'active' AND tier = 'free' AND slug <> ${tool.slug} ORDER BY slug LIMIT 1`,
  );
  if (!row) throw new Error("no second tool");
  const res = await admin.client.form("/admin/exclusive", { intent: "mark-tool", tool: row.slug, kind: "exclusive" });
  expect(res.status).toBe(302);
  exclusive = row.slug;
  return exclusive;
}

let programme: string | null = null;
async function soonProgramme(): Promise<string> {
  if (programme) return programme;
  const startsOn = new Date(server.services.clock.now().getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
  const res = await admin.client.form("/admin/beta", {
    intent: "create",
    tool: tool.slug,
    description: "An early window for testers",
    category: "image-generation",
    spots: "20",
    startsOn,
    durationWeeks: "4",
    benefits: "Free plan during the beta",
    requirements: "Weekly feedback",
  });
  expect(res.status).toBe(302);
  const [row] = await queryRows<{ id: string }>(
    server.services.db,
    sql`SELECT id::text AS id FROM beta_programs WHERE description = 'An early window for testers' LIMIT 1`,
  );
  programme = row?.id ?? null;
  if (!programme) throw new Error("no programme");
  return programme;
}

async function ticketPriority(m: Member): Promise<boolean> {
  const res = await m.client.json("/api/support/tickets", "POST", {
    name: m.name,
    email: m.email,
    subject: "A question",
    message: "How do I export my lists?",
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { ticket: { priority: boolean } }).ticket.priority;
}

describe("every delivered entitlement works for its tier and is refused below it (issue 34)", () => {
  it("has a journey for each delivered feature, and no journey for one that is not", () => {
    expect(Object.keys(JOURNEYS).sort()).toEqual(Object.keys(DELIVERED_FEATURES).sort());
  });

  for (const key of Object.keys(JOURNEYS)) {
    it(`${key}: works for the lowest tier that has it; the tier below is told which plan has it`, async () => {
      const ents = await loadEntitlements(server.services.db, { fresh: true });
      const from = ents.lowestTierWith(key);
      expect(from, `${key} is granted to no tier`).not.toBeNull();
      const journey = JOURNEYS[key] as Journey;
      await journey.works(members[from as Tier]);
      const lower = below(from as Tier);
      if (lower) {
        expect(journey.refused, `${key} needs a refusal journey for ${lower}`).toBeDefined();
        await journey.refused?.(members[lower], from as Tier);
      }
    }, 180_000);
  }
});

describe("what is not delivered is not sold", () => {
  const pages = async () => ({
    pricing: await text(await new Client(server).fetch("/pricing")),
    // Expert: the member who would see every paid feature "Included".
    dashboard: await text(await members.expert.client.fetch("/dashboard")),
    home: await text(await new Client(server).fetch("/")),
  });

  it("lists every sold feature on /pricing and the dashboard, and no other", async () => {
    const ents = await loadEntitlements(server.services.db, { fresh: true });
    const { pricing, dashboard, home } = await pages();
    const table = pricing.slice(pricing.indexOf('data-testid="plan-comparison"'));
    for (const f of ents.features) {
      const label = f.label.replace(/&/g, "&amp;");
      if (ents.sold(f.key)) {
        expect(table, `${f.key} should be on /pricing`).toContain(label);
        expect(dashboard, `${f.key} should be on the dashboard`).toContain(label);
      } else {
        expect(pricing, `${f.key} is not delivered but /pricing sells it`).not.toContain(label);
        expect(dashboard, `${f.key} is not delivered but the dashboard lists it`).not.toContain(label);
        expect(home, `${f.key} is not delivered but the home page's plan cards sell it`).not.toContain(label);
      }
    }
    // The list, by name: none of these is sold today.
    for (const gone of ["Ad-free experience"]) {
      expect(pricing).not.toContain(gone);
      expect(dashboard).not.toContain(gone);
    }
  });

  it("the API's comparison and check-access agree with /pricing", async () => {
    const ents = await loadEntitlements(server.services.db, { fresh: true });
    const res = (await (await new Client(server).fetch("/api/membership/comparison")).json()) as {
      comparison: { features: { key: string }[] };
    };
    const sold = ents.features.filter((f) => ents.sold(f.key)).map((f) => f.key);
    expect(res.comparison.features.map((f) => f.key)).toEqual(sold);
    const check = await members.standard.client.json("/api/subscriptions/check-access", "POST", {
      user_id: members.standard.id,
      feature: "ad_free_experience",
    });
    expect(await check.json()).toMatchObject({ delivered: false });
  });

  it("/pricing describes priority support and API access as they work", async () => {
    const { pricing } = await pages();
    expect(pricing).toContain("Your support tickets are marked priority and answered first");
    expect(pricing).toContain("60 requests a minute per key, up to 10 keys");
    expect(pricing).not.toContain("24/7 Chat");
  });
});

describe("the exports section of the dashboard", () => {
  it("offers the downloads a plan has and names the plan for the others (no JavaScript needed)", async () => {
    const free = await text(await members.free.client.fetch("/dashboard/exports"));
    expect(free).toContain("CSV export is available for Standard and Expert members.");
    expect(free).toContain("Bulk export is available for Expert members.");
    expect(free).not.toContain('href="/api/exports/lists"');
    const standard = await text(await members.standard.client.fetch("/dashboard/exports"));
    expect(standard).toContain('href="/api/exports/lists"');
    expect(standard).toContain("Bulk export is available for Expert members.");
    const expert = await text(await members.expert.client.fetch("/dashboard/exports"));
    expect(expert).toContain('href="/api/exports/catalogue?format=jsonl"');
    expect(expert).toContain('href="/reports"');
    expect(standard).toContain("Downloadable reports are available for Expert members.");
    expect((await new Client(server).fetch("/dashboard/exports")).status).toBe(401);
  });
});
