import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Readable text is cleaned the same way on every way in (platform/text.ts): better-auth's JSON
 * sign-up, the dashboard's profile form, the saved-search API, the newsletter form. The importer's
 * side is in importer.db.test.ts.
 */
let server: TestServer;
let member: Member;

beforeAll(async () => {
  server = await startTestServer({ pages: true, env: { TRUST_PROXY: "1" } });
  member = await createMember(server, { tier: "standard", name: "Text Member" });
});
afterAll(async () => {
  await server?.close();
});

const nameOf = async (id: string) =>
  (
    await queryRows<{ name: string; bio: string | null }>(
      server.services.db,
      sql`SELECT name, bio FROM users WHERE id = ${id}`,
    )
  )[0];

describe("readable text", () => {
  it("better-auth's sign-up stores a name without bidi overrides or zero-width characters", async () => {
    const client = new Client(server);
    const res = await client.json("/api/auth/sign-up/email", "POST", {
      name: "Chat\u202eTPG\u200b",
      email: "bidi-name@example.com",
      password: "correct-horse-42",
    });
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: { id: string; name: string } };
    expect(user.name).toBe("ChatTPG");
    expect((await nameOf(user.id))?.name).toBe("ChatTPG");
  });

  it("better-auth's sign-up refuses a name with a control character, with a message", async () => {
    const res = await new Client(server).json("/api/auth/sign-up/email", "POST", {
      name: "Bell\u0007",
      email: "bell-name@example.com",
      password: "correct-horse-42",
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("Name cannot contain control characters (found U+0007)");
  });

  it("the profile form cleans the name and bio, and refuses control characters", async () => {
    const ok = await member.client.form("/dashboard", {
      intent: "profile",
      name: " Eve\u202e\u200b ",
      bio: "first line\u2066\r\nsecond line\u200b",
    });
    expect(ok.status).toBe(200);
    expect(await nameOf(member.id)).toEqual({ name: "Eve", bio: "first line\nsecond line" });

    const bad = await member.client.form("/dashboard", { intent: "profile", name: "Eve\u001b[31m" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Name cannot contain control characters (found U+001B)");
    expect((await nameOf(member.id))?.name).toBe("Eve");
  });

  it("the saved-search API cleans names and refuses control characters", async () => {
    const ok = await member.client.json("/api/saved-searches", "POST", { name: "Mine\u200b\u202e", query: "q=image" });
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { savedSearch: { name: string } }).savedSearch.name).toBe("Mine");
    const bad = await member.client.json("/api/saved-searches", "POST", { name: "Mine\u0007", query: "q=image" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain("control characters");
    // NUL never reaches the route: the edge refuses it for every route (issue 18, ADR 0025).
    const nul = await member.client.json("/api/saved-searches", "POST", { name: "Mine\u0000", query: "q=image" });
    expect(nul.status).toBe(400);
    expect(((await nul.json()) as { error: string }).error).toContain("NUL");
  });

  it("an e-mail address with a control or invisible character is refused", async () => {
    for (const email of ["bell\u0007@example.com", "zero\u200b@example.com"]) {
      const res = await new Client(server).json("/api/newsletter/subscribe", "POST", { email });
      expect(res.status, email).toBe(400);
    }
  });
});
