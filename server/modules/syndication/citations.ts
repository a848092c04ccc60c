import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import type { Env } from "../../platform/env.ts";
import { siteUrl } from "../../platform/site-origin.ts";
import { FACT_KINDS, type FactKind } from "../catalog/index.ts";

/**
 * What an assistant needs to cite a tool: its canonical page on Toolscape, when a fact of it was last
 * verified, and the kind of source of each fact (dataset, maker, community, editor, observed, inferred).
 */
export type Citation = {
  url: string;
  last_verified: string | null;
  provenance: Partial<Record<string, FactKind>>;
};

/** Citations for many tools in one query, keyed by tool id. */
export async function citationsFor(
  db: Db,
  env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">,
  tools: readonly { id: string; slug: string }[],
): Promise<Map<string, Citation>> {
  const out = new Map<string, Citation>();
  if (!tools.length) return out;
  for (const t of tools) out.set(t.id, { url: siteUrl(env, `/tools/${t.slug}`), last_verified: null, provenance: {} });
  const ids = tools.map((t) => t.id);
  const rows = await queryRows(
    db,
    sql`SELECT t.id, t.last_verified_at, f.field, f.kind, f.verified_at
        FROM tools t LEFT JOIN tool_facts f ON f.tool_id = t.id
        WHERE t.id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
    z.object({
      id: z.string(),
      last_verified_at: z.string().nullable(),
      field: z.string().nullable(),
      kind: z.enum(FACT_KINDS).nullable(),
      verified_at: z.string().nullable(),
    }),
  );
  for (const r of rows) {
    const c = out.get(r.id);
    if (!c) continue;
    if (r.field && r.kind) c.provenance[r.field] = r.kind;
    for (const d of [r.last_verified_at, r.verified_at]) {
      if (!d) continue;
      const iso = new Date(d).toISOString();
      if (!c.last_verified || iso > c.last_verified) c.last_verified = iso;
    }
  }
  return out;
}
