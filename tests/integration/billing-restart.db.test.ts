// engine: both — an order in flight survives a server restart on the engine's own storage.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testProviderDecision } from "../../server/modules/billing/index.ts";
import { createTestClock } from "../../server/platform/clock.ts";
import { type Database, openDatabase, queryRows, sql } from "../../server/platform/db/index.ts";
import { loadEnv } from "../../server/platform/env.ts";
import { createLogger } from "../../server/platform/logger.ts";
import { startServer } from "../../server/process/server.ts";
import { createMember } from "../helpers/accounts.ts";
import { startCheckout } from "../helpers/billing.ts";
import { createTestDatabase } from "../helpers/db.ts";
import type { TestServer } from "../helpers/server.ts";

/**
 * The test provider's approval, then the process stops before its signed callback is delivered:
 * the next process on the same database delivers it (a durable job) and the member is Standard.
 */
describe("test provider across a restart", () => {
  it("the signed callback enqueued by one server is applied by the next", async () => {
    const clock = createTestClock("2026-07-01T00:00:00Z");
    const logger = createLogger("silent");
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "toolscape-billing-"));
    const env = loadEnv({ PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", DATA_DIR: dataDir, JOBS_ENABLED: "0" });
    const first = await createTestDatabase();
    let second: Database | null = null;
    try {
      const one = await startServer({ env, logger, database: first, clock });
      const asTest = one as unknown as TestServer;
      const member = await createMember(asTest);
      const checkout = await startCheckout(asTest, member, "standard");
      await testProviderDecision(one.services, checkout.providerOrderId, "approve", member.id);
      const [before] = await queryRows<{ tier: string }>(
        first.db,
        sql`SELECT tier::text AS tier FROM user_profiles WHERE user_id = ${member.id}`,
      );
      expect(before?.tier).toBe("free");
      await one.close();
      if (first.engine === "pglite") {
        const client = (first.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
        second = await openDatabase({ pgliteData: await client.dumpDataDir("none") });
      } else {
        const url = (first.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
          .connectionString;
        second = await openDatabase({ url, poolSize: 2 });
      }
      const two = await startServer({ env, logger, database: second, clock });
      const run = await two.services.jobs.runDue();
      expect(run.failed).toBe(0);
      const [profile] = await queryRows<{ tier: string }>(
        second.db,
        sql`SELECT tier::text AS tier FROM user_profiles WHERE user_id = ${member.id}`,
      );
      expect(profile?.tier).toBe("standard");
      const [paid] = await queryRows<{ n: number }>(
        second.db,
        sql`SELECT count(*)::int AS n FROM payments WHERE user_id = ${member.id}`,
      );
      expect(paid?.n).toBe(1);
      await two.close();
    } finally {
      await second?.close();
      await first.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
