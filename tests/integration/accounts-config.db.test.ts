import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../helpers/accounts.ts";
import { type FakeSmtp, startFakeSmtp } from "../helpers/fake-smtp.ts";
import { fetch } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * A fully configured deployment: public https origin, Google and GitHub client ids, demo mode, and
 * an SMTP server (a fake one in this test) instead of the outbox.
 */
let server: TestServer;
let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  server = await startTestServer({
    pages: true,
    env: {
      TRUST_PROXY: "1",
      PUBLIC_URL: "https://toolscape.example",
      GOOGLE_CLIENT_ID: "google-id",
      GOOGLE_CLIENT_SECRET: "google-secret",
      GITHUB_CLIENT_ID: "github-id",
      GITHUB_CLIENT_SECRET: "github-secret",
      LINKEDIN_CLIENT_ID: "linkedin-id",
      LINKEDIN_CLIENT_SECRET: "linkedin-secret",
      DEMO_MODE: "1",
      SMTP_URL: smtp.url,
      MAIL_OUTBOX_PAGE: "1",
    },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe("a configured deployment", () => {
  it("shows the Google, GitHub and demo buttons", async () => {
    const body = await (await fetch(`${server.url}/sign-in`)).text();
    expect(body).toContain("Continue with Google");
    expect(body).toContain("Continue with GitHub");
    expect(body).toContain("Demo user");
  });

  it("starts GitHub sign-in: redirect to GitHub with our public callback and a state cookie", async () => {
    const res = await new Client(server).form("/sign-in", { intent: "social", provider: "github" });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.origin).toBe("https://github.com");
    expect(location.searchParams.get("client_id")).toBe("github-id");
    expect(location.searchParams.get("redirect_uri")).toBe("https://toolscape.example/api/auth/callback/github");
    expect(location.searchParams.get("state")).toBeTruthy();
    expect(res.headers.getSetCookie().join("\n")).toMatch(/state/);
    const google = await new Client(server).form("/sign-in", { intent: "social", provider: "google" });
    expect(new URL(google.headers.get("location") ?? "").host).toBe("accounts.google.com");
    // LinkedIn (issue 11, verified badge): configured, so offered and started like the others.
    expect(await (await fetch(`${server.url}/sign-in`)).text()).toContain("Continue with LinkedIn");
    const linkedin = await new Client(server).form("/sign-in", { intent: "social", provider: "linkedin" });
    expect(linkedin.status).toBe(302);
    const to = new URL(linkedin.headers.get("location") ?? "");
    expect(to.host).toBe("www.linkedin.com");
    expect(to.searchParams.get("redirect_uri")).toBe("https://toolscape.example/api/auth/callback/linkedin");
  });

  it("signs into the seeded demo account of a tier, with a Secure cookie on an https site", async () => {
    const client = new Client(server);
    const res = await client.form("/sign-in", { intent: "demo", tier: "expert" });
    expect(res.status).toBe(302);
    const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cookie).toMatch(/^__Secure-better-auth\.session_token=/);
    expect(cookie).toMatch(/;\s*Secure/i);
    const dash = await (await client.fetch("/dashboard")).text();
    expect(dash).toContain("demo-expert@toolscape.dev");
    expect(dash).toMatch(/data-testid="dashboard-tier"[^>]*>Expert</);
    const upgrade = await (await client.fetch("/upgrade")).text();
    expect(upgrade).toMatch(/data-testid="plan-expert"[\s\S]*?Current Plan/);
  });

  it("sends the reset e-mail through SMTP with a link on the public origin; the outbox page is off", async () => {
    const before = smtp.messages.length;
    const res = await new Client(server).form("/forgot-password", { email: "demo-free@toolscape.dev" });
    expect(res.status).toBe(200);
    await expect.poll(() => smtp.messages.length, { timeout: 5000 }).toBe(before + 1);
    const mail = smtp.messages.at(-1);
    expect(mail?.to.join()).toContain("demo-free@toolscape.dev");
    expect(mail?.data).toContain("Subject: Reset your Toolscape password");
    expect(mail?.data.replace(/=\n/g, "")).toMatch(
      /https:\/\/toolscape\.example\/reset-password\?token=3D[\w-]+|https:\/\/toolscape\.example\/reset-password\?token=[\w-]+/,
    );
    expect((await fetch(`${server.url}/dev/mail`)).status).toBe(404);
  });
});
