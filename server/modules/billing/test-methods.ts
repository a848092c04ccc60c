import { type Db, sql } from "../../platform/db/index.ts";

/** Test provider: make a member's saved method fail (or succeed again) on the next renewal. */
export async function setTestPaymentMethodFails(db: Db, userId: string, fails: boolean): Promise<void> {
  await db.execute(
    sql`INSERT INTO test_payment_methods (user_id, fails) VALUES (${userId}, ${fails})
        ON CONFLICT (user_id) DO UPDATE SET fails = EXCLUDED.fails`,
  );
}
