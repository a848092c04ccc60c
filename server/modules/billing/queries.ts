import { and, desc, sql as dsql, eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { users } from "../accounts/tables.ts";
import { creditLedger, paymentOrders, subscriptions } from "./tables.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type OrderRow = typeof paymentOrders.$inferSelect;

/** The member's live subscription (active or past due), if any: at most one (a unique index). */
export async function liveSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ["active", "past_due"])))
    .limit(1);
  return row ?? null;
}

export async function latestSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

export async function creditBalance(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: dsql<string | number>`coalesce(sum(${creditLedger.amountCents}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Math.max(0, Number(row?.balance ?? 0));
}

export async function orderById(db: Db, id: string): Promise<OrderRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id)).limit(1);
  return row ?? null;
}

export async function userContact(db: Db, userId: string): Promise<{ id: string; email: string; name: string } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
