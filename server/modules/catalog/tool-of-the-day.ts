import { sql } from "drizzle-orm";
import { z } from "zod";
import { utcDay } from "../../platform/clock.ts";
import { type Db, queryRows } from "../../platform/db/index.ts";
import type { ToolDetail } from "./tool-shapes.ts";
import { getTool } from "./tools.ts";

/**
 * One tool a day, the same for everyone all (UTC) day, never repeated within 30 days. The choice is
 * stored, so every app instance and every restart agrees; the first request of the day makes it.
 * The pick is deterministic (a hash of the day and the tool id) among tools with a real description.
 */
export const NO_REPEAT_DAYS = 30;

const ChosenRow = z.object({ tool_id: z.string() });
const CountRow = z.object({ n: z.number() });

export type ToolOfTheDay = ToolDetail & { whyToday: string; challenge: string; day: string };

export async function getToolOfTheDay(db: Db, now: Date): Promise<ToolOfTheDay | null> {
  const day = utcDay(now);
  let [chosen] = await queryRows(db, sql`SELECT tool_id FROM tool_of_the_day WHERE day = ${day}::date`, ChosenRow);
  if (!chosen) {
    await db.execute(sql`
      INSERT INTO tool_of_the_day (day, tool_id)
      SELECT ${day}::date, t.id FROM tools t
      WHERE t.status = 'active' AND t.tier = 'free' AND length(t.description) >= 40
        AND t.id NOT IN (
          SELECT tool_id FROM tool_of_the_day
          WHERE day > ${day}::date - ${NO_REPEAT_DAYS}::int AND day < ${day}::date + ${NO_REPEAT_DAYS}::int)
      ORDER BY t.is_featured DESC, md5(${day} || t.id::text)
      LIMIT 1
      ON CONFLICT (day) DO NOTHING`);
    [chosen] = await queryRows(db, sql`SELECT tool_id FROM tool_of_the_day WHERE day = ${day}::date`, ChosenRow);
  }
  if (!chosen) return null;
  const tool = await getTool(db, chosen.tool_id);
  if (!tool) return null;
  const [peers] = await queryRows(
    db,
    sql`SELECT count(*)::int AS n FROM tools WHERE category_id = ${tool.category_id} AND status = 'active'`,
    CountRow,
  );
  return { ...tool, day, ...explain(tool, peers?.n ?? 0) };
}

/** The two notes are composed from the tool's own catalogue data; nothing is made up. */
function explain(tool: ToolDetail, categorySize: number): { whyToday: string; challenge: string } {
  const feature = tool.features[0];
  const why = [
    `Today's pick from ${categorySize.toLocaleString("en-US")} ${tool.category} tools.`,
    feature
      ? `Stand-out feature: ${feature}.`
      : tool.tags.length
        ? `Known for: ${tool.tags.slice(0, 3).join(", ")}.`
        : "",
  ]
    .filter(Boolean)
    .join(" ");
  const useCase = tool.use_cases[0];
  const challenge = useCase
    ? `Try ${tool.name} for one real task today: ${useCase.replace(/\.$/, "")}.`
    : `Give ${tool.name} one real task from your week and compare it with the tool you use now.`;
  return { whyToday: why, challenge };
}
