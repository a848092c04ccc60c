import { type SQL, sql } from "drizzle-orm";

/**
 * The name a member is shown by in public (issue 36 item 5): their display name, or "Member #n" when
 * the stored name would say nothing or leak their address — empty, an address itself, the address's
 * local part (what some sign-up paths and the operator CLI once filled in), or the placeholder
 * "Member". n is a stable number from the member's id, never from the address. Every public query
 * (community leaderboard, reviews, top lists, verified-by lines, profiles) reads names through this.
 */
export function publicMemberName(alias: string): SQL {
  const u = sql.raw(alias);
  return sql`(CASE WHEN btrim(coalesce(${u}.name, '')) = ''
                     OR position('@' in ${u}.name) > 0
                     OR lower(btrim(${u}.name)) = lower(split_part(${u}.email, '@', 1))
                     OR lower(btrim(${u}.name)) = 'member'
                   THEN 'Member #' || (abs(hashtext(${u}.id)) % 900000 + 100000)::text
                   ELSE ${u}.name END)`;
}
