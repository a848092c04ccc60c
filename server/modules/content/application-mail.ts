import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { iso } from "./beta-rows.ts";

const ApplicationMailRow = z.object({
  email: z.string(),
  user_name: z.string(),
  tool: z.string(),
  provider: z.string(),
  starts_at: z.string(),
  duration_weeks: z.number(),
});

/** The acknowledgement e-mail's content (the job in jobs.ts sends it). */
export async function applicationMail(
  db: Db,
  applicationId: string,
  origin: string,
  now: Date,
): Promise<{ to: string; subject: string; text: string } | null> {
  const [row] = await queryRows(
    db,
    sql`SELECT u.email, u.name AS user_name, t.name AS tool, b.provider, b.starts_at, b.duration_weeks
        FROM beta_applications a JOIN users u ON u.id = a.user_id JOIN beta_programs b ON b.id = a.program_id
        JOIN tools t ON t.id = b.tool_id WHERE a.id = ${applicationId}::uuid`,
    ApplicationMailRow,
  );
  if (!row) return null;
  const start = iso(row.starts_at).slice(0, 10);
  return {
    to: row.email,
    subject: `Your application to the ${row.tool} beta is in`,
    text: [
      `Hello ${row.user_name},`,
      "",
      `Thank you for applying to the ${row.tool} beta program by ${row.provider}. Your spot is reserved.`,
      `${new Date(row.starts_at) <= now ? `The program started on ${start}` : `The program starts on ${start}`} and runs for ${row.duration_weeks} ${row.duration_weeks === 1 ? "week" : "weeks"}. The provider will contact you with access details.`,
      "",
      `Your applications: ${origin}/dashboard/community`,
      "",
      "— The Toolscape team",
    ].join("\n"),
  };
}
