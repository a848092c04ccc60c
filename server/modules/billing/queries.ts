import { and, desc, sql as dsql, eq, inArray } from "drizzle-orm";
import { type Db, schema } from "../../platform/db/index.ts";

export type SubscriptionRow = typeof schema.subscriptions.$inferSelect;
export type OrderRow = typeof schema.paymentOrders.$inferSelect;

/** The member's live subscription (active or past due), if any: at most one (a unique index). */
export async function liveSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(schema.subscriptions)
    .where(and(eq(schema.subscriptions.userId, userId), inArray(schema.subscriptions.status, ["active", "past_due"])))
    .limit(1);
  return row ?? null;
}

export async function latestSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(schema.subscriptions)
    .where(eq(schema.subscriptions.userId, userId))
    .orderBy(desc(schema.subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

export async function creditBalance(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: dsql<string | number>`coalesce(sum(${schema.creditLedger.amountCents}), 0)` })
    .from(schema.creditLedger)
    .where(eq(schema.creditLedger.userId, userId));
  return Math.max(0, Number(row?.balance ?? 0));
}

export async function orderById(db: Db, id: string): Promise<OrderRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.select().from(schema.paymentOrders).where(eq(schema.paymentOrders.id, id)).limit(1);
  return row ?? null;
}

export async function userContact(db: Db, userId: string): Promise<{ id: string; email: string; name: string } | null> {
  const [row] = await db
    .select({ id: schema.users.id, email: schema.users.email, name: schema.users.name })
    .from(schema.users)
    .where(eq(schema.users.id, userId))
    .limit(1);
  return row ?? null;
}
