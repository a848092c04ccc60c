import { type Db, sql } from "../../platform/db/index.ts";
import { testPaymentMethods } from "./tables.ts";

/** Test provider: make a member's saved method fail (or succeed again) on the next renewal. */
export async function setTestPaymentMethodFails(db: Db, userId: string, fails: boolean): Promise<void> {
  await db
    .insert(testPaymentMethods)
    .values({ userId, fails })
    .onConflictDoUpdate({ target: testPaymentMethods.userId, set: { fails: sql`excluded.fails` } });
}
