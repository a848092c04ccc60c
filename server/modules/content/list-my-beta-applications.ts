import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { iso } from "./beta-rows.ts";

const MyApplicationRow = z.object({
  id: z.string(),
  program_id: z.string(),
  name: z.string(),
  slug: z.string(),
  provider: z.string(),
  starts_at: z.string(),
  duration_weeks: z.number(),
  created_at: z.string(),
});

export type MyBetaApplication = {
  id: string;
  programId: string;
  toolName: string;
  toolSlug: string;
  provider: string;
  startsAt: string;
  durationWeeks: number;
  appliedAt: string;
};

/** The member's applications for the dashboard, newest first. */
export async function listMyBetaApplications(db: Db, userId: string): Promise<MyBetaApplication[]> {
  const rows = await queryRows(
    db,
    sql`SELECT a.id, a.program_id, t.name, t.slug, b.provider, b.starts_at, b.duration_weeks, a.created_at
        FROM beta_applications a JOIN beta_programs b ON b.id = a.program_id JOIN tools t ON t.id = b.tool_id
        WHERE a.user_id = ${userId} ORDER BY a.created_at DESC LIMIT 100`,
    MyApplicationRow,
  );
  return rows.map((r) => ({
    id: r.id,
    programId: r.program_id,
    toolName: r.name,
    toolSlug: r.slug,
    provider: r.provider,
    startsAt: iso(r.starts_at),
    durationWeeks: Number(r.duration_weeks),
    appliedAt: iso(r.created_at),
  }));
}
