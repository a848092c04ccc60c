import { and, eq, gt } from "drizzle-orm";
import { z } from "zod";
import { type Db, isUniqueViolation, queryRows, sql } from "../../platform/db/index.ts";
import type { Jobs } from "../../platform/jobs/index.ts";
import { domainKey } from "./normalize.ts";
import { tools } from "./tables.ts";

/**
 * Issue 31: the de-duplication key's domain half moved from "the last two labels" to the Public Suffix
 * List (normalize.ts registrableDomain), which only splits hosts the old rule lumped together
 * (filmforge.uwu.ai and vlog2blog.uwu.ai were both "uwu.ai"; 8 of the 2,658 seeded rows). SQL cannot
 * read the list, so existing rows are re-keyed once by this job, enqueued at boot on a catalogue that
 * never ran it. A row whose new key another row already holds keeps its old one (reported).
 */
export const DOMAIN_REKEY_JOB = "catalog.domain-keys.psl";

export async function rekeyDomains(db: Db): Promise<{ changed: number; kept: string[] }> {
  let changed = 0;
  const kept: string[] = [];
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const rows = await db
      .select({ id: tools.id, slug: tools.slug, websiteUrl: tools.websiteUrl, domainKey: tools.domainKey })
      .from(tools)
      .where(gt(tools.id, after))
      .orderBy(tools.id)
      .limit(1000);
    if (!rows.length) break;
    after = rows.at(-1)?.id ?? after;
    for (const r of rows) {
      const next = domainKey(r.websiteUrl);
      if (!next || next === r.domainKey) continue;
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(tools)
            .set({ domainKey: next })
            .where(and(eq(tools.id, r.id), eq(tools.domainKey, r.domainKey)));
        });
        changed++;
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        kept.push(r.slug);
      }
    }
  }
  return { changed, kept };
}

/**
 * Whether this database has tools but a catalogue job of `type` was never run or queued on it: a
 * catalogue seeded by another process (a restored dump, the tests' snapshot) that a boot's "seeded now"
 * does not see. Used for one-time jobs (the re-keying here, the bundled logos).
 */
export async function catalogJobOwed(db: Db, type: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`SELECT 1 AS one WHERE EXISTS (SELECT 1 FROM tools) AND NOT EXISTS (SELECT 1 FROM jobs WHERE type = ${type})`,
    z.object({ one: z.number() }),
  );
  return rows.length > 0;
}

export function registerDomainRekeyJob(deps: { db: Db; jobs: Jobs }): void {
  deps.jobs.register(DOMAIN_REKEY_JOB, async () => {
    await rekeyDomains(deps.db);
  });
}
