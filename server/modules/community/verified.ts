import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { publicMemberName } from "../../platform/public-name.ts";
import { countActivePolls, countReviews } from "./review-stats.ts";

// Row schema (issue 19): what the driver gives; timestamps come back as PostgreSQL's text.
const VerifiedRow = z.object({
  tool_id: z.string(),
  slug: z.string(),
  name: z.string(),
  verified_by: z.string(),
  source: z.enum(["correction", "maker"]),
  label: z.string(),
  url: z.string().nullable(),
  correction_id: z.string().nullable(),
  at: z.string().nullable(),
  total: z.number(),
});

/**
 * Community-verified tools (spec §3 Verified tool: name, verifiedBy, proof): tools whose facts a
 * verified correction confirmed, or whose maker (founder or employee, per their approved
 * submission) listed them. The newest confirmation per tool is shown; display names only.
 */
export type VerifiedTool = {
  toolId: string;
  slug: string;
  name: string;
  verifiedBy: string;
  /** 'correction' | 'maker' */
  source: "correction" | "maker";
  proof: { label: string; url: string | null; correctionId: string | null };
  verifiedAt: string;
};

export async function listCommunityVerified(
  db: Db,
  options: { limit: number; offset: number },
): Promise<{ verifiedTools: VerifiedTool[]; total: number }> {
  const rows = await queryRows(
    db,
    sql`WITH proofs AS (
          SELECT k.tool_id, ${publicMemberName("u")} AS verified_by, 'correction' AS source,
                 'Verified correction of the ' || replace(k.field, '_', ' ') AS label,
                 k.evidence_url AS url, k.id AS correction_id, k.decided_at AS at
          FROM corrections k JOIN users u ON u.id = k.user_id
          WHERE k.status = 'verified' AND u.suspended_at IS NULL
          UNION ALL
          SELECT s.tool_id, ${publicMemberName("u")}, 'maker', 'Listed by its ' || s.maker_relation::text, s.url, NULL::uuid, s.decided_at
          FROM tool_submissions s JOIN users u ON u.id = s.user_id
          WHERE s.status = 'approved' AND s.tool_id IS NOT NULL AND s.maker_relation IN ('founder', 'employee')
            AND u.suspended_at IS NULL
        ), latest AS (
          SELECT DISTINCT ON (tool_id) * FROM proofs ORDER BY tool_id, at DESC NULLS LAST
        )
        SELECT l.tool_id, t.slug, t.name, l.verified_by, l.source, l.label, l.url, l.correction_id, l.at,
               count(*) OVER ()::int AS total
        FROM latest l JOIN tools t ON t.id = l.tool_id AND t.status = 'active'
        ORDER BY l.at DESC NULLS LAST, t.name LIMIT ${options.limit} OFFSET ${options.offset}`,
    VerifiedRow,
  );
  return {
    verifiedTools: rows.map((r) => ({
      toolId: r.tool_id,
      slug: r.slug,
      name: r.name,
      verifiedBy: r.verified_by,
      source: r.source,
      proof: { label: r.label, url: r.url, correctionId: r.correction_id },
      verifiedAt: new Date(r.at ?? 0).toISOString(),
    })),
    total: rows[0]?.total ?? 0,
  };
}

/** /community's figures, all from the database; reviews counted as of `now` (the service clock). */
export async function communityFigures(
  db: Db,
  now: Date,
): Promise<{ members: number; reviews: number; corrections: number; verifiedCorrections: number; polls: number }> {
  const [row] = await queryRows(
    db,
    sql`SELECT (SELECT count(*)::int FROM users WHERE suspended_at IS NULL) AS members,
               (SELECT count(*)::int FROM corrections) AS corrections,
               (SELECT count(*)::int FROM corrections WHERE status = 'verified') AS verified`,
    z.object({ members: z.number(), corrections: z.number(), verified: z.number() }),
  );
  const [reviews, polls] = await Promise.all([countReviews(db, now), countActivePolls(db)]);
  return {
    members: row?.members ?? 0,
    reviews,
    corrections: row?.corrections ?? 0,
    verifiedCorrections: row?.verified ?? 0,
    polls,
  };
}
