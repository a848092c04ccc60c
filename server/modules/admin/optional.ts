import { type Db, queryRows, sql } from "../../platform/db/index.ts";

/**
 * Tables other work adds (billing's subscriptions and payments, moderation's tool_submissions).
 * Until they exist here their figures are 0, never invented; once merged the same code reads them.
 * TODO(lead, after the issue 9/10 merges): drop these checks when every table is in main.
 */
export type OptionalTables = { subscriptions: boolean; payments: boolean; submissions: boolean };

export async function optionalTables(db: Db): Promise<OptionalTables> {
  const [row] = await queryRows<OptionalTables>(
    db,
    sql`SELECT to_regclass('public.subscriptions') IS NOT NULL AS subscriptions,
               to_regclass('public.payments') IS NOT NULL AS payments,
               to_regclass('public.tool_submissions') IS NOT NULL AS submissions`,
  );
  return row ?? { subscriptions: false, payments: false, submissions: false };
}
