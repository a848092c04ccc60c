import { desc, eq } from "drizzle-orm";
import { type Db, sql } from "../../platform/db/index.ts";
import { tools } from "../catalog/tables.ts";
import type { ActivePoll } from "./list-active-polls.ts";
import { countsFor, pollColumns, questionOf } from "./poll-rows.ts";
import { polls } from "./tables.ts";

// Admin: every poll, active first, with its counts (create-poll.ts and set-poll-status.ts attach, close
// and reopen them, audited).
export type AdminPoll = ActivePoll & { createdAt: string };

export async function listPollsForAdmin(db: Db, max = 200): Promise<AdminPoll[]> {
  const rows = await db
    .select({ ...pollColumns, tool_name: tools.name, tool_slug: tools.slug, created_at: polls.createdAt })
    .from(polls)
    .innerJoin(tools, eq(tools.id, polls.toolId))
    .orderBy(sql`(${polls.status} = 'active') DESC`, desc(polls.createdAt))
    .limit(max);
  const out: AdminPoll[] = [];
  for (const row of rows) {
    out.push({
      ...(await countsFor(db, questionOf(row))),
      tool: { name: row.tool_name, slug: row.tool_slug },
      createdAt: row.created_at.toISOString(),
    });
  }
  return out;
}
