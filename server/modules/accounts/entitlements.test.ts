import { describe, expect, it } from "vitest";
import { DELIVERED_FEATURES } from "./delivered.ts";
import { entitlementsFromRows } from "./entitlements.ts";
import { MESSAGES, ProfileInput, SavedSearchInput, SignInInput, SignUpInput } from "./forms.ts";
import { planCardLines } from "./plan-cards.ts";
import { canAccessTier, compareCapMessage, requiresLabel, tierRank } from "./tiers.ts";

type Row = Parameters<typeof entitlementsFromRows>[0][number];
const feature = (
  key: string,
  kind: Row["kind"],
  sort: number,
  grants: [string, boolean, number | null, string | null][],
) =>
  grants.map(
    ([tier, allowed, limit, text]): Row => ({
      key,
      label: key.replace(/_/g, " "),
      description: "",
      kind,
      listed: true,
      sort_order: sort,
      tier: tier as Row["tier"],
      allowed,
      limit_value: limit,
      text_value: text,
    }),
  );

/** The same shape migration 0004 seeds (a subset). */
const ents = entitlementsFromRows([
  ...feature("compare_limit", "limit", 20, [
    ["free", true, 2, null],
    ["standard", true, 5, null],
    ["expert", true, 10, null],
  ]),
  ...feature("saved_searches", "limit", 30, [
    ["free", false, 0, null],
    ["standard", true, 3, null],
    ["expert", true, null, null],
  ]),
  ...feature("daily_tool_views", "limit", 10, [
    ["free", true, 10, null],
    ["standard", true, null, null],
    ["expert", true, null, null],
  ]),
  ...feature("basic_ai_recommendations", "flag", 200, [
    ["free", false, null, null],
    ["standard", true, null, null],
    ["expert", true, null, null],
  ]),
  ...feature("api_access", "flag", 350, [
    ["free", false, null, null],
    ["standard", false, null, null],
    ["expert", true, null, null],
  ]),
  ...feature("support_level", "text", 900, [
    ["free", true, null, "FAQ, e-mail and tickets"],
    ["standard", true, null, "FAQ, e-mail and tickets"],
    ["expert", true, null, "Priority tickets, answered first"],
  ]),
]);

describe("entitlements", () => {
  it("grants flags by tier", () => {
    expect(ents.hasAccess("free", "basic_ai_recommendations")).toBe(false);
    expect(ents.hasAccess("standard", "basic_ai_recommendations")).toBe(true);
    expect(ents.hasAccess("standard", "api_access")).toBe(false);
    expect(ents.hasAccess("expert", "api_access")).toBe(true);
  });

  it("treats an unknown feature as free-level (every tier has it)", () => {
    for (const tier of ["free", "standard", "expert"] as const)
      expect(ents.hasAccess(tier, "no_such_feature")).toBe(true);
  });

  it("reads limits: compare caps 2/5/10, saved searches 0/3/unlimited, daily views 10/unlimited", () => {
    expect([ents.compareCap("free"), ents.compareCap("standard"), ents.compareCap("expert")]).toEqual([2, 5, 10]);
    expect(ents.limitFor("free", "saved_searches")).toBe(0);
    expect(ents.limitFor("standard", "saved_searches")).toBe(3);
    expect(ents.limitFor("expert", "saved_searches")).toBeNull();
    expect(ents.limitFor("free", "daily_tool_views")).toBe(10);
    expect(ents.limitFor("standard", "daily_tool_views")).toBeNull();
  });

  it("falls back to the spec's defaults when a limit is missing from the data", () => {
    const empty = entitlementsFromRows([]);
    expect(empty.compareCap("expert")).toBe(2);
    expect(empty.limitFor("free", "saved_collections")).toBe(0);
  });

  it("describes cells for the comparison table and the support level", () => {
    expect(ents.describe("free", "daily_tool_views")).toBe("10 per day");
    expect(ents.describe("expert", "saved_searches")).toBe("Unlimited");
    expect(ents.describe("free", "saved_searches")).toBe("—");
    expect(ents.describe("standard", "compare_limit")).toBe("Up to 5");
    expect(ents.supportLevel("expert")).toBe("Priority tickets, answered first");
    const rows = ents.comparison();
    expect(rows.map((r) => r.key)[0]).toBe("daily_tool_views");
    expect(rows.find((r) => r.key === "api_access")?.cells).toEqual({ free: "—", standard: "—", expert: "Included" });
    expect(ents.lowestTierWith("basic_ai_recommendations")).toBe("standard");
    expect(ents.accessList("free").find((f) => f.key === "api_access")).toMatchObject({
      included: false,
      from: "expert",
    });
  });

  it("sells only delivered features (issue 34): the table may grant what the code does not implement", () => {
    // ad_free_experience is granted to Standard and Expert in the data, but the site has no ads (delivered.ts).
    expect(ents.hasAccess("expert", "ad_free_experience")).toBe(true);
    expect(ents.sold("ad_free_experience")).toBe(false);
    expect(ents.comparison().map((r) => r.key)).not.toContain("ad_free_experience");
    for (const tier of ["free", "standard", "expert"] as const)
      expect(ents.accessList(tier).map((f) => f.key)).not.toContain("ad_free_experience");
    expect(planCardLines(ents).expert.join("\n")).not.toMatch(/ad-free/i);
    // Delivered ones stay, with their cells.
    expect(ents.sold("api_access")).toBe(true);
    expect(planCardLines(ents).expert).toContain("api access");
    const sold = ents.comparison().map((r) => r.key);
    expect(sold).toEqual(
      expect.arrayContaining(["daily_tool_views", "compare_limit", "saved_searches", "api_access", "support_level"]),
    );
    expect(sold).not.toContain("ad_free_experience");
  });

  it("names a route for every delivered feature", () => {
    for (const [key, { where }] of Object.entries(DELIVERED_FEATURES)) {
      expect(where, key).toMatch(/^(?:(?:GET|POST) \/api\/|\/)[\w/:{}.-]*$/);
    }
  });
});

describe("tiers", () => {
  it("ranks free < standard < expert and gates tools by rank (visitors count as free)", () => {
    expect([tierRank("free"), tierRank("standard"), tierRank("expert")]).toEqual([0, 1, 2]);
    expect(canAccessTier(null, "free")).toBe(true);
    expect(canAccessTier(null, "standard")).toBe(false);
    expect(canAccessTier("standard", "expert")).toBe(false);
    expect(canAccessTier("expert", "standard")).toBe(true);
    expect(requiresLabel("expert")).toBe("Requires Expert");
  });

  it("words the compare cap as the spec does", () => {
    expect(compareCapMessage(2, 2)).toBe(
      "You can compare up to 2 tools. Add 0 more tool(s) for a complete comparison.",
    );
    expect(compareCapMessage(5, 3)).toBe(
      "You can compare up to 5 tools. Add 2 more tool(s) for a complete comparison.",
    );
  });
});

describe("account forms", () => {
  const signUp = { name: "Ada", email: "Ada@Example.com", password: "secret1", confirmPassword: "secret1" };
  const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

  it("accepts a valid sign-up and lower-cases the e-mail", () => {
    const parsed = SignUpInput.parse(signUp);
    expect(parsed.email).toBe("ada@example.com");
  });

  it("uses the spec's messages", () => {
    expect(first(SignUpInput.safeParse({ ...signUp, confirmPassword: "secret2" }))).toBe(MESSAGES.passwordsDoNotMatch);
    expect(MESSAGES.passwordsDoNotMatch).toBe("Passwords do not match");
    expect(first(SignUpInput.safeParse({ ...signUp, password: "12345", confirmPassword: "12345" }))).toBe(
      "Password must be at least 6 characters",
    );
    expect(first(SignInInput.safeParse({ email: "x@y.z", password: "" }))).toBe(MESSAGES.passwordRequired);
    expect(MESSAGES.signInFailed).toBe("Sign in failed. Please try again.");
  });

  it("validates profile edits and saved searches", () => {
    expect(ProfileInput.parse({ name: "Ada", username: "@ada_l", bio: "", image: "" })).toEqual({
      name: "Ada",
      username: "ada_l",
      bio: null,
      image: null,
    });
    expect(ProfileInput.safeParse({ name: "Ada", username: "a b" }).success).toBe(false);
    expect(ProfileInput.safeParse({ name: "Ada", image: "javascript:alert(1)" }).success).toBe(false);
    expect(SavedSearchInput.parse({ name: "Writers", query: "/search?q=writing" }).query).toBe("q=writing");
  });
});
