// engine: both — concurrent reads of the content versions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordToolView } from "../../server/modules/accounts/index.ts";
import { queryRows, sql, transaction } from "../../server/platform/db/index.ts";
import { asOneContentChange, readVersions } from "../../server/platform/db/versions.ts";
import { createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Issue 23: the viewer version (the session cache's validity, ADR 0032) moves when something a
 * cached viewer holds changes, and only then: a free member's daily views, timestamps and the
 * operator's override dates must not empty every instance's session cache.
 */
let server: TestServer;
let member: Member;
const viewerVersion = async () => (await readVersions(server.services.db)).viewer;

beforeAll(async () => {
  server = await startTestServer();
  member = await createMember(server, { name: "Vera Version-3321" });
});
afterAll(async () => {
  await server?.close();
});

describe("viewer version triggers", () => {
  it("does not move for view counts, timestamps or override dates", async () => {
    const db = server.services.db;
    const [tool] = await queryRows<{ id: string }>(db, sql`SELECT id FROM tools WHERE status = 'active' LIMIT 1`);
    const before = await viewerVersion();
    // A free member opens a new tool: the profile's daily counter is written.
    const view = await recordToolView(db, `user:${member.id}`, tool?.id ?? "", "free", new Date());
    expect(view.allowed).toBe(true);
    const [profile] = await queryRows<{ daily_usage: number }>(
      db,
      sql`SELECT daily_usage FROM user_profiles WHERE user_id = ${member.id}`,
    );
    expect(profile?.daily_usage).toBe(1);
    await db.execute(
      sql`UPDATE user_profiles SET last_reset = last_reset - 1, updated_at = now() WHERE user_id = ${member.id}`,
    );
    await db.execute(
      sql`UPDATE user_profiles SET tier_override_until = now() + interval '1 day' WHERE user_id = ${member.id}`,
    );
    await db.execute(
      sql`UPDATE users SET updated_at = now(), email_verified = NOT email_verified WHERE id = ${member.id}`,
    );
    // A session refreshed (extended) does not move it either.
    await db.execute(
      sql`UPDATE sessions SET expires_at = expires_at + interval '1 day', updated_at = now() WHERE user_id = ${member.id}`,
    );
    expect(await viewerVersion()).toBe(before);
  });

  it("moves for each column a cached viewer holds, and when a session ends", async () => {
    const db = server.services.db;
    const changes = [
      sql`UPDATE users SET name = 'Vera Renamed' WHERE id = ${member.id}`,
      sql`UPDATE users SET email = 'vera-renamed-3321@example.com' WHERE id = ${member.id}`,
      sql`UPDATE users SET image = 'https://example.com/a.png' WHERE id = ${member.id}`,
      sql`UPDATE users SET username = 'vera3321' WHERE id = ${member.id}`,
      sql`UPDATE users SET bio = 'hello' WHERE id = ${member.id}`,
      sql`UPDATE users SET role = 'admin' WHERE id = ${member.id}`,
      sql`UPDATE users SET suspended_at = now() WHERE id = ${member.id}`,
      sql`UPDATE user_profiles SET tier = 'standard' WHERE user_id = ${member.id}`,
      sql`UPDATE user_profiles SET is_verified = true WHERE user_id = ${member.id}`,
      sql`UPDATE user_profiles SET verification_type = 'linkedin' WHERE user_id = ${member.id}`,
      sql`UPDATE user_profiles SET dark_mode = true WHERE user_id = ${member.id}`,
      sql`DELETE FROM sessions WHERE user_id = ${member.id}`,
    ];
    for (const change of changes) {
      const before = await viewerVersion();
      await db.execute(change);
      expect(await viewerVersion(), String(change.queryChunks[0])).toBeGreaterThan(before);
    }
  });
});

describe("readVersions", () => {
  it("shares one read among the callers of one turn, and never answers with a read older than the call", async () => {
    const db = server.services.db;
    const [a, b, c] = await Promise.all([readVersions(db), readVersions(db), readVersions(db)]);
    expect(a).toBe(b);
    expect(b).toBe(c);
    const first = readVersions(db);
    await db.execute(sql`UPDATE content_version SET version = version + 1 WHERE id = 1`);
    const second = readVersions(db);
    expect((await second).content).toBeGreaterThanOrEqual((await first).content);
    // Asked after the write: sees it (whatever was in flight).
    const [row] = await queryRows<{ v: string }>(db, sql`SELECT version AS v FROM content_version WHERE id = 1`);
    expect((await readVersions(db)).content).toBe(Number(row?.v));
  });
});

describe("asOneContentChange (a bulk job's writes)", () => {
  const contentVersion = async () => {
    const [row] = await queryRows<{ v: string }>(
      server.services.db,
      sql`SELECT version AS v FROM content_version WHERE id = 1`,
    );
    return Number(row?.v);
  };
  // A statement trigger fires on a statement that touches no row: each of these is one bump on its own.
  const touch = (db: Parameters<typeof transaction>[0]) =>
    db.execute(sql`UPDATE categories SET name = name WHERE false`);

  it("moves the content version once for many transactions, and never holds back another writer's", async () => {
    const db = server.services.db;
    let v = await contentVersion();
    await touch(db);
    expect(await contentVersion()).toBe(v + 1);
    v = await contentVersion();
    const result = await asOneContentChange(db, async (bulk) => {
      for (let i = 0; i < 5; i++) await transaction(bulk, (tx) => touch(tx));
      expect(await contentVersion()).toBe(v);
      // A writer outside the job, meanwhile, moves it as always.
      await transaction(db, (tx) => touch(tx));
      expect(await contentVersion()).toBe(v + 1);
      return "done";
    });
    expect(result).toBe("done");
    expect(await contentVersion()).toBe(v + 2);
    // The setting was the transaction's own: a later transaction moves it again.
    await transaction(db, (tx) => touch(tx));
    expect(await contentVersion()).toBe(v + 3);
  });

  it("still moves it once when the job fails part way (what it committed is shown)", async () => {
    const db = server.services.db;
    const v = await contentVersion();
    await expect(
      asOneContentChange(db, async (bulk) => {
        await transaction(bulk, (tx) => touch(tx));
        throw new Error("job failed");
      }),
    ).rejects.toThrow("job failed");
    expect(await contentVersion()).toBe(v + 1);
  });
});
