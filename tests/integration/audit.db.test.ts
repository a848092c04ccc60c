import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseUserCommand, runUserCommand } from "../../scripts/user-command.ts";
import { type AuditRecord, listAudit } from "../../server/platform/audit.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

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
  // The commands run in-process on a test database (scripts/user.ts only parses argv and opens the
  // configured database around runUserCommand).
  it("npm run user -- set-tier / set-role leave audit rows with the actor 'cli'", async () => {
    const server = await startTestServer();
    try {
      const out: string[] = [];
      const cli = async (...args: string[]) => {
        const cmd = parseUserCommand(args);
        if ("error" in cmd) throw new Error(cmd.error);
        const code = await runUserCommand(server.services.db, cmd, {
          env: server.services.env,
          logger: server.services.logger,
          out: (line) => out.push(line),
          err: (line) => out.push(`error: ${line}`),
        });
        expect(code, out.join("\n")).toBe(0);
      };
      const email = "cli-audit@example.com";
      await cli("create", email, "--password", "correct-horse-42");
      await cli("set-tier", email, "standard");
      await cli("set-role", email, "admin");
      expect(out[0]).toMatch(/^Created member cli-audit@example.com/);
      expect(out.slice(1)).toEqual([`${email}: tier standard, role member.`, `${email}: tier standard, role admin.`]);
      const { entries } = await listAudit(server.services.db, {});
      const mine = entries.filter((e) => e.actor_label === "cli");
      expect(mine.map((e) => [e.action, e.before, e.after, e.actor_id])).toEqual([
        ["user.role_change", { role: "member" }, { role: "admin" }, null],
        ["user.tier_override", { tier: "free" }, { tier: "standard" }, null],
      ]);
    } finally {
      await server.close();
    }
  });

  it("a wrong command line is refused with the reason", () => {
    expect(parseUserCommand(["set-tier", "a@example.com", "gold"])).toEqual({
      error: "The tier must be free, standard or expert",
    });
    expect(parseUserCommand(["set-role", "a@example.com", "owner"])).toEqual({
      error: "The role must be member or admin",
    });
    expect(parseUserCommand(["drop", "a@example.com"])).toEqual({ error: "Missing or unknown command" });
    expect(parseUserCommand(["create", "a@example.com", "--name"])).toEqual({ error: "--name needs a value" });
  });
});
