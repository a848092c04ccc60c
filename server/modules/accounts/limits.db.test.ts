// engine: both — rate-limit rows are counted by upserts that concurrent connections race on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabase } from "../../../tests/helpers/db.ts";
import { type Database, queryRows, sql } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { loadEntitlements } from "./entitlements.ts";
import { consumeRateLimit, limitAuthAttempt, pruneRateLimits } from "./rate-limit.ts";
import { dailyViews, recordToolView, viewSubject } from "./usage.ts";

let database: Database;
let toolIds: string[];
beforeAll(async () => {
  database = await createTestDatabase();
  toolIds = (
    await queryRows(database.db, sql`SELECT id FROM tools ORDER BY name LIMIT 13`, z.object({ id: z.string() }))
  ).map((r) => r.id);
});
afterAll(async () => {
  await database?.close();
});

describe("rate limiter (fixed window on rate_limits)", () => {
  it("allows max attempts per window, then refuses until the window ends", async () => {
    const rule = { max: 3, windowSec: 60 };
    const t0 = new Date("2030-01-01T00:00:00Z");
    const at = (s: number) => new Date(t0.getTime() + s * 1000);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await consumeRateLimit(database.db, "test:a", rule, at(i)));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfterSec).toBe(57);
    expect((await consumeRateLimit(database.db, "test:a", rule, at(59))).allowed).toBe(false);
    const fresh = await consumeRateLimit(database.db, "test:a", rule, at(60));
    expect(fresh).toMatchObject({ allowed: true, count: 1 });
    expect((await consumeRateLimit(database.db, "test:b", rule, at(61))).allowed).toBe(true);
  });

  it("sign-in: 5 per minute per address and e-mail, 20 per minute per address", async () => {
    const now = new Date("2030-02-01T00:00:00Z");
    for (let i = 0; i < 5; i++) await limitAuthAttempt(database.db, "sign-in", { ip: "1.1.1.1", email: "a@x.io" }, now);
    const refused = await limitAuthAttempt(database.db, "sign-in", { ip: "1.1.1.1", email: "A@x.io" }, now).catch(
      (e) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused.status).toBe(429);
    expect(refused.message).toBe("Too many attempts. Please wait a minute and try again.");
    // Other addresses from the same client still count against the per-address limit of 20.
    for (let i = 0; i < 14; i++) {
      await limitAuthAttempt(database.db, "sign-in", { ip: "1.1.1.1", email: `u${i}@x.io` }, now);
    }
    await expect(limitAuthAttempt(database.db, "sign-in", { ip: "1.1.1.1", email: "z@x.io" }, now)).rejects.toThrow(
      /Too many attempts/,
    );
    await expect(
      limitAuthAttempt(database.db, "sign-in", { ip: "2.2.2.2", email: "a@x.io" }, now),
    ).resolves.toBeUndefined();
  });

  it("a daily rule survives a prune: each row keeps its own window (issue 31)", async () => {
    const daily = { max: 2, windowSec: 86_400 };
    const t0 = new Date("2030-04-01T00:00:00Z");
    const later = (h: number) => new Date(t0.getTime() + h * 3_600_000);
    await consumeRateLimit(database.db, "test:daily", daily, t0);
    await consumeRateLimit(database.db, "test:minute", { max: 1, windowSec: 60 }, t0);
    // Two hours in, a sign-in attempt prunes: the minute's row goes, the day's row stays.
    await pruneRateLimits(database.db, later(2));
    const keys = await queryRows(
      database.db,
      sql`SELECT key FROM rate_limits WHERE key LIKE 'test:%ly' OR key = 'test:minute' ORDER BY key`,
      z.object({ key: z.string() }),
    );
    expect(keys.map((r) => r.key)).toEqual(["test:daily"]);
    expect((await consumeRateLimit(database.db, "test:daily", daily, later(3))).allowed).toBe(true);
    expect((await consumeRateLimit(database.db, "test:daily", daily, later(4))).allowed).toBe(false);
    // A day after it began, the window ends and the row may go.
    await pruneRateLimits(database.db, later(25));
    expect((await consumeRateLimit(database.db, "test:daily", daily, later(25))).count).toBe(1);
  });

  it("a sign-in prune leaves a member's daily invitations counted", async () => {
    const daily = { max: 1, windowSec: 86_400 };
    const t0 = new Date("2030-05-01T00:00:00Z");
    await consumeRateLimit(database.db, "test:invite", daily, t0);
    const twoHours = new Date(t0.getTime() + 2 * 3_600_000);
    await limitAuthAttempt(database.db, "sign-in", { ip: "9.9.9.9", email: "p@x.io" }, twoHours);
    expect((await consumeRateLimit(database.db, "test:invite", daily, twoHours)).allowed).toBe(false);
  });

  it("sign-up and reset: 5 per minute per address", async () => {
    const now = new Date("2030-03-01T00:00:00Z");
    for (const action of ["sign-up", "reset"] as const) {
      for (let i = 0; i < 5; i++) await limitAuthAttempt(database.db, action, { ip: "3.3.3.3" }, now);
      await expect(limitAuthAttempt(database.db, action, { ip: "3.3.3.3" }, now)).rejects.toThrow(/Too many attempts/);
    }
  });
});

describe("daily tool views", () => {
  it("free: 10 distinct tools a day, then refused; a tool already seen stays open; a new day starts over", async () => {
    const day = new Date("2030-04-01T12:00:00Z");
    const subject = "visitor:test-visitor-0001" as const;
    for (let i = 0; i < 10; i++) {
      const r = await recordToolView(database.db, subject, toolIds[i] as string, "free", day);
      expect(r).toEqual({ used: i + 1, limit: 10, allowed: true });
    }
    expect(await recordToolView(database.db, subject, toolIds[10] as string, "free", day)).toEqual({
      used: 10,
      limit: 10,
      allowed: false,
    });
    expect((await recordToolView(database.db, subject, toolIds[3] as string, "free", day)).allowed).toBe(true);
    expect(await dailyViews(database.db, subject, day)).toBe(10);
    const next = new Date("2030-04-02T00:00:01Z");
    expect(await recordToolView(database.db, subject, toolIds[10] as string, "free", next)).toMatchObject({
      used: 1,
      allowed: true,
    });
  });

  it("paid tiers are unlimited", async () => {
    const day = new Date("2030-05-01T12:00:00Z");
    let last = null;
    for (const id of toolIds) last = await recordToolView(database.db, "visitor:paid-check-00001", id, "standard", day);
    expect(last).toEqual({ used: 13, limit: null, allowed: true });
  });

  it("keeps a member's profile counter and last reset in step", async () => {
    await database.db.execute(sql`INSERT INTO users (id, name, email) VALUES ('usage-user', 'U', 'usage@x.io')`);
    const day = new Date("2030-06-01T08:00:00Z");
    await recordToolView(database.db, "user:usage-user", toolIds[0] as string, "free", day);
    await recordToolView(database.db, "user:usage-user", toolIds[1] as string, "free", day);
    const [p] = await queryRows(
      database.db,
      sql`SELECT daily_usage, last_reset::text AS last_reset FROM user_profiles WHERE user_id = 'usage-user'`,
      z.object({ daily_usage: z.number(), last_reset: z.string() }),
    );
    expect(p).toEqual({ daily_usage: 2, last_reset: "2030-06-01" });
  });

  it("counts visitors by a first-party cookie it creates when missing", () => {
    const first = viewSubject(null, "theme=dark");
    expect(first.subject).toMatch(/^visitor:[\w-]{16,}$/);
    expect(first.setCookie).toMatch(/^ts_vid=[\w-]+; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/);
    const id = first.subject.slice("visitor:".length);
    expect(viewSubject(null, `theme=dark; ts_vid=${id}`)).toEqual({
      subject: first.subject,
      tier: "free",
      setCookie: null,
    });
    expect(viewSubject(null, "ts_vid=<bad>").setCookie).not.toBeNull();
  });

  it("reads the seeded entitlements from the database", async () => {
    const ents = await loadEntitlements(database.db, { fresh: true });
    expect(ents.compareCap("standard")).toBe(5);
    expect(ents.hasAccess("expert", "bulk_export")).toBe(true);
    expect(ents.hasAccess("standard", "bulk_export")).toBe(false);
    expect(ents.supportLevel("expert")).toBe("Priority tickets, answered first");
    expect(ents.features.length).toBeGreaterThanOrEqual(25);
  });
});
