// engine: both — sign-up is one transaction, cut mid-way and retried; sessions survive a restart.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember } from "../helpers/accounts.ts";
import { fetch } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/** Sign-up, sign-in, sign-out and password reset through the real pages (forms without JavaScript). */
let server: TestServer;
beforeAll(async () => {
  // better-auth's own password hash, as in production; other files use the cheaper test hash (ADR 0053).
  server = await startTestServer({
    pages: true,
    env: { TRUST_PROXY: "1", MAIL_OUTBOX_PAGE: "1" },
    passwordHashing: "production",
  });
});
afterAll(async () => {
  await server?.close();
});

const html = async (res: Response) => res.text();
const newEmail = () => `user-${Math.random().toString(36).slice(2, 10)}@example.com`;

function outbox(): { to: string; subject: string; text: string; tag: string }[] {
  const dir = path.join(server.services.env.DATA_DIR, "mail");
  let names: string[] = [];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.map((n) => JSON.parse(readFileSync(path.join(dir, n), "utf8")));
}

describe("sign-up", () => {
  it("creates the account, signs in with an httpOnly SameSite=Lax cookie and lands on the dashboard (free tier)", async () => {
    const client = new Client(server);
    const email = newEmail();
    const res = await client.form("/sign-up", { name: "Ada", email, password: "secret1", confirmPassword: "secret1" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const dash = await client.fetch("/dashboard");
    expect(dash.status).toBe(200);
    const body = await html(dash);
    expect(body).toContain(email);
    expect(body).toMatch(/data-testid="dashboard-tier"[^>]*>Free</);
    // The header shows Dashboard and the user menu instead of Sign in / Join free.
    expect(body).toContain('data-testid="user-menu"');
    expect(body).not.toContain(">Join free</a>");
  });

  it("answers with the spec's messages and keeps what was typed", async () => {
    const client = new Client(server);
    const mismatch = await client.form("/sign-up", {
      name: "Ada",
      email: "ada@example.com",
      password: "secret1",
      confirmPassword: "secret2",
    });
    expect(mismatch.status).toBe(400);
    const body = await html(mismatch);
    expect(body).toContain("Passwords do not match");
    expect(body).toContain('value="ada@example.com"');
    const short = await client.form("/sign-up", {
      name: "Ada",
      email: newEmail(),
      password: "12345",
      confirmPassword: "12345",
    });
    expect(short.status).toBe(400);
    expect(await html(short)).toContain("Password must be at least 6 characters");
  });

  it("refuses a second account for the same address with the generic message", async () => {
    const m = await createMember(server);
    const res = await new Client(server).form("/sign-up", {
      name: "Again",
      email: m.email.toUpperCase(),
      password: "another1",
      confirmPassword: "another1",
    });
    expect(res.status).toBe(400);
    expect(await html(res)).toContain("Account creation failed. Please try again.");
  });

  it("ignores a role or tier smuggled into the sign-up request", async () => {
    const client = new Client(server);
    const res = await client.json("/api/auth/sign-up/email", "POST", {
      name: "Mallory",
      email: newEmail(),
      password: "secret12",
      role: "admin",
      tier: "expert",
    });
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: { id: string } };
    const sub = await client.fetch(`/api/subscriptions/user/${user.id}`);
    expect(((await sub.json()) as { subscription: { tier: string } }).subscription.tier).toBe("free");
    const admin = await client.json(`/api/admin/users/${user.id}`, "PUT", { tier: "expert" });
    expect(admin.status).toBe(403);
    // better-auth's own profile update cannot set them either.
    await client.json("/api/auth/update-user", "POST", { name: "Mallory", role: "admin", tier: "expert" });
    expect((await client.json(`/api/admin/users/${user.id}`, "PUT", { tier: "expert" })).status).toBe(403);
    const again = await client.fetch(`/api/subscriptions/user/${user.id}`);
    expect(((await again.json()) as { subscription: { tier: string } }).subscription.tier).toBe("free");
  });

  it("is one transaction: a sign-up cut after the user row leaves nothing behind, and the address can sign up again", async () => {
    const email = newEmail();
    const db = server.services.db;
    // The password account's insert fails, as when the instance dies or the database restarts between
    // better-auth's two writes.
    await db.execute(
      sql.raw(`CREATE FUNCTION fail_signup() RETURNS trigger AS $$ BEGIN
      RAISE EXCEPTION 'cut'; END $$ LANGUAGE plpgsql`),
    );
    await db.execute(
      sql.raw(`CREATE TRIGGER fail_signup BEFORE INSERT ON auth_accounts FOR EACH ROW
        WHEN (NEW.provider_id = 'credential') EXECUTE FUNCTION fail_signup()`),
    );
    const before = outbox().length;
    try {
      const cut = await new Client(server).form("/sign-up", {
        name: "Cut",
        email,
        password: "secret1",
        confirmPassword: "secret1",
      });
      expect(cut.status).toBeGreaterThanOrEqual(400);
    } finally {
      await db.execute(sql.raw("DROP TRIGGER fail_signup ON auth_accounts"));
      await db.execute(sql.raw("DROP FUNCTION fail_signup()"));
    }
    const left = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users WHERE email = ${email}`);
    expect(left[0]?.n).toBe(0);
    // No confirmation mail for an account that does not exist.
    expect(
      outbox()
        .slice(before)
        .filter((m) => m.to === email),
    ).toEqual([]);
    const again = new Client(server);
    const res = await again.form("/sign-up", { name: "Ada", email, password: "secret1", confirmPassword: "secret1" });
    expect(res.status).toBe(302);
    const signedIn = await new Client(server).form("/sign-in", { email, password: "secret1" });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("set-cookie") ?? "").toMatch(/session_token=/);
    expect(
      outbox()
        .slice(before)
        .filter((m) => m.to === email && m.tag === "email-confirm"),
    ).toHaveLength(1);
  });
});

describe("sign-in and sign-out", () => {
  it("signs in with the right password and goes to a safe redirect target only", async () => {
    const m = await createMember(server);
    const client = new Client(server);
    const res = await client.form("/sign-in", { email: m.email, password: m.password, redirectTo: "/pricing" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/pricing");
    const evil = await new Client(server).form("/sign-in", {
      email: m.email,
      password: m.password,
      redirectTo: "//evil.example/x",
    });
    expect(evil.headers.get("location")).toBe("/dashboard");
  });

  it("gives the same generic message for a wrong password and an unknown address", async () => {
    const m = await createMember(server);
    const wrong = await new Client(server).form("/sign-in", { email: m.email, password: "wrong-password" });
    const unknown = await new Client(server).form("/sign-in", { email: newEmail(), password: "whatever1" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    for (const body of [await html(wrong), await html(unknown)])
      expect(body).toContain("Sign in failed. Please try again.");
  });

  it("signs out with a POST (session deleted, cookie cleared); the dashboard then says Please log in", async () => {
    const m = await createMember(server);
    expect((await m.client.fetch("/dashboard")).status).toBe(200);
    const stolenCookie = m.client.cookieHeader;
    const out = await m.client.form("/sign-out", {});
    expect(out.status).toBe(302);
    expect(out.headers.getSetCookie().some((c) => /better-auth\.session_token=;/.test(c) || /Max-Age=0/i.test(c))).toBe(
      true,
    );
    const dash = await m.client.fetch("/dashboard");
    expect(dash.status).toBe(401);
    const body = await html(dash);
    expect(body).toContain("Please log in");
    expect(body).toContain("Access Denied");
    // The old cookie is worthless: the session is gone from the database.
    const replay = await fetch(`${server.url}/dashboard`, { headers: { cookie: stolenCookie } });
    expect(replay.status).toBe(401);
  });

  it("never serves a signed-in member the anonymous page from the HTML cache", async () => {
    await fetch(`${server.url}/pricing`);
    expect((await fetch(`${server.url}/pricing`)).headers.get("x-cache")).toBe("HIT");
    const m = await createMember(server);
    const res = await m.client.fetch("/pricing");
    expect(res.headers.get("x-cache")).not.toBe("HIT");
    const body = await html(res);
    expect(body).toMatch(/data-testid="plan-free"[\s\S]*?Current Plan/);
    expect(body).toContain('data-testid="user-menu"');
  });

  it("/login and /signup are aliases", async () => {
    const login = await fetch(`${server.url}/login?redirectTo=%2Fpricing`, { redirect: "manual" });
    expect(login.status).toBe(301);
    expect(login.headers.get("location")).toBe("/sign-in?redirectTo=%2Fpricing");
    const signup = await fetch(`${server.url}/signup`, { redirect: "manual" });
    expect(signup.headers.get("location")).toBe("/sign-up");
  });

  it("hides Google/GitHub buttons and the demo button when they are not configured", async () => {
    const body = await html(await fetch(`${server.url}/sign-in`));
    expect(body).not.toContain("Continue with Google");
    expect(body).not.toContain("Continue with GitHub");
    expect(body).not.toContain("Demo user");
    const demo = await new Client(server).form("/sign-in", { intent: "demo", tier: "expert" });
    expect(demo.status).toBe(404);
  });
});

describe("dashboard settings", () => {
  it("dark mode is the Standard/Expert perk: saved on the account, applied on other devices", async () => {
    const free = await createMember(server);
    const refused = await free.client.form("/dashboard", { intent: "dark-mode", darkMode: "on" });
    expect(refused.status).toBe(403);
    expect(await html(refused)).toContain("Dark mode is available for Standard and Expert members");

    const member = await createMember(server, { tier: "standard" });
    const on = await member.client.form("/dashboard", { intent: "dark-mode", darkMode: "on" });
    expect(on.status).toBe(200);
    expect(on.headers.getSetCookie().some((c) => c.startsWith("theme=dark"))).toBe(true);
    // Another device: the session cookie only, no theme of its own.
    const session = [...member.client.cookies]
      .filter(([k]) => k.includes("session_token"))
      .map(([k, v]) => `${k}=${v}`);
    const other = await (await fetch(`${server.url}/`, { headers: { cookie: session.join("; ") } })).text();
    expect(other).toMatch(/<html lang="en" class="dark"/);
    const off = await member.client.form("/dashboard", { intent: "dark-mode", darkMode: "off" });
    expect(off.headers.getSetCookie().some((c) => c.startsWith("theme=light"))).toBe(true);
  });

  it("edits the profile; a taken username is refused with a message", async () => {
    const a = await createMember(server);
    const b = await createMember(server);
    const username = `taken_${Math.random().toString(36).slice(2, 8)}`;
    const ok = await a.client.form("/dashboard", { intent: "profile", name: "Ann", username, bio: "Hi", image: "" });
    expect(ok.status).toBe(200);
    expect(await html(ok)).toContain("Your profile has been saved.");
    const taken = await b.client.form("/dashboard", {
      intent: "profile",
      name: "Bob",
      username: username.toUpperCase(),
    });
    expect(taken.status).toBe(409);
    expect(await html(taken)).toContain("That username is taken");
    const bad = await b.client.form("/dashboard", {
      intent: "profile",
      name: "Bob",
      image: "http://insecure.example/a.png",
    });
    expect(bad.status).toBe(400);
    expect(await html(bad)).toContain("Avatar URL must start with https://");
    const profile = await (await fetch(`${server.url}/user/${username}`)).text();
    expect(profile).toContain("Ann");
    expect(profile).toContain(`@${username}`);
  });
});

describe("password reset by e-mail", () => {
  it("sends a one-time link to the outbox; the new password works, the old one and the link no longer do", async () => {
    const m = await createMember(server);
    const before = outbox().length;
    const asked = await new Client(server).form("/forgot-password", { email: m.email });
    expect(asked.status).toBe(200);
    expect(await html(asked)).toContain("If an account exists for that address");
    const mails = outbox().slice(before);
    const mail = mails.find((x) => x.to === m.email && x.tag === "password-reset");
    expect(mail?.subject).toBe("Reset your Toolscape password");
    const link = /(http:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(mail?.text ?? "")?.[1];
    expect(link).toBeTruthy();
    const url = new URL(link as string);
    expect(url.origin).toBe(server.url);

    // The outbox page lists it too (MAIL_OUTBOX_PAGE=1 in this test server).
    const page = await fetch(`${server.url}/dev/mail`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(url.search.replace(/&/g, "&amp;"));

    const form = await fetch(`${server.url}${url.pathname}${url.search}`);
    expect(form.status).toBe(200);
    expect(form.headers.get("cache-control")).toContain("no-store");

    const client = new Client(server);
    const token = url.searchParams.get("token") as string;
    const mismatch = await client.form(`/reset-password${url.search}`, {
      token,
      password: "brand-new-1",
      confirmPassword: "brand-new-2",
    });
    expect(await html(mismatch)).toContain("Passwords do not match");
    const done = await client.form(`/reset-password${url.search}`, {
      token,
      password: "brand-new-1",
      confirmPassword: "brand-new-1",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/sign-in?reset=done");

    // Old sessions were revoked with the reset.
    expect((await m.client.fetch("/dashboard")).status).toBe(401);
    expect((await new Client(server).form("/sign-in", { email: m.email, password: m.password })).status).toBe(401);
    expect((await new Client(server).form("/sign-in", { email: m.email, password: "brand-new-1" })).status).toBe(302);
    const again = await new Client(server).form(`/reset-password${url.search}`, {
      token,
      password: "third-one-1",
      confirmPassword: "third-one-1",
    });
    expect(await html(again)).toContain("This reset link is invalid or has expired");
  });

  it("answers an unknown address exactly like a known one and sends nothing", async () => {
    const before = outbox().length;
    const res = await new Client(server).form("/forgot-password", { email: newEmail() });
    expect(res.status).toBe(200);
    expect(await html(res)).toContain("If an account exists for that address");
    expect(outbox().length).toBe(before);
  });
});

describe("brute force", () => {
  it("sign-in through the page answers 429 with a clear message after 5 tries for one address", async () => {
    const m = await createMember(server);
    const attacker = new Client(server);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await attacker.form("/sign-in", { email: m.email, password: `guess-${i}` });
      statuses.push(res.status);
      if (res.status === 429)
        expect(await html(res)).toContain("Too many attempts. Please wait a minute and try again.");
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Even the right password is refused during the window.
    expect((await attacker.form("/sign-in", { email: m.email, password: m.password })).status).toBe(429);
    // Another client address is not affected.
    expect((await new Client(server).form("/sign-in", { email: m.email, password: m.password })).status).toBe(302);
  });

  it("the JSON endpoint /api/auth/sign-in/email shares the limit and says so with 429 and Retry-After", async () => {
    const attacker = new Client(server);
    const email = newEmail();
    let last: Response | null = null;
    for (let i = 0; i < 6; i++)
      last = await attacker.json("/api/auth/sign-in/email", "POST", { email, password: "nope-nope" });
    expect(last?.status).toBe(429);
    expect(last?.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await last?.json()).toEqual({
      success: false,
      error: "Too many attempts. Please wait a minute and try again.",
    });
  });

  it("sign-up and reset are limited to 5 a minute per address", async () => {
    const client = new Client(server);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await client.form("/sign-up", {
        name: "X",
        email: newEmail(),
        password: "secret1",
        confirmPassword: "secret1",
      });
      statuses.push(res.status);
      client.cookies.clear(); // as a new visitor each time (a signed-in one is sent to the dashboard)
    }
    expect(statuses.slice(0, 5).every((s) => s === 302)).toBe(true);
    expect(statuses[5]).toBe(429);
    const resetter = new Client(server);
    const resets: number[] = [];
    for (let i = 0; i < 6; i++) resets.push((await resetter.form("/forgot-password", { email: newEmail() })).status);
    expect(resets).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("CSRF", () => {
  it("uses a referrer policy under which browsers send a real Origin on plain form posts", async () => {
    const res = await fetch(`${server.url}/sign-in`);
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("refuses a form post whose Origin is null when it carries cookies", async () => {
    const m = await createMember(server);
    const res = await m.client.form("/sign-out", {}, { origin: "null" });
    expect(res.status).toBe(403);
  });

  it("refuses a cross-site form post that carries the session cookie", async () => {
    const m = await createMember(server);
    const res = await m.client.form(
      "/dashboard",
      { intent: "profile", name: "Hacked" },
      { origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("did not come from a Toolscape page");
    const api = await m.client.json(
      "/api/saved-searches",
      "POST",
      { name: "x", query: "q=x" },
      { origin: "https://evil.example" },
    );
    expect(api.status).toBe(403);
    expect(((await api.json()) as { error: string }).error).toContain("cross-site request");
  });

  it("refuses cookie-carrying posts without Origin or Referer, and browsers' cross-site posts even without cookies", async () => {
    const m = await createMember(server);
    const noOrigin = await m.client.form("/sign-out", {}, { origin: null });
    expect(noOrigin.status).toBe(403);
    const crossSite = await fetch(`${server.url}/sign-in`, {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
      body: "email=a%40b.co&password=secret1",
      redirect: "manual",
    });
    expect(crossSite.status).toBe(403);
    // A same-site referer is accepted when Origin is absent.
    const viaReferer = await m.client.form(
      "/dashboard",
      { intent: "profile", name: "Ada R" },
      {
        origin: null,
        headers: { referer: `${server.url}/dashboard?edit=1` },
      },
    );
    expect(viaReferer.status).toBe(200);
  });
});
