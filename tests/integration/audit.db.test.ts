import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuditRecord, listAudit } from "../../server/platform/audit.ts";
import { openDatabase } from "../../server/platform/db/index.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const run = promisify(execFile);
type AuditAnswer = { success: boolean; entries: AuditRecord[]; total: number; page: number; limit: number };

describe("the audit log of operator changes", () => {
  let server: TestServer;
  let admin: Member;
  let member: Member;
  let victim: Member;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createMember(server, { role: "admin", name: "Ada Admin" });
    member = await createMember(server, { tier: "expert" });
    victim = await createMember(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const auditOf = async (targetId: string) => (await listAudit(server.services.db, { target_id: targetId })).entries;

  it("records a tier change through the admin API, before → after, with the admin and the request id", async () => {
    const res = await admin.client.json(`/api/admin/users/${victim.id}`, "PUT", { tier: "expert" });
    expect(res.status).toBe(200);
    const entries = await auditOf(victim.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_id: admin.id,
      actor_label: admin.email,
      action: "user.tier_override",
      target_type: "user",
      target_id: victim.id,
      before: { tier: "free" },
      after: { tier: "expert" },
      request_id: res.headers.get("x-request-id"),
    });
  });

  it("leaves nothing when the caller is refused or nothing changes", async () => {
    const before = (await auditOf(victim.id)).length;
    const refused = await member.client.json(`/api/admin/users/${victim.id}`, "PUT", { tier: "free" });
    expect(refused.status).toBe(403);
    const visitor = await new Client(server).json(`/api/admin/users/${victim.id}`, "PUT", { tier: "free" });
    expect(visitor.status).toBe(401);
    const bad = await admin.client.json(`/api/admin/users/${victim.id}`, "PUT", { tier: "platinum" });
    expect(bad.status).toBe(400);
    // The same tier again is not a change.
    const same = await admin.client.json(`/api/admin/users/${victim.id}`, "PUT", { tier: "expert" });
    expect(same.status).toBe(200);
    expect(await auditOf(victim.id)).toHaveLength(before);
  });

  it("writes one row per changed field, and none for a change that is refused", async () => {
    const res = await admin.client.json(`/api/admin/users/${victim.id}`, "PUT", { tier: "standard", role: "admin" });
    expect(res.status).toBe(200);
    const [role, tier] = await auditOf(victim.id);
    expect(new Set([role?.action, tier?.action])).toEqual(new Set(["user.role_change", "user.tier_override"]));
    const byAction = Object.fromEntries([role, tier].map((e) => [e?.action, e]));
    expect(byAction["user.role_change"]).toMatchObject({ before: { role: "member" }, after: { role: "admin" } });
    expect(byAction["user.tier_override"]).toMatchObject({ before: { tier: "expert" }, after: { tier: "standard" } });
    // Demoting oneself is refused (400, issue 10; the CLI's last-admin guard answers 409) and leaves no row.
    expect((await admin.client.json(`/api/admin/users/${victim.id}`, "PUT", { role: "member" })).status).toBe(200);
    const count = (await auditOf(admin.id)).length;
    const last = await admin.client.json(`/api/admin/users/${admin.id}`, "PUT", { role: "member", tier: "expert" });
    expect(last.status).toBe(400);
    expect(await auditOf(admin.id)).toHaveLength(count);
  });

  it("GET /api/admin/audit: administrators only, newest first, filtered and paged", async () => {
    expect((await new Client(server).fetch("/api/admin/audit")).status).toBe(401);
    const refused = await member.client.fetch("/api/admin/audit");
    expect(refused.status).toBe(403);
    const res = await admin.client.fetch(`/api/admin/audit?target_id=${victim.id}&limit=2`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const body = (await res.json()) as AuditAnswer;
    expect(body).toMatchObject({ success: true, total: 4, page: 1, limit: 2 });
    expect(body.entries.map((e) => e.after)).toEqual([{ role: "member" }, expect.anything()]);
    const tiers = (await (
      await admin.client.fetch(`/api/admin/audit?action=user.tier_override&target_id=${victim.id}`)
    ).json()) as AuditAnswer;
    expect(tiers.entries.map((e) => e.after?.tier)).toEqual(["standard", "expert"]);
    for (const q of ["limit=1000", "page=0", "action=DROP%20TABLE", "target_id=%00"]) {
      const bad = await admin.client.fetch(`/api/admin/audit?${q}`);
      expect(bad.status, q).toBe(400);
    }
  });
});

describe("the operator CLI", () => {
  it("npm run user -- set-tier / set-role leave audit rows with the actor 'cli'", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "toolscape-audit-cli-"));
    // PostgreSQL: the run's server; PGlite: a fresh embedded database in its own data dir.
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent", DATABASE_URL: "" };
    let pgServer: TestServer | null = null;
    if (process.env.TEST_ENGINE === "postgres") {
      pgServer = await startTestServer();
      const pool = (pgServer.services.db as unknown as { $client: { options: { connectionString: string } } }).$client;
      env.DATABASE_URL = pool.options.connectionString;
    }
    try {
      const cli = (...args: string[]) =>
        run(process.execPath, ["--import", "tsx", "scripts/user.ts", ...args], { env, cwd: process.cwd() });
      const email = "cli-audit@example.com";
      await cli("create", email, "--password", "correct-horse-42");
      await cli("set-tier", email, "standard");
      await cli("set-role", email, "admin");
      const database = pgServer ? null : await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
      try {
        const db = pgServer?.services.db ?? database?.db;
        if (!db) throw new Error("no database");
        const { entries } = await listAudit(db, {});
        const mine = entries.filter((e) => e.actor_label === "cli");
        expect(mine.map((e) => [e.action, e.before, e.after, e.actor_id])).toEqual([
          ["user.role_change", { role: "member" }, { role: "admin" }, null],
          ["user.tier_override", { tier: "free" }, { tier: "standard" }, null],
        ]);
      } finally {
        await database?.close();
      }
    } finally {
      await pgServer?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
