import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIRMATION_NOT_SENT, subscribe, unsubscribe } from "../../server/modules/content/index.ts";
import { queryRows } from "../../server/platform/db/index.ts";
import type { Mailer } from "../../server/platform/mail.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ pages: true });
});
afterAll(async () => {
  await server?.close();
});

const post = (p: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  server.get(p, {
    method: "POST",
    body: new URLSearchParams(body),
    redirect: "manual",
    headers: { origin: server.url, ...headers },
  });

describe("newsletter", () => {
  it("stores the address once and answers with the spec's success text", async () => {
    const send = (email: string) =>
      server.get("/api/newsletter/subscribe", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email }),
      });
    const first = await send("Reader@Example.com");
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      success: true,
      message: "Thank you for subscribing! Check your email for confirmation.",
    });
    const again = await send("reader@example.com");
    expect(again.status).toBe(200);
    const rows = await queryRows<{ n: number }>(
      server.services.db,
      sql`SELECT count(*)::int AS n FROM newsletter_subscribers WHERE lower(email) = 'reader@example.com'`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it("sends one confirmation message with an unsubscribe link", async () => {
    const dir = path.join(server.services.env.DATA_DIR, "mail");
    const mails = readdirSync(dir)
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")))
      .filter((m) => m.to.toLowerCase() === "reader@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/\/newsletter\/unsubscribe\?token=[\w-]+/);
  });

  it.each([["not-an-email"], ["a@b"], ["@b.co"], [""], ["a b@c.de"]])(
    "rejects %j with the spec's message",
    async (email) => {
      const res = await server.get("/api/newsletter/subscribe", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ success: false, error: "Please enter a valid email address" });
    },
  );

  it("sends the confirmation on the next try when sending failed; a re-subscription is confirmed again", async () => {
    const db = server.services.db;
    const sent: string[] = [];
    let down = true;
    const mailer: Mailer = {
      kind: "smtp",
      async send(message) {
        if (down) throw new Error("SMTP unavailable");
        sent.push(message.to);
        return { id: String(sent.length) };
      },
    };
    const input = { email: "retry@example.com" };
    await expect(
      subscribe(db, mailer, input, server.services.env, { now: server.services.clock.now() }),
    ).rejects.toMatchObject({
      status: 503,
      message: CONFIRMATION_NOT_SENT,
    });
    down = false;
    expect(await subscribe(db, mailer, input, server.services.env, { now: server.services.clock.now() })).toEqual({
      alreadySubscribed: false,
    });
    expect(await subscribe(db, mailer, input, server.services.env, { now: server.services.clock.now() })).toEqual({
      alreadySubscribed: true,
    });
    expect(sent).toEqual(["retry@example.com"]);
    const [row] = await queryRows<{ token: string }>(
      db,
      sql`SELECT token FROM newsletter_subscribers WHERE email = 'retry@example.com'`,
    );
    expect(await unsubscribe(db, row?.token ?? "")).toBe(true);
    expect(await subscribe(db, mailer, input, server.services.env, { now: server.services.clock.now() })).toEqual({
      alreadySubscribed: false,
    });
    expect(sent).toEqual(["retry@example.com", "retry@example.com"]);
  });

  it("answers a body that is not JSON with a 400", async () => {
    const res = await server.get("/api/newsletter/subscribe", { method: "POST", body: "{" });
    expect(res.status).toBe(400);
  });

  it("works without JavaScript: the home form posts to the page's action", async () => {
    const ok = await post("/?index", { email: "nojs@example.com" });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Thank you for subscribing! Check your email for confirmation.");
    const bad = await post("/?index", { email: "nope" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please enter a valid email address");
  });
});

describe("preferences", () => {
  it("stores the theme in a cookie and renders the page dark", async () => {
    const res = await post(
      "/preferences",
      { intent: "theme", theme: "dark" },
      { referer: `${server.url}/tools?page=2` },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/tools?page=2");
    expect(res.headers.get("set-cookie")).toContain("theme=dark");
    const page = await server.get("/tools", { headers: { cookie: "theme=dark" } });
    expect(await page.text()).toMatch(/<html lang="en" class="dark"/);
  });

  it("never redirects to another site", async () => {
    const res = await post("/preferences", { intent: "theme", theme: "light" }, { referer: "https://evil.example/x" });
    expect(res.headers.get("location")).toBe("/");
  });

  it("records the consent choice; the bar is gone once a choice is stored", async () => {
    const before = await (await server.get("/")).text();
    expect(before).toContain("Essential only");
    expect(before).toContain("Accept all");
    const res = await post("/preferences", { intent: "consent", consent: "essential" });
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("cookieConsent=essential"))).toBe(true);
    const after = await (await server.get("/", { headers: { cookie: "cookieConsent=essential" } })).text();
    expect(after).not.toContain("Essential only");
  });

  it("saves the four cookie categories from /cookies; essential stays on", async () => {
    const page = await server.get("/cookies");
    const html = await page.text();
    for (const name of ["Essential", "Analytics", "Marketing", "Personalization"]) expect(html).toContain(name);
    const res = await post("/preferences", { intent: "cookie-preferences", analytics: "on" });
    const prefs = res.headers.getSetCookie().find((c) => c.startsWith("cookiePreferences="));
    expect(decodeURIComponent(prefs ?? "")).toContain(
      '{"essential":true,"analytics":true,"marketing":false,"personalization":false}',
    );
  });

  it("rejects an unknown preference with a 400", async () => {
    const res = await post("/preferences", { intent: "theme", theme: "purple" });
    expect(res.status).toBe(400);
  });
});

describe("findability", () => {
  it("lists every tool and category in /sitemap.xml", async () => {
    const res = await server.get("/sitemap.xml");
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    expect(xml.match(/<loc>[^<]*\/tools\/[^<]+<\/loc>/g)).toHaveLength(2658);
    expect(xml).toContain("/category/image-generation</loc>");
  });

  it("robots.txt keeps crawlers out of /api/, /admin and /dashboard for first-match and longest-match parsers", async () => {
    const text = await (await server.get("/robots.txt")).text();
    const rules = text
      .split("\n")
      .map((l) => /^(Allow|Disallow):\s*(\S*)/i.exec(l.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ allow: (m[1] as string).toLowerCase() === "allow", path: m[2] as string }))
      .filter((r) => r.path !== "");
    const matching = (p: string) => rules.filter((r) => p.startsWith(r.path));
    // The original robots.txt convention: the first matching line decides.
    const firstMatch = (p: string) => matching(p)[0]?.allow ?? true;
    // RFC 9309 (Google): the longest matching path decides; Allow wins a tie.
    const longestMatch = (p: string) =>
      matching(p).sort((a, b) => b.path.length - a.path.length || Number(b.allow) - Number(a.allow))[0]?.allow ?? true;
    for (const allowed of [firstMatch, longestMatch]) {
      for (const p of ["/api/tools", "/admin", "/admin/users", "/dashboard", "/dashboard/billing", "/go/chatgpt"]) {
        expect(allowed(p), `${allowed.name} ${p}`).toBe(false);
      }
      for (const p of ["/", "/tools", "/tools/chatgpt", "/category/writing", "/llms.txt"]) {
        expect(allowed(p), `${allowed.name} ${p}`).toBe(true);
      }
    }
  });

  it("serves robots.txt pointing at the sitemap", async () => {
    const text = await (await server.get("/robots.txt")).text();
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });
});

describe("frame", () => {
  it("lists the real categories in the AI Tools menu, linking to /tools?category=name", async () => {
    const html = await (await server.get("/")).text();
    expect(html).toContain('href="/tools?category=Image%20Generation"');
    expect(html).toContain("Skip to content");
    expect(html).toContain("Skip to navigation");
  });

  it("filters /tools by several categories at once", async () => {
    const html = await (await server.get("/tools?category=writing&category=design")).text();
    expect(html).toMatch(/(\d+) tools/);
    expect(html).toContain("Categories (2)");
  });

  it("the 404 page searches through /search", async () => {
    const html = await (await server.get("/nowhere")).text();
    expect(html).toContain('action="/search"');
  });

  it("accepts client error reports", async () => {
    const res = await server.get("/api/errors", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ error: "boom", url: "http://x/y", timestamp: new Date().toISOString() }),
    });
    expect(res.status).toBe(200);
  });
});

describe("newsletter unsubscribe", () => {
  it("unsubscribes with the token from the confirmation mail, and refuses a bad token", async () => {
    await server.get("/api/newsletter/subscribe", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "leaver@example.com" }),
    });
    const dir = path.join(server.services.env.DATA_DIR, "mail");
    const mail = readdirSync(dir)
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")))
      .find((m) => m.to === "leaver@example.com");
    const link = String(mail.text).match(/\/newsletter\/unsubscribe\?token=[\w-]+/)?.[0] ?? "";
    // A GET (a person, or a mail scanner opening links) only asks…
    const asked = await server.get(link);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Unsubscribe from the newsletter?");
    const still = await queryRows<{ status: string }>(
      server.services.db,
      sql`SELECT status::text FROM newsletter_subscribers WHERE email = 'leaver@example.com'`,
    );
    expect(still[0]?.status).toBe("subscribed");
    // …the button posts the token.
    const token = link.split("token=")[1] ?? "";
    const res = await post(link, { token });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("You&#x27;re unsubscribed");
    const rows = await queryRows<{ status: string }>(
      server.services.db,
      sql`SELECT status::text FROM newsletter_subscribers WHERE email = 'leaver@example.com'`,
    );
    expect(rows[0]?.status).toBe("unsubscribed");
    expect((await server.get("/newsletter/unsubscribe?token=nope")).status).toBe(400);
  });
});
