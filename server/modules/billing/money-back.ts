import { z } from "zod";
import { DAY_MS } from "../../platform/clock.ts";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { MONEY_BACK_ONCE_PER_DAYS } from "./plans.ts";

/** max() over no rows: null */
const LastRefundRow = z.object({ at: z.string().nullable() });

/**
 * When the member last got a refund within the last MONEY_BACK_ONCE_PER_DAYS (null: none). Every
 * refund of a plan they held counts, however it was recorded: asked for from the dashboard, made by
 * an operator, or made at the provider (a dispute) — otherwise a refund by another door would reset
 * the once-a-year rule (issue 31). Only the return of a payment for a checkout we voided (ADR 0024,
 * `voided_order`) does not count: that money paid for no plan.
 */
export async function lastMoneyBackRefund(db: Db, userId: string, now: Date): Promise<Date | null> {
  const since = new Date(now.getTime() - MONEY_BACK_ONCE_PER_DAYS * DAY_MS);
  const [row] = await queryRows(
    db,
    sql`SELECT max(at) AS at FROM billing_events
         WHERE user_id = ${userId} AND type = 'refunded' AND coalesce(detail->>'how', '') <> 'voided_order'
           AND at > ${since.toISOString()}::timestamptz`,
    LastRefundRow,
  );
  return row?.at ? new Date(row.at) : null;
}

/** The first day the money-back refund is possible again after the one at `lastRefund`. */
export function moneyBackAgainFrom(lastRefund: Date): Date {
  return new Date(lastRefund.getTime() + MONEY_BACK_ONCE_PER_DAYS * DAY_MS);
}
