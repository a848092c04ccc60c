import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { QUALITY_RULE_LABELS, QUALITY_RULES, type QualityAction, type QualityRule } from "./quality-rules.ts";

/* The editors' side: the open and decided proposals. */

export type QualityFlag = {
  id: number;
  rule: QualityRule;
  /** the rule in an editor's words ("Not about AI: nothing in the listing says it uses AI") */
  ruleLabel: string;
  action: QualityAction;
  reasons: string[];
  proposed: string | null;
  status: "open" | "confirmed" | "dismissed";
  createdAt: string;
  tool: { id: string; slug: string; name: string; description: string; websiteUrl: string; status: string };
};

const FlagRow = z.object({
  id: z.number(),
  rule: z.enum(QUALITY_RULES),
  action: z.enum(["retire", "rename", "describe"]),
  reasons: z.array(z.string()),
  proposed: z.string().nullable(),
  status: z.enum(["open", "confirmed", "dismissed"]),
  created_at: z.union([z.string(), z.date()]),
  tool_id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  website_url: z.string(),
  tool_status: z.string(),
});

export const QualityFlagsQuery = z.object({
  status: z
    .enum(["open", "confirmed", "dismissed"], { message: "status must be open, confirmed or dismissed" })
    .optional(),
  action: z.enum(["retire", "rename", "describe"], { message: "action must be retire, rename or describe" }).optional(),
  limit: z
    .string()
    .regex(/^\d+$/, "limit must be a whole number")
    .transform(Number)
    .refine((n) => n >= 1 && n <= 500, "limit must be between 1 and 500")
    // The document states the rule the refinement checks: 1 to 500, as digits.
    .meta({ type: "string", pattern: "^(?:[1-9]\\d{0,1}|[1-4]\\d{2}|500)$", description: "1 to 500" })
    .optional(),
});

export async function listQualityFlags(db: Db, q: z.output<typeof QualityFlagsQuery> = {}): Promise<QualityFlag[]> {
  const rows = await queryRows(
    db,
    sql`SELECT f.id, f.rule, f.action, f.reasons, f.proposed, f.status, f.created_at,
               t.id::text AS tool_id, t.slug, t.name, t.description, t.website_url, t.status::text AS tool_status
        FROM tool_quality_flags f JOIN tools t ON t.id = f.tool_id
        WHERE f.status = ${q.status ?? "open"} ${q.action ? sql`AND f.action = ${q.action}` : sql``}
        ORDER BY CASE f.action WHEN 'retire' THEN 0 WHEN 'rename' THEN 1 ELSE 2 END, f.id
        LIMIT ${q.limit ?? 100}`,
    FlagRow,
  );
  return rows.map((r) => ({
    id: r.id,
    rule: r.rule,
    ruleLabel: QUALITY_RULE_LABELS[r.rule],
    action: r.action,
    reasons: r.reasons,
    proposed: r.proposed,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    tool: {
      id: r.tool_id,
      slug: r.slug,
      name: r.name,
      description: r.description,
      websiteUrl: r.website_url,
      status: r.tool_status,
    },
  }));
}
