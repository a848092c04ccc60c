import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { isFreeMailDomain } from "./free-mail-domains.ts";

export const CONFLICT_MESSAGES = {
  maker: "You are a verified maker of this tool, so you cannot review it. You can reply to its reviews instead.",
  staff:
    "Your e-mail address is at this tool's own domain, so you cannot review it. You can claim the listing and reply to reviews instead.",
} as const;

const ConflictRow = z.object({
  maker: z.boolean(),
  email_domain: z.string(),
  company_domains: z.array(z.string()),
  domain_key: z.string(),
});

/**
 * Issue 35 (ADR 0069): the people behind a tool do not rate it. A verified maker of the tool, or a
 * member whose account or confirmed company e-mail is at the tool's own domain (its staff), is
 * refused with a 403 that says why. A free-mail domain never counts as a tool's staff.
 */
export async function assertMayReview(db: Db, userId: string, toolId: string): Promise<void> {
  const [row] = await queryRows(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM maker_claims m WHERE m.tool_id = t.id AND m.user_id = u.id AND m.status = 'verified') AS maker,
               lower(split_part(u.email, '@', 2)) AS email_domain, t.domain_key,
               coalesce((SELECT array_agg(lower(c.domain)) FROM company_email_verifications c
                          WHERE c.user_id = u.id AND c.confirmed_at IS NOT NULL), ARRAY[]::text[]) AS company_domains
          FROM users u, tools t WHERE u.id = ${userId} AND t.id = ${toolId}::uuid`,
    ConflictRow,
  );
  if (!row) return;
  if (row.maker) throw new AppError("forbidden", CONFLICT_MESSAGES.maker);
  const tool = row.domain_key.toLowerCase();
  if (isFreeMailDomain(tool)) return;
  if (row.email_domain === tool || row.company_domains.includes(tool))
    throw new AppError("forbidden", CONFLICT_MESSAGES.staff);
}
