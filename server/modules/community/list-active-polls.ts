import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { tools } from "../catalog/tables.ts";
import { countsFor, type Poll, pollColumns, questionOf } from "./poll-rows.ts";
import { polls } from "./tables.ts";

export type ActivePoll = Poll & { tool: { name: string; slug: string } };

/** Active polls of published tools with their counts, newest first (/polls). */
export async function listActivePolls(db: Db, max = 50): Promise<ActivePoll[]> {
  const rows = await db
    .select({ ...pollColumns, tool_name: tools.name, tool_slug: tools.slug })
    .from(polls)
    .innerJoin(tools, eq(tools.id, polls.toolId))
    .where(and(eq(polls.status, "active"), eq(tools.status, "active")))
    .orderBy(desc(polls.createdAt))
    .limit(max);
  const out: ActivePoll[] = [];
  for (const row of rows) {
    out.push({ ...(await countsFor(db, questionOf(row))), tool: { name: row.tool_name, slug: row.tool_slug } });
  }
  return out;
}
