import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";

/**
 * What waits for an operator, per admin section (issue 21): the navigation's badges. One query of
 * indexed counts, run per request by the admin layout (a cache would show a count the operator has
 * just cleared).
 */
export type AdminPending = {
  /** submissions waiting for a decision (/admin/moderation) */
  moderation: number;
  /** reviews with open reports (/admin/reviews) */
  reviews: number;
  /** corrections waiting for a decision (/admin/community) */
  corrections: number;
  /** maker edits waiting for a moderator (/admin/makers) */
  makers: number;
  /** open link-check review items (/admin/links) */
  links: number;
  /** facts read from tools' sites, waiting (/admin/suggestions) */
  suggestions: number;
  /** precomputed duplicate pairs not yet judged (/admin/duplicates) */
  duplicates: number;
  /** support tickets waiting for an answer (/admin/support) */
  support: number;
};

const PendingRow = z.object({
  moderation: z.number(),
  reviews: z.number(),
  corrections: z.number(),
  makers: z.number(),
  links: z.number(),
  suggestions: z.number(),
  duplicates: z.number(),
  support: z.number(),
}) satisfies z.ZodType<AdminPending>;

export async function adminPendingCounts(db: Db): Promise<AdminPending> {
  const [r] = await queryRows(
    db,
    sql`SELECT
          (SELECT count(*)::int FROM tool_submissions WHERE status = 'pending') AS moderation,
          (SELECT count(*)::int FROM reviews WHERE open_reports > 0) AS reviews,
          (SELECT count(*)::int FROM corrections WHERE status = 'open') AS corrections,
          (SELECT count(*)::int FROM maker_edits WHERE status = 'pending') AS makers,
          (SELECT count(*)::int FROM link_review_items WHERE status = 'open') AS links,
          (SELECT count(*)::int FROM tool_suggestions WHERE status = 'open') AS suggestions,
          (SELECT count(*)::int FROM tool_duplicate_candidates d
             WHERE NOT EXISTS (SELECT 1 FROM tool_duplicate_dismissals x WHERE x.tool_a = d.tool_a AND x.tool_b = d.tool_b)) AS duplicates,
          (SELECT count(*)::int FROM support_tickets WHERE status = 'open') AS support`,
    PendingRow,
  );
  const n = (v: unknown) => Number(v ?? 0);
  return {
    moderation: n(r?.moderation),
    reviews: n(r?.reviews),
    corrections: n(r?.corrections),
    makers: n(r?.makers),
    links: n(r?.links),
    suggestions: n(r?.suggestions),
    duplicates: n(r?.duplicates),
    support: n(r?.support),
  };
}
